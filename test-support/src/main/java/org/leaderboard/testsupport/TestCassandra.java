package org.leaderboard.testsupport;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.leaderboard.local.CassandraNode;
import org.leaderboard.local.FreePorts;
import org.leaderboard.local.NodeSpec;
import org.leaderboard.local.Sessions;
import org.leaderboard.model.cassandra.Schema;
import org.testcontainers.DockerClientFactory;

/**
 * The real Cassandra of a test JVM, started once on first use and shared by every test class; each
 * test class isolates itself in a keyspace of its own ({@link #newKeyspace}).
 *
 * <p>Where it comes from, in order: {@code LEADERBOARD_TEST_CASSANDRA=host:port} (a node someone
 * else runs), Testcontainers' Cassandra module when a Docker engine answers, else a node started by
 * the local launcher from the Maven Central jars on free ports, with its data under {@code
 * target/test-cassandra/}, stopped by a shutdown hook.
 */
public final class TestCassandra {

    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    private static final AtomicInteger KEYSPACES = new AtomicInteger();
    private static TestCassandra shared;

    private final String contactPoint;
    private final CassandraNode node;
    private volatile CqlSession admin;

    private TestCassandra(String contactPoint, CassandraNode node) {
        this.contactPoint = contactPoint;
        this.node = node;
        this.admin = Sessions.connect(contactPoint, null);
    }

    public static synchronized TestCassandra shared() {
        if (shared == null) {
            shared = start();
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(shared::shutdown, "test-cassandra-stop"));
        }
        return shared;
    }

    private static TestCassandra start() {
        String external = System.getenv("LEADERBOARD_TEST_CASSANDRA");
        if (external != null && !external.isBlank()) {
            return new TestCassandra(external.strip(), null);
        }
        if (dockerAvailable()) {
            return ContainerCassandra.start();
        }
        return launch(1);
    }

    /**
     * Free ports are only free when probed: another JVM (a parallel build) may take one before
     * Cassandra binds it. Then the node fails fast, and a second try with fresh ports succeeds.
     */
    private static TestCassandra launch(int attempt) {
        NodeSpec spec =
                NodeSpec.singleNode(
                                runDirectory(),
                                FreePorts.any(),
                                FreePorts.any(),
                                FreePorts.any(),
                                "768m")
                        .withJvmOptions(ServiceJvm.cassandraOptions());
        CassandraNode node = new CassandraNode(spec);
        try {
            Duration took = node.start(START_TIMEOUT);
            System.out.println(
                    "[test-cassandra] node at "
                            + spec.contactPoint()
                            + " started in "
                            + took.toMillis()
                            + " ms");
            return new TestCassandra(spec.contactPoint(), node);
        } catch (IllegalStateException e) {
            node.stop();
            if (attempt >= 3) {
                throw e;
            }
            System.out.println(
                    "[test-cassandra] start failed, retrying with other ports: " + e.getMessage());
            return launch(attempt + 1);
        }
    }

    static TestCassandra of(String contactPoint) {
        return new TestCassandra(contactPoint, null);
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (Throwable e) {
            return false;
        }
    }

    /** A fresh directory per run: a killed earlier run's data never leaks into this one. */
    private static Path runDirectory() {
        try {
            Path parent = Path.of("target", "test-cassandra").toAbsolutePath();
            CassandraNode.stopLeftovers(parent);
            Files.createDirectories(parent);
            return Files.createTempDirectory(parent, "node-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The JMX port of the node this JVM started (nodetool's), empty for an external node. */
    public java.util.OptionalInt jmxPort() {
        return node == null
                ? java.util.OptionalInt.empty()
                : java.util.OptionalInt.of(node.spec().jmxPort());
    }

    public String contactPoint() {
        return contactPoint;
    }

    public String localDatacenter() {
        return Sessions.LOCAL_DATACENTER;
    }

    /** A new keyspace named {@code prefix_N_<random>} holding every table of schema.cql. */
    public String newKeyspace(String prefix) {
        String keyspace =
                (prefix.toLowerCase().replaceAll("[^a-z0-9_]", "_")
                                + "_"
                                + KEYSPACES.incrementAndGet()
                                + "_"
                                + Long.toString(System.nanoTime() % 1_000_000, 36))
                        .replaceAll("^[^a-z]", "k");
        try {
            Schema.apply(admin, keyspace, Schema.SINGLE_NODE_REPLICATION);
        } catch (DriverTimeoutException e) {
            // Every statement is IF NOT EXISTS: once more, on a fresh session, is safe.
            System.out.println("[test-cassandra] schema change timed out, once more: " + e);
            reconnect();
            Schema.apply(admin, keyspace, Schema.SINGLE_NODE_REPLICATION);
        }
        return keyspace;
    }

    /** A new session bound to {@code keyspace}; the caller closes it. */
    public CqlSession session(String keyspace) {
        return Sessions.connect(contactPoint, keyspace);
    }

    /** The {@code spring.cassandra.*} properties that point a service at {@code keyspace}. */
    public Map<String, String> springProperties(String keyspace) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("spring.cassandra.contact-points", contactPoint);
        properties.put("spring.cassandra.local-datacenter", localDatacenter());
        properties.put("spring.cassandra.keyspace-name", keyspace);
        properties.put("spring.cassandra.request.timeout", "10s");
        return properties;
    }

    /**
     * Stops the node (for tests of what users see while Cassandra is down); only for launched
     * nodes.
     */
    public void stopNode() {
        requireLaunched().stop();
    }

    /**
     * Starts the node again on the same ports and data after {@link #stopNode()}, with a fresh
     * admin session (the old one's connections died with the node; a CI run once saw a schema
     * change on it time out after the restart).
     */
    public void startNode() {
        requireLaunched().start(START_TIMEOUT);
        reconnect();
    }

    private synchronized void reconnect() {
        CqlSession old = admin;
        admin = Sessions.connect(contactPoint, null);
        old.close();
    }

    private CassandraNode requireLaunched() {
        if (node == null) {
            throw new IllegalStateException(
                    "this Cassandra is not started by the tests; cannot stop it");
        }
        return node;
    }

    private void shutdown() {
        admin.close();
        if (node != null) {
            node.stop();
        }
    }
}
