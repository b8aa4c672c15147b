package org.leaderboard.local;

import com.datastax.oss.driver.api.core.CqlSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.leaderboard.model.cassandra.Schema;

/**
 * The whole system on one machine: a real Cassandra node (127.0.0.1:9042, data kept in {@code
 * .run/cassandra} between runs), the schema, the writer (8081), the query service (8082) and the
 * snapshot worker on a short schedule (8083). Ctrl-C stops everything; nothing is left running.
 *
 * <p>Run it with {@code ./run-local} (builds first). {@code --fresh} starts from empty data; {@code
 * --nodes=3} runs a 3-node cluster on 127.0.0.1-3 instead, with the keyspace at RF 3.
 */
public final class LocalSystem {

    static final String KEYSPACE = "leaderboard";
    static final String VERSION = "0.1.0-SNAPSHOT";

    /** A key for this machine only; deployments take theirs from a Secret (api.security.keys). */
    static final String DEV_KEY = "local-dev-admin-key";

    /**
     * Set when Ctrl-C starts the shutdown: children die of the same SIGINT, which is expected then.
     */
    private static final AtomicBoolean STOPPING = new AtomicBoolean();

    private LocalSystem() {}

    public static void main(String[] args) throws Exception {
        Path root = projectRoot();
        Path run = root.resolve(".run");
        if (List.of(args).contains("--fresh")) {
            CassandraNode.stopLeftovers(run.resolve("cluster"));
            CassandraNode.stopLeftovers(run);
        }
        int nodes = nodes(args);
        CassandraCluster cassandra = cassandra(run, nodes);
        List<ServiceProcess> services =
                services(root, run.resolve("logs"), String.join(",", cassandra.contactPoints()));
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(() -> stopAll(services, cassandra), "local-system-stop"));

