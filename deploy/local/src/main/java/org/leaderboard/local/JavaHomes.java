package org.leaderboard.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds a Java 17 to run Cassandra with: Cassandra 5.0 refuses newer JDKs at start ("Setting a
 * system-wide Policy object is not supported"), so the launcher may run on another JDK than the
 * node.
 */
final class JavaHomes {

    private JavaHomes() {}

    static Path java17() {
        return fromEnvironment("CASSANDRA_JAVA_HOME")
                .or(JavaHomes::current)
                .or(JavaHomes::installed)
                .orElseThrow(
                        () ->
                                new IllegalStateException(
                                        "Cassandra 5.0 needs Java 17: install it (apt-get install"
                                                + " openjdk-17-jdk-headless) or set CASSANDRA_JAVA_HOME"));
    }

    private static Optional<Path> fromEnvironment(String variable) {
        return Optional.ofNullable(System.getenv(variable))
                .map(Path::of)
                .filter(JavaHomes::hasJava);
    }

    private static Optional<Path> current() {
        return "17".equals(System.getProperty("java.specification.version"))
                ? Optional.of(Path.of(System.getProperty("java.home")))
                : Optional.empty();
    }

    private static Optional<Path> installed() {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (Stream<Path> homes = Files.list(jvms)) {
            return homes.filter(p -> p.getFileName().toString().contains("17"))
                    .filter(JavaHomes::hasJava)
                    .sorted()
                    .findFirst();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean hasJava(Path home) {
        return Files.isExecutable(home.resolve("bin/java"));
    }

    static Path javaExecutable(Path home) {
        return home.resolve("bin/java");
    }
}
