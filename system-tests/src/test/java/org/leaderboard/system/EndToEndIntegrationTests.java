package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.Boards;
import org.leaderboard.testsupport.HttpJson;
import org.leaderboard.testsupport.LateLanding;
import org.leaderboard.testsupport.TestCassandra;

/** What a user of the HTTP APIs sees, with the real services and real clocks. */
class EndToEndIntegrationTests {

    private static RunningSystem system;
    private final HttpJson http = new HttpJson();

    @BeforeAll
    static void start() {
        system = new RunningSystem("endtoend");
    }

    @AfterAll
    static void stop() {
        system.close();
    }

    @Test
    void aVoteAcknowledgedByTheWriterIsInTheVeryNextLeaderboardBeforeAnySnapshot() {
        createBoard("ryw", 60);
        for (int i = 1; i <= 25; i++) {
            HttpJson.Answer cast = castVote("ryw", null, i % 2 == 0 ? "alice" : "bob", 1);
            assertThat(cast.status()).isEqualTo(202);
            assertThat(cast.body().get("status").asText()).isEqualTo("RECORDED");

            JsonNode board = http.get(system.queryUrl() + "/boards/ryw/leaderboard").body();
            long total = 0;
            for (JsonNode entry : board.get("entries")) {
                total += entry.get("votes").asLong();
            }
            assertThat(total).as("votes counted right after %d acknowledged votes", i).isEqualTo(i);
            assertThat(board.get("tailEvents").asLong()).isEqualTo(i);
        }
        JsonNode standing = http.get(system.queryUrl() + "/boards/ryw/users/alice?around=1").body();
        assertThat(standing.get("rank").asLong()).isEqualTo(2);
        assertThat(standing.get("votes").asLong()).isEqualTo(12);
        assertThat(standing.get("around")).hasSize(2);
    }

    /**
     * A vote older than the window is refused and not stored. A stored vote retried after its
     * window is told ALREADY_RECORDED once the snapshot of its time shows it was counted (503 with
     * Retry-After until then), and a vote that reached the store only after that snapshot (an
     * insert that was never acknowledged, landing late) is told it does not count.
     */
    @Test
    void lateVotesAndLateRetriesAreAnsweredByWhetherTheyCount() {
        createBoard("window", 2);
        HttpJson.Answer late =
                castVote("window", TimeUuids.voteIdAt(Instant.now().minusSeconds(5)), "carol", 1);
        assertThat(late.status()).isEqualTo(422);
        assertThat(late.body().get("detail").asText()).contains("window");

        UUID stored = TimeUuids.voteIdAt(Instant.now());
        assertThat(castVote("window", stored, "dave", 3).status()).isEqualTo(202);
        Instant windowClosed = TimeUuids.timeOf(stored).plusMillis(2500);
        await().atMost(Duration.ofSeconds(5)).until(() -> Instant.now().isAfter(windowClosed));
        HttpJson.Answer beforeSnapshot = castVote("window", stored, "dave", 3);
        assertThat(beforeSnapshot.status()).isEqualTo(503);
        assertThat(beforeSnapshot.body().get("title").asText()).isEqualTo("Vote not confirmed yet");

        Instant folded = TimeUuids.timeOf(stored).plusSeconds(5);
        await().atMost(Duration.ofSeconds(10)).until(() -> Instant.now().isAfter(folded));
        assertThat(system.snapshotOnce("--snapshot.safety-margin=1s")).isZero();
        HttpJson.Answer retry = castVote("window", stored, "dave", 3);
        assertThat(retry.status()).isEqualTo(202);
        assertThat(retry.body().get("status").asText()).isEqualTo("ALREADY_RECORDED");

        UUID landedLate;
        try (CqlSession session = TestCassandra.shared().session(system.keyspace)) {
            landedLate = LateLanding.intoPartitionOf(session, "window", 1, 8, stored, "erin", 4);
        }
        HttpJson.Answer lateRetry = castVote("window", landedLate, "erin", 4);
        assertThat(lateRetry.status()).isEqualTo(422);
        assertThat(lateRetry.body().get("title").asText()).isEqualTo("Vote not counted");

        JsonNode board = http.get(system.queryUrl() + "/boards/window/leaderboard").body();
        assertThat(board.get("totalUsers").asLong())
                .as("carol's refused vote and erin's late one are not counted")
                .isEqualTo(1);
        assertThat(board.get("entries").get(0).get("user").asText()).isEqualTo("dave");
        assertThat(board.get("entries").get(0).get("votes").asLong())
                .as("dave's vote counted once")
                .isEqualTo(3);
    }

