package org.leaderboard.local;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * A cluster of real Cassandra nodes on one machine, node i on 127.0.0.i with the same ports on
 * every address, as on real hosts (Linux routes all of 127.0.0.0/8 to the loopback interface).
 *
 * <p>Nodes start one after another: a node joining while another is still joining can fail to take
 * its token ("Other bootstrapping/leaving/moving nodes detected"). Each node's directory is {@code
 * node-i} under the cluster's directory. Stop, kill and restart single nodes with {@link
 * #node(int)}.
 */
public final class CassandraCluster implements AutoCloseable {

    private final List<CassandraNode> nodes;

    public CassandraCluster(List<NodeSpec> specs) {
        this.nodes = specs.stream().map(CassandraNode::new).toList();
    }

    /**
     * {@code count} nodes under {@code directory}; {@code jmxPorts} gives each node its own, and
     * each node is started with {@code jvmOptions} after the usual ones.
     */
    public static CassandraCluster onLoopback(
            Path directory,
            int count,
            int nativePort,
            int storagePort,
            IntSupplier jmxPorts,
            String heap,
            List<String> jvmOptions) {
        List<NodeSpec> specs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            specs.add(
                    NodeSpec.clusterNode(
                                    directory.resolve("node-" + (i + 1)),
                                    i,
                                    count,
                                    nativePort,
                                    storagePort,
                                    jmxPorts.getAsInt(),
                                    heap)
                            .withJvmOptions(jvmOptions));
        }
        return new CassandraCluster(specs);
    }

    /**
     * Starts every node in turn and waits until a client sees all of them up; returns how long that
     * took.
     */
    public Duration start(Duration timeoutPerNode) {
        Instant started = Instant.now();
        nodes.forEach(node -> node.start(timeoutPerNode));
        awaitAllUp(ClientSecurity.NONE, timeoutPerNode);
        return Duration.between(started, Instant.now());
    }

    /** The node with 1-based number {@code number} (node 1 on 127.0.0.1 is the seed). */
    public CassandraNode node(int number) {
        return nodes.get(number - 1);
    }

    public List<CassandraNode> nodes() {
        return nodes;
    }

    /** Every node's {@code host:port}, for {@code spring.cassandra.contact-points}. */
    public List<String> contactPoints() {
        return nodes.stream().map(n -> n.spec().contactPoint()).toList();
    }

    /** RF 3 (or one per node, if fewer) in the only data center, for {@code Schema.apply}. */
    public String replication() {
        return "{'class': 'NetworkTopologyStrategy', '"
                + Sessions.LOCAL_DATACENTER
                + "': "
                + Math.min(3, nodes.size())
                + "}";
    }

    /** Waits until a fresh client connects to every node and sees it up. */
    public void awaitAllUp(ClientSecurity security, Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        while (true) {
            try (CqlSession session = Sessions.connect(contactPoints(), null, security)) {
                if (upNodes(session) == nodes.size()) {
                    return;
                }
            } catch (RuntimeException e) {
                if (Instant.now().isAfter(deadline)) {
                    throw e;
                }
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("not all " + nodes.size() + " nodes came up");
            }
            pause();
        }
    }

    private static long upNodes(CqlSession session) {
        return session.getMetadata().getNodes().values().stream()
                .map(Node::getState)
                .filter(NodeState.UP::equals)
                .count();
    }

    private static void pause() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Stops every node, last first. */
    @Override
    public void close() {
        for (int i = nodes.size() - 1; i >= 0; i--) {
            nodes.get(i).stop();
        }
    }
}