        say(
                "starting Cassandra 5.0 on "
                        + String.join(", ", cassandra.contactPoints())
                        + " (data in "
                        + run
                        + ") ...");
        Duration took = cassandra.start(Duration.ofMinutes(3));
        say(
                "Cassandra is up in "
                        + took.toMillis()
                        + " ms; applying schema.cql to keyspace '"
                        + KEYSPACE
                        + "'");
        try (CqlSession session =
                Sessions.connect(cassandra.contactPoints(), null, ClientSecurity.NONE)) {
            Schema.apply(
                    session,
                    KEYSPACE,
                    nodes == 1 ? Schema.SINGLE_NODE_REPLICATION : cassandra.replication());
        }
        for (ServiceProcess service : services) {
            say(
                    "starting "
                            + service.name()
                            + " on port "
                            + service.port()
                            + " (log: "
                            + service.log()
                            + ")");
            service.start();
        }
        for (ServiceProcess service : services) {
            service.awaitHealthy(Duration.ofMinutes(2));
        }
        printWelcome();
        watch(services);
    }

    /**
     * One node on 127.0.0.1 (data in {@code .run/cassandra}), or with {@code --nodes=N} a cluster
     * on 127.0.0.1..N (data in {@code .run/cluster}, keyspace RF 3).
     */
    private static CassandraCluster cassandra(Path run, int nodes) {
        if (nodes == 1) {
            return new CassandraCluster(
                    List.of(NodeSpec.singleNode(run.resolve("cassandra"), 9042, 7000, 7199, "1g")));
        }
        AtomicInteger jmxPorts = new AtomicInteger(7199);
        return CassandraCluster.onLoopback(
                run.resolve("cluster"),
                nodes,
                9042,
                7000,
                jmxPorts::getAndIncrement,
                "768m",
                List.of());
    }

    private static int nodes(String[] args) {
        return Stream.of(args)
                .filter(a -> a.startsWith("--nodes="))
                .map(a -> Integer.parseInt(a.substring("--nodes=".length())))
                .findFirst()
                .orElse(1);
    }

    private static List<ServiceProcess> services(Path root, Path logs, String contactPoints) {
        List<String> cassandra =
                List.of(
                        "--spring.cassandra.contact-points=" + contactPoints,
                        "--spring.cassandra.local-datacenter=" + Sessions.LOCAL_DATACENTER,
                        "--spring.cassandra.keyspace-name=" + KEYSPACE);
        return List.of(
                new ServiceProcess(
                        "writer-service",
                        jar(root, "writer-service"),
                        8081,
                        concat(
                                cassandra,
                                "--api.security.keys[0].name=local-dev",
                                "--api.security.keys[0].key=" + DEV_KEY,
                                "--api.security.keys[0].roles=ADMIN"),
                        logs),
                // Its rankings on 2 MB pages, its newer heads ranked at a lower priority
                // (ServiceJvm).
                new ServiceProcess(
                        "leaderboard-query",
                        jar(root, "leaderboard-query"),
                        8082,
                        cassandra,
                        logs,
                        ServiceJvm.flags()),
                // Its passes at nice 10, below the writes, reads and answers (ServiceJvm).
                new ServiceProcess(
                        "snapshot-worker",
                        jar(root, "snapshot-worker"),
                        8083,
                        cassandra,
                        logs,
                        ServiceJvm.PRIORITIES));
    }

    private static List<String> concat(List<String> list, String... extra) {
        return java.util.stream.Stream.concat(list.stream(), java.util.stream.Stream.of(extra))
                .toList();
    }

    private static Path jar(Path root, String module) {
        return root.resolve(module).resolve("target").resolve(module + "-" + VERSION + "-exec.jar");
    }

    private static void printWelcome() {
        say("");
        say("The system is running:");
        say("  writer (commands)   http://127.0.0.1:8081   health: /actuator/health");
        say("  query (leaderboards) http://127.0.0.1:8082   health: /actuator/health");
        say("  snapshot worker      http://127.0.0.1:8083   (a pass every 2 s)");
        say("  Cassandra            127.0.0.1:9042 keyspace '" + KEYSPACE + "'");
        say("Try:");
        say("  K='X-API-Key: " + DEV_KEY + "'   # the writer's local admin key");
        say(
                "  curl -s -XPOST localhost:8081/boards -H \"$K\" -H 'Content-Type: application/json' -d '{\"board\":\"song-contest\"}'");
        say(
                "  curl -s -XPOST localhost:8081/boards/song-contest/votes -H \"$K\" -H 'Content-Type: application/json' \\");
        say("       -d '{\"user\":\"abba\",\"voter\":\"v1\",\"votes\":1}'");
        say("  curl -s localhost:8082/boards/song-contest/leaderboard");
        say("Or with the operator CLI (./leaderboard --help):");
        say("  export LEADERBOARD_API_KEY=" + DEV_KEY);
        say(
                "  ./leaderboard import song-contest votes.csv   # CSV: user,voter,votes[,time][,voteId]");
        say("  ./leaderboard top song-contest");
        say("Press Ctrl-C to stop everything.");
    }

    /** Blocks while the services run; if one dies, says so and stops the rest. */
    private static void watch(List<ServiceProcess> services) throws InterruptedException {
        while (services.stream().allMatch(ServiceProcess::isAlive)) {
            Thread.sleep(1000);
        }
        if (STOPPING.get()) {
            return;
        }
        services.stream()
                .filter(s -> !s.isAlive())
                .forEach(s -> say(s.name() + " stopped unexpectedly; see " + s.log()));
        System.exit(1);
    }

    private static void stopAll(List<ServiceProcess> services, CassandraCluster cassandra) {
        STOPPING.set(true);
        say("stopping services and Cassandra ...");
        services.parallelStream().forEach(ServiceProcess::stop);
        cassandra.close();
        say("stopped; nothing left running.");
    }

    private static Path projectRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(ServerClasspath.RELATIVE))) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "run from inside the project (build it first: ./run-local does)");
    }

    private static void say(String line) {
        System.out.println("[local] " + line);
    }
}
