package org.leaderboard.system;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.testsupport.ServiceJvm;
import org.leaderboard.testsupport.Services;
import org.leaderboard.testsupport.TestCassandra;

/**
 * The system as users run it: the writer and the query service as processes started from their
 * executable jars, and the snapshot worker run as {@code --once} processes, as a Kubernetes CronJob
 * runs it, all on the test run's real Cassandra in a keyspace of their own.
 */
final class RunningSystem implements AutoCloseable {

    /** The admin key every service accepts in these tests; HttpJson sends it. */
    static final String ADMIN_KEY = Services.ADMIN_KEY;

    final String keyspace;
    final ServiceProcess writer;
    final ServiceProcess query;
    private final Services services;
    private int otherQueries;

    RunningSystem(String name) {
        this(name, List.of());
    }

    /** With extra {@code --name=value} arguments for the writer and the query service. */
    RunningSystem(String name, List<String> extraArguments) {
        this.keyspace = TestCassandra.shared().newKeyspace(name);
        this.services =
                new Services(
                        keyspace, cassandra(keyspace), Path.of("target", "system-logs", keyspace));
        String[] extra = extraArguments.toArray(String[]::new);
        long started = System.nanoTime();
        ServiceProcess[] both =
                services.together(
                        () -> services.writer("writer-service", extra),
                        () -> services.query(extra));
        this.writer = both[0];
        this.query = both[1];
        System.out.printf(
                "[system] %s: writer and query healthy after %d ms, CPU %d ms and %d ms (%s)%n",
                keyspace,
                (System.nanoTime() - started) / 1_000_000,
                cpuMillis(writer),
                cpuMillis(query),
                ServiceJvm.options());
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

    /** The folder the services' logs go to. */
    Path logs() {
        return services.logs();
    }

    /**
     * Starts another writer instance on the same keyspace (stopped by {@link #close}), as a second
     * replica of the writer Deployment would run.
     */
    ServiceProcess startAnotherWriter() {
        return services.writer("writer-service-2");
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
        return services.query(
                "leaderboard-query-" + (++otherQueries + 1), extraArguments.toArray(String[]::new));
    }

    /**
     * Starts another writer on the same keyspace (stopped by {@link #close}), with extra {@code
     * --name=value} arguments, named {@code name} (its log file).
     */
    ServiceProcess startAnotherWriter(String name, String... extraArguments) {
        return services.writer(name, extraArguments);
    }

    /**
     * Starts a snapshot worker in its scheduled mode on the same keyspace (stopped by {@link
     * #close}), with extra {@code --name=value} arguments.
     */
    ServiceProcess startScheduledWorker(List<String> extraArguments) {
        return services.scheduledWorker(extraArguments.toArray(String[]::new));
    }

    /** Runs {@code snapshot-worker --once} to completion and returns its exit code. */
    int snapshotOnce(String... extraArguments) {
        return services.snapshotOnce(extraArguments);
    }

    Process startSnapshotOnce(String... extraArguments) {
        return services.startSnapshotOnce(extraArguments);
    }

    private static List<String> cassandra(String keyspace) {
        List<String> arguments = new ArrayList<>();
        TestCassandra.shared()
                .springProperties(keyspace)
                .forEach((key, value) -> arguments.add("--" + key + "=" + value));
        return arguments;
    }

    @Override
    public void close() {
        services.close();
    }
}
