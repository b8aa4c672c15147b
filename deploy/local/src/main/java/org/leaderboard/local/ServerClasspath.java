package org.leaderboard.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Locates the Cassandra server's jars, which the {@code deploy/cassandra-server} module copies from
 * Maven Central into its {@code target/lib}: from {@code -Dcassandra.lib.dir}, the {@code
 * CASSANDRA_LIB_DIR} variable, or by walking up from the working directory to the project root.
 */
final class ServerClasspath {

    static final String RELATIVE = "deploy/cassandra-server/target/lib";

    private ServerClasspath() {}

    static Path libDirectory() {
        return Optional.ofNullable(System.getProperty("cassandra.lib.dir"))
                .or(() -> Optional.ofNullable(System.getenv("CASSANDRA_LIB_DIR")))
                .map(Path::of)
                .filter(ServerClasspath::hasServerJar)
                .or(ServerClasspath::searchUpwards)
                .orElseThrow(
                        () ->
                                new IllegalStateException(
                                        "Cassandra's jars are not in "
                                                + RELATIVE
                                                + ": build once with ./mvnw -B install -DskipTests"));
    }

    private static Optional<Path> searchUpwards() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(RELATIVE);
            if (hasServerJar(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static boolean hasServerJar(Path lib) {
        try (var files = Files.list(lib)) {
            return files.anyMatch(f -> f.getFileName().toString().startsWith("cassandra-all-"));
        } catch (Exception e) {
            return false;
        }
    }
}