    @Test
    void aSnapshotWorkerRunOnceFoldsFrozenVotesAndTheLeaderboardStaysTheSame() {
        createBoard("frozen", 1);
        for (int i = 0; i < 30; i++) {
            assertThat(castVote("frozen", null, "user-" + (i % 4), 1 + i % 3).status())
                    .isEqualTo(202);
        }
        JsonNode before = http.get(system.queryUrl() + "/boards/frozen/leaderboard").body();
        Instant frozen = Instant.now().plusSeconds(3);
        await().atMost(Duration.ofSeconds(10)).until(() -> Instant.now().isAfter(frozen));

        assertThat(system.snapshotOnce("--snapshot.safety-margin=1s")).isZero();

        JsonNode after = http.get(system.queryUrl() + "/boards/frozen/leaderboard").body();
        assertThat(after.get("entries")).isEqualTo(before.get("entries"));
        assertThat(after.get("tailEvents").asLong()).isZero();
        assertThat(Instant.parse(after.get("snapshotCutoff").asText()))
                .isAfter(Instant.parse(before.get("snapshotCutoff").asText()));
    }

    /**
     * Clocks off Cassandra's do not lose acknowledged votes. A snapshot worker whose clock runs
     * ahead (ten minutes here) cuts no later than Cassandra's clock allows, so a vote acknowledged
     * right after its pass, inside its write window, is counted by the next pass instead of landing
     * behind a snapshot already taken (stored, acknowledged, never counted). A writer whose clock
     * runs behind (ten minutes) judges windows and stamps votes by Cassandra's clock: a vote it
     * stamps is not ten minutes in the past, and a client's vote stamped now is not "in the
     * future".
     */
    @Test
    void clocksRunningAheadOrBehindTheStoreLoseNoAcknowledgedVote() {
        createBoard("skewed", 2);
        ServiceProcess behind =
                system.startAnotherWriter("writer-behind", "--writer.clock-offset=-10m");
        assertThat(castVote("skewed", null, "frank", 1).status()).isEqualTo(202);
        assertThat(
                        system.snapshotOnce(
                                "--snapshot.clock-offset=10m", "--snapshot.safety-margin=1s"))
                .isZero();
        UUID afterThePass = TimeUuids.voteIdAt(Instant.now());
        assertThat(castVote("skewed", afterThePass, "grace", 2).status()).isEqualTo(202);
        HttpJson.Answer stampedBehind = castVote(behind.baseUrl(), "skewed", null, "hank", 3);
        assertThat(stampedBehind.status()).as(stampedBehind.body().toString()).isEqualTo(202);
        assertThat(
                        Duration.between(
                                        TimeUuids.timeOf(
                                                UUID.fromString(
                                                        stampedBehind
                                                                .body()
                                                                .get("voteId")
                                                                .asText())),
                                        Instant.now())
                                .abs())
                .as("the behind writer stamps its vote by Cassandra's clock")
                .isLessThan(Duration.ofSeconds(5));
        HttpJson.Answer clientNow =
                castVote(behind.baseUrl(), "skewed", TimeUuids.voteIdAt(Instant.now()), "ida", 4);
        assertThat(clientNow.status()).as(clientNow.body().toString()).isEqualTo(202);

        Instant frozen = Instant.now().plusSeconds(4);
        await().atMost(Duration.ofSeconds(10)).until(() -> Instant.now().isAfter(frozen));
        assertThat(system.snapshotOnce("--snapshot.safety-margin=1s")).isZero();

        JsonNode board = http.get(system.queryUrl() + "/boards/skewed/leaderboard").body();
        assertThat(board.get("tailEvents").asLong()).as("every vote in the snapshot").isZero();
        assertThat(board.get("entries"))
                .extracting(entry -> entry.get("user").asText() + "=" + entry.get("votes").asLong())
                .containsExactly("ida=4", "hank=3", "grace=2", "frank=1");
    }

    private void createBoard(String board, int writeWindowSeconds) {
        new Boards(http, system.writerUrl(), system.queryUrl())
                .create(board, Map.of("writeWindowSeconds", writeWindowSeconds));
    }

    private HttpJson.Answer castVote(String board, UUID voteId, String user, int votes) {
        return castVote(system.writerUrl(), board, voteId, user, votes);
    }

    private HttpJson.Answer castVote(
            String writerUrl, String board, UUID voteId, String user, int votes) {
        Map<String, Object> body =
                voteId == null
                        ? Map.of(
                                "user", user, "voter", "voter-" + UUID.randomUUID(), "votes", votes)
                        : Map.of(
                                "voteId",
                                voteId.toString(),
                                "user",
                                user,
                                "voter",
                                "v-" + voteId,
                                "votes",
                                votes);
        return http.post(writerUrl + "/boards/" + board + "/votes", body);
    }
}
