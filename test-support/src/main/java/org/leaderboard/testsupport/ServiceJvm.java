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
        return split(System.getProperty("services.jvm-options", DEFAULT));
    }

    /**
     * The same for the Cassandra nodes the tests start, after Cassandra's own options: by default
     * the quick compiler only too. Cassandra's optimising compiler works hardest while a node
     * starts, which the fault tests' nodes do beside two others and the services on two cores: a
     * node killed under load and restarted opened its port after 46 s instead of 75 s, and the
     * node-loss test took 159 s instead of 236 s (one run each, side by side). The tests' load is
     * light (100 votes/s in the fault tests); the benchmarks start Cassandra with the JVM's
     * defaults. {@code -Dtest-cassandra.jvm-options="..."} replaces the default (an empty value
     * runs the default JIT).
     */
    public static List<String> cassandraOptions() {
        return split(System.getProperty("test-cassandra.jvm-options", DEFAULT));
    }

    private static List<String> split(String options) {
        return Arrays.stream(options.split(" ")).filter(option -> !option.isBlank()).toList();
    }
}
