package org.leaderboard.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;

/**
 * How a service's executable jar is started: from the jar as built, or, with class data sharing
 * ({@link StartupArchive}), from the jar unpacked the way Spring Boot's {@code -Djarmode=tools
 * extract} does it (the application's jar beside a {@code lib/} of its dependencies), since the JVM
 * can only share classes it loads from plain jars on its class path. The unpacked copy is made once
 * per content of the jar, under {@code target/cds/} beside it.
 */
public record ServiceLaunch(Path jar, StartupArchive archive) {

    /** The java executable every service runs on: this JVM's. */
    public static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** Starts {@code executableJar}, with class data sharing unless it is turned off. */
    public static ServiceLaunch of(Path executableJar) {
        if (!StartupArchive.enabled()) {
            return new ServiceLaunch(executableJar, StartupArchive.none());
        }
        Path unpacked = unpacked(executableJar);
        StartupArchive archive =
                StartupArchive.in(
                        unpacked.getParent(),
                        "classes",
                        Path.of(System.getProperty("java.home")),
                        List.of(unpacked));
        return new ServiceLaunch(unpacked, archive);
    }

    /** The JVM options and {@code -jar}, then the jar: the command's part before its arguments. */
    public List<String> command(List<String> jvmOptions) {
        List<String> command = new ArrayList<>();
        command.add(java().toString());
        command.addAll(jvmOptions);
        command.addAll(archive.jvmOptionsBeside(jvmOptions));
        command.add("-jar");
        command.add(jar.toString());
        return command;
    }

    /**
     * The unpacked copy of {@code executableJar}, made now if this content of it has none. Named by
     * the jar's entries, so a changed jar gets a new one (and older copies are removed), while a
     * build that wrote the same classes again, as {@code ./run-local}'s does at every run, keeps
     * its copy and the archive trained from it.
     */
    private static synchronized Path unpacked(Path executableJar) {
        try {
            String name = executableJar.getFileName().toString().replaceFirst("\\.jar$", "");
            String stamp = contentKey(executableJar);
            Path cds = executableJar.toAbsolutePath().getParent().resolve("cds");
            Path directory = cds.resolve(name + "-" + stamp);
            Path jar = directory.resolve(executableJar.getFileName());
            if (Files.isRegularFile(jar)) {
                return jar;
            }
            Files.createDirectories(cds);
            removeOlderCopies(cds, name);
            Path partial = Files.createTempDirectory(cds, name + ".unpacking-");
            extract(executableJar, partial);
            try {
                Files.move(partial, directory, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException another) {
                // Another process unpacked the same jar first.
                delete(partial);
            }
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException("unpacking " + executableJar + " made no " + jar);
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack " + executableJar, e);
        }
    }

    /** A fingerprint of the jar's entries by name, CRC and size: their times left out. */
    private static String contentKey(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            zip.stream()
                    .map(e -> e.getName() + ":" + e.getCrc() + ":" + e.getSize() + "\n")
                    .forEach(line -> digest.update(line.getBytes(StandardCharsets.UTF_8)));
            return HexFormat.of().formatHex(digest.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void extract(Path executableJar, Path destination) throws IOException {
        Path log = destination.resolveSibling(destination.getFileName() + ".log");
        Process process =
                new ProcessBuilder(
                                java().toString(),
                                "-Djarmode=tools",
                                "-jar",
                                executableJar.toString(),
                                "extract",
                                "--force",
                                "--destination",
                                destination.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        try {
            if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException(
                        "unpacking " + executableJar + " failed: " + Files.readString(log).strip());
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** Copies of earlier builds of the jar (a JVM still running from one keeps its open files). */
    private static void removeOlderCopies(Path cds, String name) throws IOException {
        try (var copies = Files.list(cds)) {
            copies.filter(Files::isDirectory)
                    .filter(d -> d.getFileName().toString().startsWith(name + "-"))
                    .forEach(ServiceLaunch::delete);
        }
    }

    private static void delete(Path directory) {
        try (var files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // Best effort: a copy left behind only takes space under target/.
        }
    }
}
