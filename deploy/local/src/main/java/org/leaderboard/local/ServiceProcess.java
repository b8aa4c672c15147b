package org.leaderboard.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One of the three services, run from its executable jar as a child process with its own log file.
 */
public final class ServiceProcess {

    private final String name;
    private final Path jar;
    private final int port;
    private final List<String> arguments;
    private final Path log;
    private final List<String> jvmOptions;
    private Process process;
    private StartupArchive archive = StartupArchive.none();

    public ServiceProcess(
            String name, Path jar, int port, List<String> arguments, Path logDirectory) {
        this(name, jar, port, arguments, logDirectory, List.of());
    }

    /**
     * With extra JVM options after the default ones (a later {@code -Xmx} wins), e.g. a bigger heap
     * for benchmarks.
     */
    public ServiceProcess(
            String name,
            Path jar,
            int port,
            List<String> arguments,
            Path logDirectory,
            List<String> jvmOptions) {
        this.name = name;
        this.jar = jar;
        this.port = port;
        this.arguments = arguments;
        this.log = logDirectory.resolve(name + ".log");
        this.jvmOptions = List.copyOf(jvmOptions);
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    public Path log() {
        return log;
    }

    public void start() {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(
                    jar + " is missing: build first with ./mvnw -B install -DskipTests");
        }
        ServiceLaunch launch = ServiceLaunch.of(jar);
        archive = launch.archive();
        List<String> options = new ArrayList<>();
        options.add("-Xmx512m");
        // Axon checks for updates over the internet at start; a local run has no need to.
        options.add("-Daxoniq.update-checker.disabled=true");
        options.addAll(jvmOptions);
        List<String> command = new ArrayList<>(launch.command(options));
        command.add("--server.port=" + port);
        command.addAll(arguments);
        try {
            Files.createDirectories(log.getParent());
            process =
                    new ProcessBuilder(command)
                            .redirectErrorStream(true)
                            .redirectOutput(log.toFile())
                            .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name, e);
        }
    }

    /**
     * Waits until {@code /actuator/health} answers 200 and the service's own log says it listens on
     * its port, failing early if the process dies. Without the second check another process on the
     * same port (a port handed out twice) could answer for a service that failed to start.
     */
    public void awaitHealthy(Duration timeout) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest request =
                HttpRequest.newBuilder(URI.create(baseUrl() + "/actuator/health")).build();
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(
                        name
                                + " exited with code "
                                + process.exitValue()
                                + "; see "
                                + log
                                + ", which ends:\n"
                                + logTail());
            }
            if (isHealthy(client, request) && saysItListens()) {
                return;
            }
            sleep(300);
        }
        throw new IllegalStateException(
                name
                        + " was not healthy after "
                        + timeout
                        + "; see "
                        + log
                        + ", which ends:\n"
                        + logTail());
    }

    /**
     * The log's last lines, without stack frames, for a failure's message: a run whose logs are
     * gone (a CI run keeps only its output) still says why the service did not start.
     */
    private String logTail() {
        try {
            List<String> lines =
                    Files.readAllLines(log).stream()
                            .filter(line -> !line.startsWith("\tat ") && !line.startsWith("\t..."))
                            .toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 25), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** Spring Boot's "Tomcat started on port N" or "Netty started on port N" in this log. */
    private boolean saysItListens() {
        try {
            return Files.readString(log).contains("started on port " + port + " ");
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    private static boolean isHealthy(HttpClient client, HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** The process id while it runs (for kill -9 and {@code jcmd <pid> GC.run}). */
    public java.util.Optional<Long> pid() {
        return java.util.Optional.ofNullable(process).map(Process::pid);
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** SIGKILL, as a crash would (for fault tests). */
    public void kill() {
        if (process != null) {
            process.destroyForcibly();
            archive.settle(false);
        }
    }

    /**
     * SIGTERM: Spring Boot finishes in-flight requests (graceful shutdown), then SIGKILL if it
     * hangs. A start that trained the shared class archive keeps it if the JVM ended by itself.
     */
    public void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        boolean cleanly = false;
        try {
            cleanly = process.waitFor(30, TimeUnit.SECONDS);
            if (!cleanly) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        // 137: killed (SIGKILL) by someone else before, as a fault test does.
        archive.settle(cleanly && process.exitValue() != 137);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
