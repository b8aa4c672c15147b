package org.leaderboard.testsupport;

import java.util.Arrays;
import java.util.List;

/**
 * JVM options for the service processes the system and fault tests start. By default {@code
 * -XX:TieredStopAtLevel=1} (the quick client compiler only): a writer or query service then takes
 * about 16 s of CPU to become healthy instead of about 26 s (measured side by side in the
 * end-to-end test), and those tests start dozens of them on two cores. The tests check behaviour,
 * never speed; the benchmarks start the services with the JVM's defaults. {@code
 * -Dservices.jvm-options="..."} replaces the default (an empty value runs the default JIT).
 */
public final class ServiceJvm {

    private static final String DEFAULT = "-XX:TieredStopAtLevel=1";

    private ServiceJvm() {}

    public static List<String> options() {
        return Arrays.stream(System.getProperty("services.jvm-options", DEFAULT).split(" "))
                .filter(option -> !option.isBlank())
                .toList();
    }
}
