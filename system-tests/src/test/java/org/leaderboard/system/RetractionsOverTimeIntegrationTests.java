package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.model.board.Period;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.Boards;
import org.leaderboard.testsupport.HttpJson;
import org.leaderboard.testsupport.Oracle.Vote;

/**
 * Retractions that cross a snapshot cutoff or a period boundary, black-box through the HTTP API: a
 * warm query service (which cached the earlier snapshots) and a cold one (started at the end) must
 * both show exactly the votes that were not retracted.
 */
class RetractionsOverTimeIntegrationTests {

    private static final Duration BUCKET = Duration.ofSeconds(30);
    private static RunningSystem system;
    private static Boards boards;
    private final HttpJson http = new HttpJson();

    @BeforeAll
    static void start() {
        system = new RunningSystem("retractions");
        boards = new Boards(new HttpJson(), system.writerUrl(), system.queryUrl());
    }

    @AfterAll
    static void stop() {
        system.close();
    }

    /**
     * A vote stamped a few seconds ahead (a client clock inside the allowed skew) and retracted at
     * once, just before a bucket boundary. The retraction used to be stamped with the writer's
     * clock, before the boundary, so a snapshot at that boundary held the retraction (-7) without
     * its vote, the ranking dropped that negative tally, and the vote came back as +7 when it
     * arrived from the tail or the next layer.
     */
    @Test
    void aVoteRetractedBeforeItsTimeStaysRetractedThroughEverySnapshot() {
        String board = "ahead";
        create(Map.of("board", board, "bucketSeconds", 30, "writeWindowSeconds", 10));
        Instant boundary = nextBoundaryOneToThreeSecondsAway();
        cast(board, TimeUuids.voteIdAt(Instant.now()), "q", 1);
        UUID ahead = TimeUuids.voteIdAt(boundary.plusMillis(500));
        cast(board, ahead, "p", 7);
        assertThat(boards.retract(board, ahead).get("status").asText()).isEqualTo("RECORDED");
        assertThat(votes(system.queryUrl(), board, "")).isEqualTo(Map.of("q", 1L));

        // A snapshot at the boundary (the worker's cutoff is a bucket boundary at least the write
        // window plus its margin ago): the old retraction's bucket folded, the vote's not.
        snapshotOnceAfter(boundary.plus(Duration.ofSeconds(11)));
        JsonNode warm = leaderboard(system.queryUrl(), board, "");
        assertThat(warm.get("snapshotCutoff").asText()).isEqualTo(boundary.toString());
        assertThat(votes(warm)).isEqualTo(Map.of("q", 1L));

        // The next snapshot holds both; the warm service adds it to what it cached.
        snapshotOnceAfter(boundary.plus(BUCKET).plus(Duration.ofSeconds(11)));
        assertThat(votes(system.queryUrl(), board, "")).isEqualTo(Map.of("q", 1L));
        ServiceProcess cold = system.startAnotherQuery();
        JsonNode coldAnswer = leaderboard(cold.baseUrl(), board, "");
        JsonNode warmAnswer = leaderboard(system.queryUrl(), board, "");
        assertThat(votes(coldAnswer)).isEqualTo(Map.of("q", 1L));
        assertThat(coldAnswer.get("entries")).isEqualTo(warmAnswer.get("entries"));
    }

    /**
     * On an hourly board, retracting a vote of the previous hour used to subtract it from the
     * current hour (the compensating event was stamped now), taking away the user's current votes.
     * The retraction belongs to its vote's period.
     */
    @Test
    void retractingAVoteOfThePreviousPeriodChangesThatPeriodOnly() {
        String board = "hourly";
        create(Map.of("board", board, "period", "HOURLY", "writeWindowSeconds", 7200));
        // A cold query service starts below: the hour must not turn before the last question.
        Instant thisHour =
                PeriodClearance.awaitClearOfBoundary(
                        Period.HOURLY, ZoneOffset.UTC, Duration.ofMinutes(2));
        Instant lastHalfPast = thisHour.minus(Duration.ofMinutes(30));
        UUID old = TimeUuids.voteIdAt(lastHalfPast);
        cast(board, old, "p", 5);
        cast(board, TimeUuids.voteIdAt(Instant.now()), "p", 2);
        cast(board, TimeUuids.voteIdAt(Instant.now()), "q", 1);

        assertThat(boards.retract(board, old).get("status").asText()).isEqualTo("RECORDED");

        ServiceProcess cold = system.startAnotherQuery();
        for (String query : new String[] {system.queryUrl(), cold.baseUrl()}) {
            assertThat(votes(query, board, "")).isEqualTo(Map.of("p", 2L, "q", 1L));
            assertThat(votes(query, board, "asOf=" + lastHalfPast.plusSeconds(1)))
                    .isEqualTo(Map.of("p", 5L));
            assertThat(votes(query, board, "asOf=" + thisHour.minusMillis(1))).isEmpty();
        }
    }

    /** Waits for a moment 1 to 3 s before a bucket boundary, and returns the boundary. */
    private static Instant nextBoundaryOneToThreeSecondsAway() {
        await().atMost(Duration.ofSeconds(45))
                .pollInterval(Duration.ofMillis(50))
                .until(
                        () ->
                                millisToNextBoundary(Instant.now()) >= 1_000
                                        && millisToNextBoundary(Instant.now()) <= 3_000);
        Instant now = Instant.now();
        return now.plusMillis(millisToNextBoundary(now))
                .truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    }

    private static long millisToNextBoundary(Instant now) {
        long bucketMillis = BUCKET.toMillis();
        return bucketMillis - Math.floorMod(now.toEpochMilli(), bucketMillis);
    }

    /** Runs one snapshot pass (safety margin 1 s) once the clock has passed {@code moment}. */
    private static void snapshotOnceAfter(Instant moment) {
        await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> Instant.now().isAfter(moment));
        assertThat(system.snapshotOnce("--snapshot.safety-margin=1s")).isZero();
    }

    private void create(Map<String, Object> settings) {
        HttpJson.Answer created = http.post(system.writerUrl() + "/boards", settings);
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
    }

    private void cast(String board, UUID voteId, String user, int votes) {
        HttpJson.Answer answer =
                http.post(
                        system.writerUrl() + "/boards/" + board + "/votes",
                        new Vote(voteId, board, user, "voter-" + UUID.randomUUID(), votes).body());
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(202);
    }

    private static JsonNode leaderboard(String queryUrl, String board, String query) {
        return boards.leaderboard(queryUrl, board, query);
    }

    private static Map<String, Long> votes(String queryUrl, String board, String query) {
        return votes(leaderboard(queryUrl, board, query));
    }

    private static Map<String, Long> votes(JsonNode leaderboard) {
        return Boards.votesByUser(leaderboard);
    }
}
