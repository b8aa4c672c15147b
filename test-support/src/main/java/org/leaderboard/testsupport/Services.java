package org.leaderboard.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.leaderboard.local.FreePorts;
import org.leaderboard.local.ServiceLaunch;
import org.leaderboard.local.ServiceProcess;

/**
 * Services as users run them: processes started from their executable jars, pointed at one
 * keyspace, with their logs in one folder. Snapshot passes run as {@code snapshot-worker --once}
 * processes, as a Kubernetes CronJob runs them, or as a scheduled worker. The system tests and the
 * fault tests start every service through this class.
 */
public final class Services implements AutoCloseable {

    private static final Path ROOT = Path.of(System.getProperty("leaderboard.root", ".."));
    private static final String VERSION =
            System.getProperty("leaderboard.version", "0.1.0-SNAPSHOT");

    /**
     * The admin API key every service of these tests accepts (api.security.keys, as one Secret
     * would feed them all); {@link HttpJson} sends it.
     */
    public static final String ADMIN_KEY = "test-admin-key-0123456789abcdef";

    private static final List<String> ADMIN_KEY_ARGUMENTS =
            List.of(
                    "--api.security.keys[0].name=test-admin",
                    "--api.security.keys[0].key=" + ADMIN_KEY,
                    "--api.security.keys[0].roles=ADMIN");

    /** Every service any test started: stopped if the test JVM is stopped before they are. */
    private static final Queue<ServiceProcess> ALL = new ConcurrentLinkedQueue<>();

    private static final Queue<Process> ONCE = new ConcurrentLinkedQueue<>();

    static {
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> {
                                    ALL.parallelStream().forEach(ServiceProcess::kill);
                                    ONCE.forEach(Process::destroyForcibly);
                                },
                                "test-services-stop"));
    }

    public final String keyspace;
    private final List<String> cassandra;
    private final Path logs;

    /** Services may be started side by side (several workers at once). */
    private final Queue<ServiceProcess> started = new ConcurrentLinkedQueue<>();

    /**
     * Services on {@code keyspace}, reaching Cassandra with {@code cassandraArguments} ({@code
     * --name=value}), logging to {@code logs}.
     */
    public Services(String keyspace, List<String> cassandraArguments, Path logs) {
        this.keyspace = keyspace;
        this.cassandra = List.copyOf(cassandraArguments);
        this.logs = logs.toAbsolutePath();
    }

    /** The folder the services' logs go to. */
    public Path logs() {
        return logs;
    }

    /** Starts a writer named {@code name} (its log file) and waits until it is healthy. */
    public ServiceProcess writer(String name, String... extra) {
        return start(name, "writer-service", extra);
    }

    public ServiceProcess query(String... extra) {
        return query("leaderboard-query", extra);
    }

    /** Starts a query service named {@code name} (its log file) and waits until it is healthy. */
    public ServiceProcess query(String name, String... extra) {
        return start(name, "leaderboard-query", extra);
    }

    /** A worker on a schedule (its web server on a free port), as {@code ./run-local} runs it. */
    public ServiceProcess scheduledWorker(String... extra) {
        return start("snapshot-worker", "snapshot-worker", extra);
    }

    /**
     * Starts the executable jar of {@code module} as {@code name}, with the Cassandra arguments,
     * the admin key and {@code extra}, and waits until it is healthy.
     */
    public ServiceProcess start(String name, String module, String... extra) {
        ServiceProcess service =
                new ServiceProcess(
                        name,
                        jar(module),
                        FreePorts.any(),
                        Stream.of(
                                        cassandra.stream(),
                                        ADMIN_KEY_ARGUMENTS.stream(),
                                        feedArguments(module),
                                        Stream.of(extra))
                                .flatMap(s -> s)
                                .toList(),
                        logs,
                        ServiceJvm.options());
        started.add(service);
        ALL.add(service);
        service.start();
        service.awaitHealthy(Duration.ofMinutes(3));
        return service;
    }

    /** The writers' feeds' token in every system test, as a cluster with the Secret sets it. */
    private static final String FEED_TOKEN = "system-tests-feed-token-0123456789";

    /**
     * A writer's feed on any free port (its progress row says which), so that writers started side
     * by side on one machine do not all ask for the default one; and the feeds' token on writers
     * and query services both, so that the system tests read from feeds that ask for it.
     */
    private static Stream<String> feedArguments(String module) {
        return switch (module) {
            case "writer-service" ->
                    Stream.of("--writer.feed.port=0", "--writer.feed.token=" + FEED_TOKEN);
            case "leaderboard-query" -> Stream.of("--query.tail.feed-token=" + FEED_TOKEN);
            default -> Stream.of();
        };
    }

    /**
     * Starts services side by side, each on a thread of its own (a start mostly waits for the JVM),
     * and returns them in order once every one is healthy.
     */
    @SafeVarargs
    public final ServiceProcess[] together(Supplier<ServiceProcess>... starts) {
        List<CompletableFuture<ServiceProcess>> starting =
                Stream.of(starts)
                        .map(
                                start ->
                                        CompletableFuture.supplyAsync(
                                                start, task -> new Thread(task).start()))
                        .toList();
        return starting.stream().map(CompletableFuture::join).toArray(ServiceProcess[]::new);
    }

    /** Runs {@code snapshot-worker --once} to completion and returns its exit code. */
    public int snapshotOnce(String... extra) {
        Process process = startSnapshotOnce(extra);
        try {
            assertThat(process.waitFor(5, TimeUnit.MINUTES))
                    .as("snapshot-worker --once finished")
                    .isTrue();
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public Process startSnapshotOnce(String... extra) {
        ServiceLaunch launch = ServiceLaunch.of(jar("snapshot-worker"));
        List<String> options = new ArrayList<>();
        options.add("-Xmx256m");
        options.add("-Daxoniq.update-checker.disabled=true");
        options.addAll(ServiceJvm.options());
        List<String> command = new ArrayList<>(launch.command(options));
        command.add("--once");
        command.addAll(cassandra);
        command.addAll(List.of(extra));
        try {
            Files.createDirectories(logs);
            Process process =
                    new ProcessBuilder(command)
                            .redirectErrorStream(true)
                            .redirectOutput(
                                    ProcessBuilder.Redirect.appendTo(
                                            logs.resolve("snapshot-once.log").toFile()))
                            .start();
            ONCE.add(process);
            // A pass that ended by itself (any exit code but SIGKILL's) keeps the classes it
            // loaded for the next one, if it was the first.
            process.onExit().thenAccept(p -> launch.archive().settle(p.exitValue() != 137));
            return process;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The executable jar a module's build made. */
    public static Path jar(String module) {
        return ROOT.resolve(module).resolve("target").resolve(module + "-" + VERSION + "-exec.jar");
    }

    /** Stops every service this instance started, side by side. */
    @Override
    public void close() {
        started.parallelStream().forEach(ServiceProcess::stop);
    }
}
