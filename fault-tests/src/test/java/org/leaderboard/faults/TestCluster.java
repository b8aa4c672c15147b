package org.leaderboard.faults;

import static org.awaitility.Awaitility.await;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.leaderboard.local.CassandraCluster;
import org.leaderboard.local.CassandraNode;
import org.leaderboard.local.ClientSecurity;
import org.leaderboard.local.FreePorts;
import org.leaderboard.local.Sessions;
import org.leaderboard.model.cassandra.Schema;
import org.leaderboard.testsupport.ServiceJvm;

/**
 * The 3-node cluster of a fault-test JVM (127.0.0.1-3, 512 MB heaps, the tests' JVM options of
 * {@link ServiceJvm#cassandraOptions}), started once on first use and shared by every test class;
 * each class works in a keyspace of its own at RF 3. Stopped by a shutdown hook; a run killed with
 * SIGKILL leaves pid files that the next run uses to stop them.
 */
final class TestCluster {

    static final int NODES = 3;
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    private static final AtomicInteger KEYSPACES = new AtomicInteger();
    private static TestCluster shared;

    final CassandraCluster cassandra;

    private TestCluster(CassandraCluster cassandra) {
        this.cassandra = cassandra;
    }

    static synchronized TestCluster shared() {
        if (shared == null) {
            CassandraCluster cassandra =
                    CassandraCluster.onLoopback(
                            runDirectory(),
                            NODES,
                            FreePorts.any(),
                            FreePorts.any(),
                            FreePorts::any,
                            "512m",
                            ServiceJvm.cassandraOptions());
            Runtime.getRuntime().addShutdownHook(new Thread(cassandra::close, "test-cluster-stop"));
            Duration took = cassandra.start(START_TIMEOUT);
            System.out.printf(
                    "[test-cluster] %d nodes at %s up in %d ms%n",
                    NODES, cassandra.contactPoints(), took.toMillis());
            shared = new TestCluster(cassandra);
        }
        return shared;
    }

    private static Path runDirectory() {
        try {
            Path parent = Path.of("target", "test-cluster").toAbsolutePath();
            if (Files.isDirectory(parent)) {
                try (var runs = Files.list(parent)) {
                    runs.filter(Files::isDirectory).forEach(CassandraNode::stopLeftovers);
                }
            }
            Files.createDirectories(parent);
            return Files.createTempDirectory(parent, "cluster-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    CassandraNode node(int number) {
        return cassandra.node(number);
    }

    /**
     * A new keyspace at RF 3 holding every table of schema.cql, for a new test: the nodes are
     * flushed first (see {@link #flushEarlierTests}). Soon after nodes join, a table statement can
     * reach a coordinator that has not yet learnt of the new keyspace ("does not exist"); the
     * schema is idempotent, so it is applied again until every node agrees.
     *
     * <p>Each attempt uses a session of its own. A session kept across tests that kill and restart
     * nodes can be left with a closed control connection while its pools are back: its statements
     * succeed, but its schema-agreement check fails on that connection and answers "no" without a
     * word. In one suite run every test after the one that restarts all three nodes timed out here.
     */
    String newKeyspace(String prefix) {
        flushEarlierTests();
        return anotherKeyspace(prefix);
    }

    /** A second keyspace for the test that made the last {@link #newKeyspace}, without a flush. */
    String anotherKeyspace(String prefix) {
        String keyspace =
                prefix + "_" + KEYSPACES.incrementAndGet() + "_" + System.nanoTime() % 1000;
        await().atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofSeconds(1))
                .ignoreExceptionsMatching(
                        e ->
                                e instanceof InvalidQueryException
                                        || e instanceof AllNodesFailedException)
                .until(
                        () -> {
                            try (CqlSession admin =
                                    Sessions.connect(
                                            cassandra.contactPoints(), null, ClientSecurity.NONE)) {
                                Schema.apply(admin, keyspace, cassandra.replication());
                                return admin.checkSchemaAgreement();
                            }
                        });
        return keyspace;
    }

    /**
     * Flushes every running node before a new test, so that a node the test kills and restarts
     * replays only that test's writes: a node killed late in the suite spent 20 s of a 60 s restart
     * replaying earlier tests' commit log. (Dropping the earlier tests' keyspaces too was tried: a
     * node that missed a drop while hints of the dropped tables were replayed disagreed on the
     * schema, and each of the next test's 13 tables waited out the driver's 10 s for agreement.)
     */
    private void flushEarlierTests() {
        cassandra.nodes().stream().filter(CassandraNode::isRunning).forEach(CassandraNode::flush);
    }

    CqlSession session(String keyspace) {
        return Sessions.connect(cassandra.contactPoints(), keyspace, ClientSecurity.NONE);
    }

    /** The {@code --spring.cassandra.*} arguments that point a service at {@code keyspace}. */
    List<String> springArguments(String keyspace) {
        List<String> arguments = new ArrayList<>();
        arguments.add("--spring.cassandra.contact-points=" + String.join(",", contactPoints()));
        arguments.add("--spring.cassandra.local-datacenter=" + Sessions.LOCAL_DATACENTER);
        arguments.add("--spring.cassandra.keyspace-name=" + keyspace);
        arguments.add("--spring.cassandra.request.timeout=5s");
        return arguments;
    }

    List<String> contactPoints() {
        return cassandra.contactPoints();
    }
}
