package org.leaderboard.local;

/**
 * A small cassandra.yaml for one node on this machine: everything not set here is Cassandra's
 * default. Sizes are for a 2-core laptop or CI machine, not for production (see CASSANDRA-NOTES).
 */
final class CassandraYaml {

    private CassandraYaml() {}

    static String render(NodeSpec node) {
        return String.join(
                "\n",
                "cluster_name: '" + node.clusterName() + "'",
                "num_tokens: 1",
                "initial_token: " + node.initialToken(),
                "auto_bootstrap: false",
                "partitioner: org.apache.cassandra.dht.Murmur3Partitioner",
                "endpoint_snitch: SimpleSnitch",
                "commitlog_sync: periodic",
                "commitlog_sync_period: 10000ms",
                "commitlog_segment_size: 8MiB",
                "commitlog_total_space: 256MiB",
                "seed_provider:",
                "  - class_name: org.apache.cassandra.locator.SimpleSeedProvider",
                "    parameters:",
                "      - seeds: \"" + String.join(",", node.seeds()) + "\"",
                "listen_address: " + node.address(),
                "rpc_address: " + node.address(),
                "native_transport_port: " + node.nativePort(),
                "storage_port: " + node.storagePort(),
                "start_native_transport: true",
                "memtable_heap_space: 64MiB",
                "memtable_offheap_space: 64MiB",
                "key_cache_size: 16MiB",
                "counter_cache_size: 8MiB",
                "concurrent_compactors: 1",
                "compaction_throughput: 0MiB/s",
                "dynamic_snitch: false",
                // Tests drop keyspaces freely; a snapshot per dropped table would only fill the
                // disk.
                "auto_snapshot: " + node.autoSnapshot(),
                // Extra lines for an experiment, e.g.
                // -Dleaderboard.cassandra.yaml="concurrent_reads: 4;concurrent_writes: 4" (docs).
                System.getProperty("leaderboard.cassandra.yaml", "").replace(";", "\n"),
                security(node.security()));
    }

    private static String security(NodeSecurity security) {
        StringBuilder yaml = new StringBuilder();
        if (security.passwordAuthentication()) {
            yaml.append("authenticator: PasswordAuthenticator\n");
        }
        if (security.tls()) {
            yaml.append("client_encryption_options:\n")
                    .append("  enabled: true\n")
                    // Not optional: a plain-text client is refused, not silently let in.
                    .append("  optional: false\n")
                    .append("  keystore: ")
                    .append(security.tlsKeystore().toAbsolutePath())
                    .append("\n")
                    .append("  keystore_password: ")
                    .append(security.tlsKeystorePassword())
                    .append("\n")
                    .append("  store_type: PKCS12\n");
        }
        return yaml.toString();
    }
}
