package org.leaderboard.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.leaderboard.local.CassandraNode;
import org.leaderboard.local.ClientSecurity;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.testsupport.Oracle;
import org.leaderboard.testsupport.Services;

/**
 * During sustained writes, queries and scheduled snapshot passes, node 3 is cut off from the other
 * two nodes and from every client by the host's packet filter (its packets dropped, connections
 * left hanging, as on a cut cable) for 30 s and healed; then its link is made slow (a low-rate
 * traffic class) for 20 s. Afterwards every acknowledged vote is counted exactly once. Where the
 * machine allows no packet filtering the node is frozen with SIGSTOP instead (its sockets stay
 * open, nothing answers), and the slow link is skipped; the report says which ran.
 */
class NetworkPartitionIntegrationTests {

    private static final String TEST = "partition";
    private static final String BOARD = "partition";
    private static final int VOTES_PER_SECOND = 50;
    private static final Duration CUT = Duration.ofSeconds(30);
    private static final Duration SLOW = Duration.ofSeconds(20);
    private static final String SLOW_RATE = "256kbit";

    @Test
    void aNodeCutOffOrOnASlowLinkLosesNoAcknowledgedVoteAndCountsNoneTwice() throws Exception {
        TestCluster cluster = TestCluster.shared();
        String keyspace = cluster.newKeyspace("partition");
        Oracle oracle = new Oracle();
        CassandraNode node = cluster.node(3);
        String address = node.spec().address();
        String unavailable = NetworkFaults.unavailableBecause();
        try (Services services = Faults.services(keyspace, cluster.springArguments(keyspace));
                NetworkFaults network = new NetworkFaults()) {
            ServiceProcess[] started =
                    services.together(
                            () -> services.writer("writer-service"),
                            services::query,
                            () ->
                                    services.scheduledWorker(
                                            "--snapshot.cron=*/2 * * * * *", Faults.SAFETY_MARGIN));
            ServiceProcess writer = started[0];
            ServiceProcess query = started[1];
            ServiceProcess worker = started[2];
            Faults.createBoard(writer.baseUrl(), BOARD);
            RetryingClient client = new RetryingClient(List.of(writer.baseUrl()), oracle);
            SteadyLoad load = new SteadyLoad(client, BOARD).start(VOTES_PER_SECOND);
            try (QueryPoller queries = new QueryPoller(query.baseUrl(), BOARD)) {
                client.awaitAcknowledged(5 * VOTES_PER_SECOND);

                double failedPassesBefore = failedPasses(worker);
                Instant cut = Instant.now();
                String how;
                if (unavailable == null) {
                    network.partition(address);
                    how = "packet filter (nftables) dropping every packet from or to " + address;
                } else {
                    signal(node, "STOP");
                    how = "SIGSTOP of node 3 (no packet filtering here: " + unavailable + ")";
                }
                Thread.sleep(CUT.toMillis());
                if (unavailable == null) {
                    network.heal();
                } else {
                    signal(node, "CONT");
                }
                Instant healed = Instant.now();
                cluster.cassandra.awaitAllUp(ClientSecurity.NONE, Duration.ofMinutes(2));
                client.awaitAcknowledged(5 * VOTES_PER_SECOND);
                Instant settled = Instant.now();
                Report.line(
                        TEST,
                        "node 3 cut off for %s by %s; during the cut: failed vote attempts %s,"
                                + " failed queries %s, failed snapshot passes %.0f; from heal to"
                                + " all nodes up and 5 s of votes (%s): failed vote attempts %s,"
                                + " failed queries %s",
                        Report.seconds(Duration.between(cut, healed)),
                        how,
                        Report.rate(client.failedBetween(cut, healed)),
                        Report.rate(queries.failedBetween(cut, healed)),
                        failedPasses(worker) - failedPassesBefore,
                        Report.seconds(Duration.between(healed, settled)),
                        Report.rate(client.failedBetween(healed, settled)),
                        Report.rate(queries.failedBetween(healed, settled)));

                if (unavailable == null) {
                    List<Long> before = connectMillis(node, 5);
                    Instant slow = Instant.now();
                    network.slowLink(address, SLOW_RATE);
                    List<Long> during = new ArrayList<>();
                    while (Instant.now().isBefore(slow.plus(SLOW))) {
                        during.addAll(connectMillis(node, 1));
                        Thread.sleep(500);
                    }
                    network.heal();
                    Instant fast = Instant.now();
                    client.awaitAcknowledged(5 * VOTES_PER_SECOND);
                    Report.line(
                            TEST,
                            "node 3 on a %s link for %s: TCP connect to it %s ms before, %s ms"
                                    + " during; failed vote attempts %s, failed queries %s",
                            SLOW_RATE,
                            Report.seconds(Duration.between(slow, fast)),
                            before,
                            during,
                            Report.rate(client.failedBetween(slow, fast)),
                            Report.rate(queries.failedBetween(slow, fast)));
                } else {
                    Report.line(TEST, "slow link skipped: no traffic control here");
                }
                Report.line(
                        TEST, "queries overall %d, failed %d", queries.reads(), queries.failed());
            } finally {
                network.heal();
                if (unavailable != null) {
                    signal(node, "CONT");
                }
            }
            Instant lastVote = load.stopAndAwaitAnswers();
            Report.votes(TEST, client, oracle);

            Faults.assertEveryAcknowledgedVoteCountedOnce(
                    services, query.baseUrl(), BOARD, client, oracle, lastVote);
        }
    }

    private static double failedPasses(ServiceProcess worker) {
        return Metrics.sum(worker.baseUrl(), "snapshot_passes_total", "outcome=\"FAILED\"");
    }

    /** How long {@code count} TCP connects to the node's CQL port take (the link's round trip). */
    private static List<Long> connectMillis(CassandraNode node, int count) {
        List<Long> millis = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long start = System.nanoTime();
            try (Socket socket = new Socket()) {
                socket.connect(
                        new InetSocketAddress(node.spec().address(), node.spec().nativePort()),
                        10_000);
                millis.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
            } catch (IOException e) {
                millis.add(-1L);
            }
        }
        return millis;
    }

    private static void signal(CassandraNode node, String signal) throws Exception {
        long pid = node.pid().orElseThrow();
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(kill.exitValue()).as("kill -%s %d", signal, pid).isZero();
    }
}
