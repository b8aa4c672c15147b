package org.leaderboard.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * Class data sharing (CDS) for a JVM this project starts: the classes a Cassandra node or a service
 * loaded the first time it ran, parsed and verified once and mapped from a file by every later
 * start. On two cores a Cassandra node then opens its CQL port in about 5.4 s instead of 7.2 s, and
 * a writer service starts in about 5 s instead of 11 s (the same machine, idle).
 *
 * <p>The first start on a machine finds no archive and trains one ({@code
 * -XX:ArchiveClassesAtExit}, into a file of its own); once that JVM has ended by itself (SIGTERM or
 * its own exit, not SIGKILL) the file becomes the archive, and every later start maps it ({@code
 * -XX:SharedArchiveFile}). The archive's name holds a fingerprint of the Java runtime and the class
 * path, so a rebuilt jar or another JDK trains a new one instead of being refused by the JVM. A JVM
 * that cannot use an archive says so in its log and starts without it. {@code
 * -Dleaderboard.class-data-sharing=false} turns it off.
 */
public final class StartupArchive {

    /** The option that starts a flight recording (JFR) with the JVM. */
    private static final String FLIGHT_RECORDING = "-XX:StartFlightRecording";

    private final Path archive;
    private final Path training;

    private StartupArchive(Path archive, Path training) {
        this.archive = archive;
        this.training = training;
    }

    /** Whether the JVMs this project starts share their classes (on unless turned off). */
    public static boolean enabled() {
        return !"false".equals(System.getProperty("leaderboard.class-data-sharing"));
    }

    /**
     * The archive named {@code name} in {@code directory}, for a JVM from {@code javaHome} whose
     * class path is {@code classpath} (jars, in order).
     */
    public static StartupArchive in(
            Path directory, String name, Path javaHome, List<Path> classpath) {
        String key = fingerprint(javaHome, classpath);
        Path archive = directory.resolve(name + "-" + key + ".jsa");
        Path training =
                Files.isRegularFile(archive)
                        ? null
                        : directory.resolve(
                                name + "-" + key + "-" + UUID.randomUUID() + ".training");
        return new StartupArchive(archive, training);
    }

    /** Turned off: no options, nothing to keep. */
    public static StartupArchive none() {
        return new StartupArchive(null, null);
    }

    /** The JVM options: map the archive, or train it at exit. */
    public List<String> jvmOptions() {
        if (archive == null) {
            return List.of();
        }
        if (training == null) {
            return List.of("-XX:SharedArchiveFile=" + archive);
        }
        // The classes it cannot keep (generated, or older class files) are warned of one by one.
        return List.of("-XX:ArchiveClassesAtExit=" + training, "-Xlog:cds*=error");
    }

    /**
     * The JVM options for a start with {@code others} too: {@link #jvmOptions}, except that a start
     * that records a flight (JFR, {@code -XX:StartFlightRecording}) trains nothing. A JVM that
     * writes a class-data archive at exit leaves the flight recorder off, so a profile asked for on
     * the first start of a newly built jar was empty; such a start runs without sharing classes,
     * and the first start without a recording trains the archive.
     */
    public List<String> jvmOptionsBeside(List<String> others) {
        if (trains() && others.stream().anyMatch(o -> o.startsWith(FLIGHT_RECORDING))) {
            return List.of();
        }
        return jvmOptions();
    }

    /** Whether this start trains the archive (none was there). */
    public boolean trains() {
        return training != null;
    }

    /**
     * After the JVM ended: keeps what it wrote as the archive if it ended by itself ({@code
     * cleanly}), since a JVM killed while writing leaves half a file; drops it otherwise.
     */
    public void settle(boolean cleanly) {
        if (training == null) {
            return;
        }
        try {
            if (cleanly && Files.isRegularFile(training) && Files.size(training) > 0) {
                Files.move(
                        training,
                        archive,
                        StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.deleteIfExists(training);
            }
        } catch (IOException e) {
            // Without an archive the next start trains again.
            try {
                Files.deleteIfExists(training);
            } catch (IOException ignored) {
                // nothing more to do
            }
        }
    }

    /**
     * The runtime's own image and every class path entry, by path, size and modification time: the
     * JVM refuses an archive whose runtime or jars changed.
     */
    private static String fingerprint(Path javaHome, List<Path> classpath) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            update(digest, javaHome.toAbsolutePath().normalize());
            update(digest, javaHome.resolve("lib").resolve("modules"));
            for (Path entry : classpath) {
                update(digest, entry);
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void update(MessageDigest digest, Path file) {
        String stamp;
        try {
            stamp =
                    file.toAbsolutePath()
                            + ":"
                            + (Files.isRegularFile(file)
                                    ? Files.size(file) + ":" + Files.getLastModifiedTime(file)
                                    : "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        digest.update(stamp.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) '\n');
    }
}
