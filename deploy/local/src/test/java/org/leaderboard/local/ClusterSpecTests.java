package org.leaderboard.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterSpecTests {

    private final CassandraCluster cluster =
            CassandraCluster.onLoopback(
                    Path.of("/tmp/c"), 3, 9042, 7000, () -> 7199, "512m", List.of());

    @Test
    void nodesGetTheirOwnLoopbackAddressTheSamePortsAndTheFirstNodeAsSeed() {
        assertThat(cluster.contactPoints())
                .containsExactly("127.0.0.1:9042", "127.0.0.2:9042", "127.0.0.3:9042");
        assertThat(cluster.nodes())
                .allSatisfy(n -> assertThat(n.spec().seeds()).containsExactly("127.0.0.1:7000"));
        assertThat(cluster.node(2).spec().directory()).isEqualTo(Path.of("/tmp/c/node-2"));
    }

    @Test
    void tokensSplitTheRingIntoEqualShares() {
        List<BigInteger> tokens =
                cluster.nodes().stream().map(n -> new BigInteger(n.spec().initialToken())).toList();
        BigInteger third = BigInteger.ONE.shiftLeft(64).divide(BigInteger.valueOf(3));
        assertThat(tokens.get(0)).isEqualTo(BigInteger.valueOf(Long.MIN_VALUE));
        assertThat(tokens.get(1).subtract(tokens.get(0))).isEqualTo(third);
        assertThat(tokens.get(2).subtract(tokens.get(1))).isEqualTo(third);
    }

    @Test
    void replicationIsThreeInTheOnlyDataCenter() {
        assertThat(cluster.replication())
                .isEqualTo("{'class': 'NetworkTopologyStrategy', 'datacenter1': 3}");
    }

    @Test
    void aSecuredNodeDemandsAPasswordAndTlsAndAPlainNodeNeither() {
        NodeSpec plain = NodeSpec.singleNode(Path.of("/tmp/n"), 9042, 7000, 7199, "512m");
        assertThat(CassandraYaml.render(plain))
                .doesNotContain("authenticator")
                .doesNotContain("client_encryption_options");

        String secured =
                CassandraYaml.render(
                        plain.withSecurity(
                                NodeSecurity.passwordAndTls(Path.of("/tmp/n/node.p12"), "pw")));
        assertThat(secured)
                .contains("authenticator: PasswordAuthenticator")
                .contains(
                        "client_encryption_options:\n  enabled: true\n  optional: false\n"
                                + "  keystore: /tmp/n/node.p12\n  keystore_password: pw\n"
                                + "  store_type: PKCS12\n");
    }

    @Test
    void aNodesOwnJvmOptionsComeAfterTheUsualOnesAndKeepItsSecurity() {
        CassandraCluster quick =
                CassandraCluster.onLoopback(
                        Path.of("/tmp/c"),
                        3,
                        9042,
                        7000,
                        () -> 7199,
                        "512m",
                        List.of("-XX:TieredStopAtLevel=1"));
        assertThat(quick.nodes())
                .allSatisfy(
                        n -> {
                            List<String> flags = JvmFlags.forNode(n.spec());
                            assertThat(flags).contains("-XX:TieredStopAtLevel=1");
                            assertThat(flags.indexOf("-XX:TieredStopAtLevel=1"))
                                    .isGreaterThan(flags.indexOf("-Xmx512m"));
                        });
        assertThat(JvmFlags.forNode(cluster.node(1).spec()))
                .doesNotContain("-XX:TieredStopAtLevel=1");

        NodeSpec secured =
                quick.node(1)
                        .spec()
                        .withSecurity(NodeSecurity.passwordAndTls(Path.of("/tmp/n/n.p12"), "pw"));
        assertThat(secured.jvmOptions()).containsExactly("-XX:TieredStopAtLevel=1");
    }
}
