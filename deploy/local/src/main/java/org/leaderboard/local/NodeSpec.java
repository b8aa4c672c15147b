package org.leaderboard.local;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;

/**
 * Where and how one Cassandra node runs: its loopback address and ports, its heap, the directory
 * that holds its config, data, logs and pid file, the seeds of its cluster, and what it demands of
 * clients ({@link NodeSecurity}), and JVM options of its own after the usual ones (the tests start
 * theirs with the quick compiler only).
 */
public record NodeSpec(
        String clusterName,
        String address,
        int nativePort,
        int storagePort,
        int jmxPort,
        String heap,
        Path directory,
        List<String> seeds,
        String initialToken,
        boolean autoSnapshot,
        NodeSecurity security,
        List<String> jvmOptions) {

    public NodeSpec {
        seeds = List.copyOf(seeds);
        security = security == null ? NodeSecurity.NONE : security;
        jvmOptions = jvmOptions == null ? List.of() : List.copyOf(jvmOptions);
    }

    /** A node without login or TLS. */
    public NodeSpec(
            String clusterName,
            String address,
            int nativePort,
            int storagePort,
            int jmxPort,
            String heap,
            Path directory,
            List<String> seeds,
            String initialToken,
            boolean autoSnapshot) {
        this(
                clusterName,
                address,
                nativePort,
                storagePort,
                jmxPort,
                heap,
                directory,
                seeds,
                initialToken,
                autoSnapshot,
                NodeSecurity.NONE,
                List.of());
    }

    /** One node on 127.0.0.1, the way the local system and the tests run it. */
    public static NodeSpec singleNode(
            Path directory, int nativePort, int storagePort, int jmxPort, String heap) {
        return new NodeSpec(
                "leaderboard-local",
                "127.0.0.1",
                nativePort,
                storagePort,
                jmxPort,
                heap,
                directory,
                List.of("127.0.0.1:" + storagePort),
                "0",
                false);
    }

    /**
     * Node {@code index} (0-based) of {@code nodes} on this machine: address 127.0.0.(index+1), the
     * same native and storage ports on every address (as on real hosts), node 1 the seed, and one
     * token each, evenly spaced over the Murmur3 ring so each node owns an equal share.
     */
    public static NodeSpec clusterNode(
            Path directory,
            int index,
            int nodes,
            int nativePort,
            int storagePort,
            int jmxPort,
            String heap) {
        return new NodeSpec(
                "leaderboard-cluster",
                "127.0.0." + (index + 1),
                nativePort,
                storagePort,
                jmxPort,
                heap,
                directory,
                List.of("127.0.0.1:" + storagePort),
                evenToken(index, nodes),
                false);
    }

    public NodeSpec withSecurity(NodeSecurity security) {
        return with(security, jvmOptions);
    }

    /** The same node started with {@code options} after the usual JVM options. */
    public NodeSpec withJvmOptions(List<String> options) {
        return with(security, options);
    }

    private NodeSpec with(NodeSecurity security, List<String> jvmOptions) {
        return new NodeSpec(
                clusterName,
                address,
                nativePort,
                storagePort,
                jmxPort,
                heap,
                directory,
                seeds,
                initialToken,
                autoSnapshot,
                security,
                jvmOptions);
    }

    public String contactPoint() {
        return address + ":" + nativePort;
    }

    static String evenToken(int index, int nodes) {
        BigInteger ring = BigInteger.ONE.shiftLeft(64);
        return BigInteger.valueOf(Long.MIN_VALUE)
                .add(ring.multiply(BigInteger.valueOf(index)).divide(BigInteger.valueOf(nodes)))
                .toString();
    }
}
