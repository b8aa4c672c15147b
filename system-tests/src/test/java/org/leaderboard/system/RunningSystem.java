package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.leaderboard.local.FreePorts;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.testsupport.ServiceJvm;
import org.leaderboard.testsupport.TestCassandra;

/**
 * The system as users run it: the writer and the query service as processes started from their
 * executable jars, and the snapshot worker run as {@code --once} processes, as a Kubernetes CronJob
 * runs it, all on the test run's real Cassandra in a keyspace of their own.
 */
final class RunningSystem implements AutoCloseable {

    private static final Path ROOT = Path.of(System.getProperty("leaderboard.root", ".."));
    private static final String VERSION =
            System.getProperty("leaderboard.version", "0.1.0-SNAPSHOT");

    /**
     * The admin key both services accept in these tests (api.security.keys, as one Secret would
     * feed both); HttpJson sends it.
     */
    static final String ADMIN_KEY = "system-test-admin-key-0123456789";

    private static final List<String> JVM_OPTIONS = ServiceJvm.options();

    final String keyspace;
    final ServiceProcess writer;
    final ServiceProcess query;
    private final Path logs;
    private final List<ServiceProcess> extraProcesses = new ArrayList<>();

    RunningSystem(String name) {
        this(name, List.of());
    }

    /** With extra {@code --name=value} arguments for the writer and the query service. */
    RunningSystem(String name, List<String> extraArguments) {
        this.keyspace = TestCassandra.shared().newKeyspace(name);
        this.logs = Path.of("target", "system-logs", keyspace).toAbsolutePath();
        this.writer =
                new ServiceProcess(
                        "writer-service",
                        jar("writer-service"),
                        FreePorts.any(),
                        with(withAdminKey(cassandra()), extraArguments),
                        logs,
                        JVM_OPTIONS);
        this.query =
                new ServiceProcess(
                        "leaderboard-query",
                        jar("leaderboard-query"),
                        FreePorts.any(),
                        with(withAdminKey(cassandra()), extraArguments),
                        logs,
                        JVM_OPTIONS);
        long started = System.nanoTime();
        writer.start();
        query.start();
        writer.awaitHealthy(Duration.ofMinutes(2));
        query.awaitHealthy(Duration.ofMinutes(2));
        System.out.printf(
                "[system] %s: writer and query healthy after %d ms, CPU %d ms and %d ms (%s)%n",
                keyspace,
                (System.nanoTime() - started) / 1_000_000,
                cpuMillis(writer),
                cpuMillis(query),
                JVM_OPTIONS);
    }

    private static long cpuMillis(ServiceProcess service) {
        return ProcessHandle.of(service.pid().orElseThrow())
                .flatMap(process -> process.info().totalCpuDuration())
                .map(Duration::toMillis)
                .orElse(-1L);
    }

    String writerUrl() {
        return writer.baseUrl();
    }

    String queryUrl() {
        return query.baseUrl();
    }

    /**
     * Starts another writer instance on the same keyspace (stopped by {@link #close}), as a second
     * replica of the writer Deployment would run.
     */
    ServiceProcess startAnotherWriter() {
        ServiceProcess another =
                new ServiceProcess(
                        "writer-service-2",
                        jar("writer-service"),
                        FreePorts.any(),
                        withAdminKey(cassandra()),
                        logs,
                        JVM_OPTIONS);
        extraProcesses.add(another);
        another.start();
        another.awaitHealthy(Duration.ofMinutes(2));
        return another;
    }

    /**
     * Starts another query service on the same keyspace (stopped by {@link #close}): a cold one,
     * which has cached no snapshot yet, to compare with the warm {@link #query}.
     */
    ServiceProcess startAnotherQuery() {
        return startAnotherQuery(List.of());
    }

    /** As above, with extra {@code --name=value} arguments. */
    ServiceProcess startAnotherQuery(List<String> extraArguments) {
        ServiceProcess another =
                new ServiceProcess(
                        "leaderboard-query-" + (extraProcesses.size() + 2),
                        jar("leaderboard-query"),
                        FreePorts.any(),
                        with(withAdminKey(cassandra()), extraArguments),
                        logs,
                        JVM_OPTIONS);
        extraProcesses.add(another);
        another.start();
        another.awaitHealthy(Duration.ofMinutes(2));
        return another;
    }

    /**
     * Starts a snapshot worker in its scheduled mode on the same keyspace (stopped by {@link
     * #close}), with extra {@code --name=value} arguments.
     */
    ServiceProcess startScheduledWorker(List<String> extraArguments) {
        ServiceProcess worker =
                new ServiceProcess(
                        "snapshot-worker",
                        jar("snapshot-worker"),
                        FreePorts.any(),
                        with(cassandra(), extraArguments),
                        logs,
                        JVM_OPTIONS);
        extraProcesses.add(worker);
        worker.start();
        worker.awaitHealthy(Duration.ofMinutes(2));
        return worker;
    }

    /** Runs {@code snapshot-worker --once} to completion and returns its exit code. */
    int snapshotOnce(String... extraArguments) {
        Process process = startSnapshotOnce(extraArguments);
        try {
            assertThat(process.waitFor(3, TimeUnit.MINUTES))
                    .as("snapshot-worker --once finished")
                    .isTrue();
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    Process startSnapshotOnce(String... extraArguments) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.addAll(JVM_OPTIONS);
        command.add("-jar");
        command.add(jar("snapshot-worker").toString());
        command.add("--once");
        command.addAll(cassandra());
        command.addAll(List.of(extraArguments));
        try {
            java.nio.file.Files.createDirectories(logs);
            return new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(
                            ProcessBuilder.Redirect.appendTo(
                                    logs.resolve("snapshot-worker.log").toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> with(List<String> arguments, List<String> extra) {
        List<String> all = new ArrayList<>(arguments);
        all.addAll(extra);
        return all;
    }

    private List<String> cassandra() {
        List<String> arguments = new ArrayList<>();
        TestCassandra.shared()
                .springProperties(keyspace)
                .forEach((key, value) -> arguments.add("--" + key + "=" + value));
        return arguments;
    }

    private static List<String> withAdminKey(List<String> arguments) {
        List<String> all = new ArrayList<>(arguments);
        all.add("--api.security.keys[0].name=system-test-admin");
        all.add("--api.security.keys[0].key=" + ADMIN_KEY);
        all.add("--api.security.keys[0].roles=ADMIN");
        return all;
    }

    static Path jar(String module) {
        return ROOT.resolve(module).resolve("target").resolve(module + "-" + VERSION + "-exec.jar");
    }

    @Override
    public void close() {
        extraProcesses.forEach(ServiceProcess::stop);
        writer.stop();
        query.stop();
    }
}
