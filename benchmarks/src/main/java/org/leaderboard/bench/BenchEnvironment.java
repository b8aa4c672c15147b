package org.leaderboard.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.leaderboard.local.CassandraNode;
import org.leaderboard.local.FreePorts;
import org.leaderboard.local.NodeSpec;
import org.leaderboard.local.ServiceJvm;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.local.Sessions;
import org.leaderboard.model.cassandra.Schema;

/**
 * Everything a run needs, started the way users run it: a Cassandra node from the Maven Central
 * jars (its own JVM, free ports, data under {@code target/bench-run}), the schema in keyspace
 * {@code bench}, the writer and the query service as processes from their exec jars, and
 * redis-server. Closing stops all of them; a run killed with SIGKILL leaves its node behind, which
 * the next run stops (pid file) before it starts its own.
 */
final class BenchEnvironment implements AutoCloseable {

    static final String KEYSPACE = "bench";
    private static final String VERSION = "0.1.0-SNAPSHOT";

    final Path root;
    final Path runDirectory;
    final CassandraNode cassandra;
    final CqlSession session;
    final ServiceProcess writer;
    final ServiceProcess query;
    final RedisServer redis;
    final Duration cassandraStart;

    private final List<AutoCloseable> started = new ArrayList<>();

    private BenchEnvironment(Path root, BenchOptions options) {
        this.root = root;
        Path runs = root.resolve("benchmarks/target/bench-run");
        CassandraNode.stopLeftovers(runs);
        this.runDirectory = runs.resolve("run-" + System.currentTimeMillis());
        try {
            this.redis = RedisServer.start(runDirectory.resolve("redis"));
            started.add(redis);
            this.cassandra =
                    new CassandraNode(
                            NodeSpec.singleNode(
                                    runDirectory.resolve("cassandra"),
                                    FreePorts.any(),
                                    FreePorts.any(),
                                    FreePorts.any(),
                                    options.cassandraHeap()));
            Progress.say("starting Cassandra (heap " + options.cassandraHeap() + ") ...");
            started.add(cassandra);
            this.cassandraStart = cassandra.start(Duration.ofMinutes(3));
            Progress.say("Cassandra is up in " + cassandraStart.toMillis() + " ms");
            try (CqlSession admin = Sessions.connect(cassandra.spec().contactPoint(), null)) {
                Schema.apply(admin, KEYSPACE, Schema.SINGLE_NODE_REPLICATION);
            }
            this.session = Sessions.connect(cassandra.spec().contactPoint(), KEYSPACE);
            started.add(session);
            Path logs = runDirectory.resolve("logs");
            this.writer = service("writer-service", options.writerHeap(), logs, options.jfr());
            this.query = service("leaderboard-query", options.queryHeap(), logs, options.jfr());
            Progress.say(
                    "starting writer-service and leaderboard-query (logs in " + logs + ") ...");
            started.add(writer::stop);
            started.add(query::stop);
            writer.start();
            query.start();
            writer.awaitHealthy(Duration.ofMinutes(3));
            query.awaitHealthy(Duration.ofMinutes(3));
            Progress.say(
                    "services are up: writer "
                            + writer.baseUrl()
                            + ", query "
                            + query.baseUrl()
                            + ", redis 127.0.0.1:"
                            + redis.port());
        } catch (RuntimeException e) {
            java.util.Collections.reverse(started);
            started.forEach(BenchEnvironment::closeQuietly);
            throw e;
        }
    }

    /** Starts everything; whatever started before a failure is stopped again. */
    static BenchEnvironment start(BenchOptions options) {
        return new BenchEnvironment(projectRoot(), options);
    }

    /** The API key the writer started here accepts; HttpVotes sends it. */
    static final String API_KEY = "benchmark-run-admin-key-0123456789";

    private ServiceProcess service(String module, String heap, Path logs, boolean jfr) {
        Path jar =
                root.resolve(module)
                        .resolve("target")
                        .resolve(module + "-" + VERSION + "-exec.jar");
        List<String> arguments =
                new ArrayList<>(
                        List.of(
                                "--spring.cassandra.contact-points="
                                        + cassandra.spec().contactPoint(),
                                "--spring.cassandra.local-datacenter=" + Sessions.LOCAL_DATACENTER,
                                "--spring.cassandra.keyspace-name=" + KEYSPACE,
                                // The benchmark's own key (commands need credentials, see
                                // Security).
                                "--api.security.keys[0].name=benchmarks",
                                "--api.security.keys[0].key=" + API_KEY,
                                "--api.security.keys[0].roles=ADMIN",
                                // The tail's lags the harness's own writes and figures use.
                                "--query.tail.held-lag=" + TailLags.HELD_LAG.toMillis() + "ms",
                                "--writer.late-after=" + TailLags.LATE_AFTER.toMillis() + "ms",
                                "--writer.progress.enabled=" + TailLags.WRITER_PROGRESS,
                                "--writer.progress.lag=" + TailLags.PROGRESS_LAG.toMillis() + "ms",
                                "--writer.progress.interval="
                                        + TailLags.PROGRESS_INTERVAL.toMillis()
                                        + "ms",
                                // The writer's feed on any free port (its row says which).
                                "--writer.feed.port=0",
                                "--query.tail.writer-progress=" + TailLags.WRITER_PROGRESS));
        // A fixed heap touched at start, as the Kubernetes manifests run the services: with only
        // -Xmx, G1 sizes the heap as it goes, and during scenario 6's strong top-100 queries a
        // quarter of the query service's CPU samples were the kernel zeroing heap pages touched
        // for the first time since they were committed (perf, clear_page_erms).
        List<String> jvm =
                new ArrayList<>(List.of("-Xms" + heap, "-Xmx" + heap, "-XX:+AlwaysPreTouch"));
        if (module.equals("leaderboard-query")) {
            // As the Kubernetes manifests and the local run start it: its rankings on 2 MB pages,
            // its newer heads ranked at a lower priority than its answers (ServiceJvm).
            jvm.addAll(ServiceJvm.flags());
        }
        // Extra options for an experiment, e.g. -Dbench.leaderboard-query.jvm="-XX:..." (docs).
        String extra = System.getProperty("bench." + module + ".jvm");
        if (extra != null && !extra.isBlank()) {
            jvm.addAll(List.of(extra.strip().split("\\s+")));
        }
        if (jfr) {
            // A profile of the whole run, written when the service stops (docs/performance.md).
            jvm.add(
                    "-XX:StartFlightRecording=settings=profile,dumponexit=true,filename="
                            + logs.resolve(module + ".jfr"));
        }
        return new ServiceProcess(module, jar, FreePorts.any(), arguments, logs, jvm);
    }

    Optional<Long> queryPid() {
        return query.pid();
    }

    static Path projectRoot() {
        String configured = System.getProperty("leaderboard.root");
        if (configured != null) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("deploy/cassandra-server/target/lib"))) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "run from inside the project after building it (./run-benchmarks does both)");
    }

    @Override
    public void close() {
        Progress.say("stopping services, Cassandra and redis-server ...");
        closeQuietly(session);
        closeQuietly(writer::stop);
        closeQuietly(query::stop);
        closeQuietly(cassandra);
        closeQuietly(redis);
        closeQuietly(this::deleteCassandraData);
    }

    /** A full run leaves gigabytes of data behind; the logs stay for reading. */
    private void deleteCassandraData() throws java.io.IOException {
        Path data = runDirectory.resolve("cassandra/data");
        if (!Files.isDirectory(data)) {
            return;
        }
        try (var files = Files.walk(data)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            Progress.say("while stopping: " + e);
        }
    }
}
