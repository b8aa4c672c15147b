package org.leaderboard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.leaderboard.local.CassandraNode;
import org.leaderboard.local.ClientSecurity;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.local.Sessions;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.HttpJson;
import org.leaderboard.testsupport.LateLanding;
import org.leaderboard.testsupport.Oracle.Vote;
import org.leaderboard.testsupport.Services;

/**
 * A vote whose insert reached one replica only, folded without it, then spread by hinted handoff: a
 * retry after its window must not be told ALREADY_RECORDED, since no snapshot counts it.
 *
 * <p>With nodes 1 and 2 down, the vote is written at consistency ONE through node 3 (what a writer
 * insert that timed out after reaching one replica leaves behind; node 3 keeps hints for the
 * others). Node 3 goes down, nodes 1 and 2 come back (node 1 first: it is the seed), and a snapshot
 * pass reads the vote's time at LOCAL_QUORUM from them: without the vote. Node 3 comes back and
 * replays its hints, and the vote is now stored on every replica.
 */
class LateLandingIntegrationTests {

    private static final String TEST = "late-landing";
    private static final String BOARD = "late-landing";

    private static final String OUTSIDE_THE_WINDOW = "Vote outside the write window";

    @Test
    void aVoteThatReachedOneReplicaAndLandedEverywhereAfterTheSnapshotIsNotToldAlreadyRecorded() {
        TestCluster cluster = TestCluster.shared();
        String keyspace = cluster.newKeyspace("late_landing");
        try (Services services = Faults.services(keyspace, cluster.springArguments(keyspace))) {
            ServiceProcess[] started =
                    services.together(() -> services.writer("writer-service"), services::query);
            ServiceProcess writer = started[0];
            ServiceProcess query = started[1];
            Faults.createBoard(writer.baseUrl(), BOARD);
            UUID acknowledged = TimeUuids.newVoteId();
            assertThat(cast(writer, acknowledged, "acked", 1).status()).isEqualTo(202);
            // Nodes 1 and 2 are killed next. The test cluster syncs its commit logs periodically
            // (every 10 s, Cassandra's default mode), so a node killed right after a write may
            // replay without it: in one suite run on a busy machine both lost the board and the
            // acknowledged vote, the snapshot pass found nothing and the board stayed empty.
            // That is the store's configured durability (two of three replicas crashing inside
            // one sync period), not what this test is about: wait one sync period first.
            Instant synced = Instant.now().plusSeconds(11);
            await().atMost(Duration.ofSeconds(20)).until(() -> Instant.now().isAfter(synced));

            CassandraNode node1 = cluster.node(1);
            CassandraNode node2 = cluster.node(2);
            CassandraNode node3 = cluster.node(3);
            node1.kill();
            node2.kill();
            UUID oneReplica = TimeUuids.newVoteId();
            try (CqlSession toNode3 =
                    Sessions.connect(
                            List.of(node3.spec().contactPoint()), keyspace, ClientSecurity.NONE)) {
                // Consistency ONE (the session's default): stored on node 3 alone.
                LateLanding.land(toNode3, BOARD, 1, 4, oneReplica, "late", 5);
            }
            // Node 3 writes hints for the two replicas once their write times out (2 s), and
            // flushes them when it stops.
            Instant hinted = Instant.now().plusSeconds(4);
            await().atMost(Duration.ofSeconds(10)).until(() -> Instant.now().isAfter(hinted));
            node3.stop();
            Instant restarting = Instant.now();
            startAll(node1);
            startAll(node2);
            Duration restart = Duration.between(restarting, Instant.now());
            Instant frozen = TimeUuids.timeOf(oneReplica).plusSeconds(Faults.WINDOW_SECONDS + 4);
            await().atMost(Duration.ofMinutes(1)).until(() -> Instant.now().isAfter(frozen));
            assertThat(services.snapshotOnce(Faults.SAFETY_MARGIN)).isZero();
            Map<String, Long> folded = votesByUser(query);

            Instant back = Instant.now();
            startAll(node3);
            cluster.cassandra.awaitAllUp(ClientSecurity.NONE, Duration.ofMinutes(2));
            Duration nodeThreeBack = Duration.between(back, Instant.now());
            // Until hints (or read repair) bring the vote to a quorum, the writer does not find it;
            // while its replicas catch up it may also answer 503 "retry in a few seconds", as it
            // tells any client, and the test retries as a client would.
            HttpJson.Answer lateRetry =
                    await().atMost(Duration.ofMinutes(3))
                            .pollInterval(Duration.ofSeconds(2))
                            .until(
                                    () -> cast(writer, oneReplica, "late", 5),
                                    answer ->
                                            answer.status() != 503
                                                    && !answer.body()
                                                            .path("title")
                                                            .asText()
                                                            .equals(OUTSIDE_THE_WINDOW));
            Duration spread = Duration.between(back, Instant.now()).minus(nodeThreeBack);
            HttpJson.Answer acknowledgedRetry = cast(writer, acknowledged, "acked", 1);

            Report.line(
                    TEST,
                    "vote on one replica, folded without it, then spread by hints: late retry"
                            + " answered %d %s; leaderboard %s (nodes 1 and 2 back in %s, node 3"
                            + " in %s, the vote found by the writer %s later)",
                    lateRetry.status(),
                    lateRetry.body().path("title").asText(lateRetry.body().path("status").asText()),
                    votesByUser(query),
                    Report.seconds(restart),
                    Report.seconds(nodeThreeBack),
                    Report.seconds(spread));
            assertThat(folded).isEqualTo(Map.of("acked", 1L));
            assertThat(lateRetry.status()).isEqualTo(422);
            assertThat(lateRetry.body().path("title").asText()).isEqualTo("Vote not counted");
            assertThat(acknowledgedRetry.status()).isEqualTo(202);
            assertThat(acknowledgedRetry.body().path("status").asText())
                    .isEqualTo("ALREADY_RECORDED");
            assertThat(votesByUser(query)).isEqualTo(Map.of("acked", 1L));
        } finally {
            startAll(cluster.node(1));
            startAll(cluster.node(2), cluster.node(3));
            cluster.cassandra.awaitAllUp(ClientSecurity.NONE, Duration.ofMinutes(3));
        }
    }

    private static HttpJson.Answer cast(
            ServiceProcess writer, UUID voteId, String user, int votes) {
        return Faults.HTTP.post(
                writer.baseUrl() + "/boards/" + BOARD + "/votes",
                new Vote(voteId, BOARD, user, "v-" + user, votes).body());
    }

    private static Map<String, Long> votesByUser(ServiceProcess query) {
        Map<String, Long> votes = new java.util.TreeMap<>();
        Faults.leaderboard(query.baseUrl(), BOARD)
                .forEach(row -> votes.put(row.user(), row.votes()));
        return votes;
    }

    /** Starts the nodes that are not running, at once. */
    private static void startAll(CassandraNode... nodes) {
        CompletableFuture.allOf(
                        java.util.Arrays.stream(nodes)
                                .filter(node -> !node.isRunning())
                                .map(
                                        node ->
                                                CompletableFuture.runAsync(
                                                        () -> node.start(Duration.ofMinutes(3))))
                                .toArray(CompletableFuture[]::new))
                .join();
    }
}
