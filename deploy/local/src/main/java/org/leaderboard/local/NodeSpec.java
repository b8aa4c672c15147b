package org.leaderboard.local;

import java.nio.file.Path;
import java.util.List;

/**
 * Where and how one Cassandra node runs: its loopback address and ports, its heap, the directory
 * that holds its config, data, logs and pid file, and the seeds of its cluster.
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
        boolean autoSnapshot) {

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

    public String contactPoint() {
        return address + ":" + nativePort;
    }
}
