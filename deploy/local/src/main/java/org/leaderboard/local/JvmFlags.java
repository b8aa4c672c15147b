package org.leaderboard.local;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM flags of Cassandra's own {@code conf/jvm17-server.options} (that file is not in the jar):
 * without the exports and opens Cassandra 5.0 fails on Java 17.
 */
final class JvmFlags {

    private static final List<String> EXPORTS =
            List.of(
                    "java.base/jdk.internal.misc",
                    "java.management.rmi/com.sun.jmx.remote.internal.rmi",
                    "java.rmi/sun.rmi.registry",
                    "java.rmi/sun.rmi.server",
                    "java.sql/java.sql",
                    "java.base/java.lang.ref",
                    "jdk.unsupported/sun.misc",
                    "jdk.compiler/com.sun.tools.javac.file",
                    "jdk.attach/sun.tools.attach");

    private static final List<String> OPENS =
            List.of(
                    "java.base/java.lang.module",
                    "java.base/jdk.internal.loader",
                    "java.base/jdk.internal.ref",
                    "java.base/jdk.internal.reflect",
                    "java.base/jdk.internal.math",
                    "java.base/jdk.internal.module",
                    "java.base/jdk.internal.util.jar",
                    "java.base/sun.nio.ch",
                    "java.base/java.io",
                    "java.base/java.lang.reflect",
                    "java.base/java.lang",
                    "java.base/java.util",
                    "jdk.management/com.sun.management.internal",
                    "jdk.compiler/com.sun.tools.javac");

    private JvmFlags() {}

    static List<String> forNode(NodeSpec node) {
        List<String> flags = new ArrayList<>();
        flags.addAll(
                List.of(
                        "-ea",
                        "-da:net.openhft...",
                        "-XX:+UseThreadPriorities",
                        "-Xss256k",
                        "-XX:+UseG1GC",
                        "-XX:+ParallelRefProcEnabled",
                        "-XX:MaxTenuringThreshold=1",
                        "-Djava.net.preferIPv4Stack=true",
                        "-Djdk.attach.allowAttachSelf=true",
                        "-Dio.netty.tryReflectionSetAccessible=true",
                        "-Dio.netty.allocator.useCacheForAllThreads=true",
                        "-Dio.netty.allocator.maxOrder=11",
                        "-Xms" + node.heap(),
                        "-Xmx" + node.heap()));
        EXPORTS.forEach(m -> flags.add("--add-exports=" + m + "=ALL-UNNAMED"));
        OPENS.forEach(m -> flags.add("--add-opens=" + m + "=ALL-UNNAMED"));
        flags.addAll(
                List.of(
                        "-Dcassandra.config="
                                + node.directory().resolve("conf/cassandra.yaml").toUri(),
                        "-Dcassandra.storagedir=" + node.directory().resolve("data"),
                        "-Dcassandra.logdir=" + node.directory().resolve("logs"),
                        "-Dcassandra-foreground=yes",
                        "-Dcassandra.skip_wait_for_gossip_to_settle=0",
                        "-Dcassandra.ring_delay_ms=1000",
                        // The row overhead a memtable counts per row, as Cassandra 5.0 on Java 17
                        // estimates it at every start by filling a skip list 100,000 times: 2.5 s
                        // of a 9.5 s start on an idle machine, 17 s of 59 s in a loaded test run.
                        "-Dcassandra.memtable.row_overhead_size=181",
                        // With PasswordAuthenticator, create the default superuser after
                        // 0.5 s instead of the default 10 s. Not 0: the delay is also the pause
                        // between attempts, and a node that started while a peer was down
                        // retried without one, about 12,000 times a second until every peer
                        // was back: a core burnt and a 270 MB log, for minutes of a fault test.
                        "-Dcassandra.superuser_setup_delay_ms=500",
                        "-Dcassandra.native_transport_port=" + node.nativePort(),
                        "-Dcassandra.storage_port=" + node.storagePort(),
                        "-Dcassandra.jmx.local.port=" + node.jmxPort()));
        flags.addAll(node.jvmOptions());
        // Extra options for an experiment, e.g. -Dleaderboard.cassandra.jvm="-XX:..." (docs).
        String extra = System.getProperty("leaderboard.cassandra.jvm", "").strip();
        if (!extra.isEmpty()) {
            flags.addAll(List.of(extra.split("\\s+")));
        }
        return flags;
    }
}
