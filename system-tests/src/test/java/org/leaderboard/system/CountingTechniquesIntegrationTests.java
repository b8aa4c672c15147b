package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.Period;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.Boards;
import org.leaderboard.testsupport.HttpJson;

/**
 * Retractions, distinct voters, time travel and periodic boards through the real processes, each
 * checked against an oracle before and after snapshot passes.
 */
class CountingTechniquesIntegrationTests {

    private static RunningSystem system;
    private static Boards boards;
    private final HttpJson http = new HttpJson();

    @BeforeAll
    static void start() {
        system = new RunningSystem("counting");
        boards = new Boards(new HttpJson(), system.writerUrl(), system.queryUrl());
    }

    @AfterAll
    static void stop() {
        system.close();
    }

    @Test
    void retractionsAreReflectedBeforeAndAfterSnapshots() {
        boards.create("retractions", Map.of("writeWindowSeconds", 1));
        UUID a1 = cast("retractions", "alice", 5);
        UUID a2 = cast("retractions", "alice", 3);
        UUID b1 = cast("retractions", "bob", 4);

        assertThat(boards.retract("retractions", a2).get("status").asText()).isEqualTo("RECORDED");
        assertThat(boards.retract("retractions", a2).get("status").asText())
                .isEqualTo("ALREADY_RECORDED");
        assertThat(Boards.votesByUser(boards.leaderboard("retractions", "")))
                .isEqualTo(Map.of("alice", 5L, "bob", 4L));

        snapshotAfterTheWindow();
        JsonNode snapshotted = boards.leaderboard("retractions", "");
        assertThat(snapshotted.get("tailEvents").asLong()).isZero();
        assertThat(Boards.votesByUser(snapshotted)).isEqualTo(Map.of("alice", 5L, "bob", 4L));
        JsonNode alice = snapshotted.get("entries").get(0);
        assertThat(alice.get("count").asLong()).isEqualTo(1);
        assertThat(alice.get("mean").asDouble()).isEqualTo(5.0);

        // Retracting votes that are already in a snapshot: the compensating events are new.
        boards.retract("retractions", a1);
        boards.retract("retractions", b1);
        assertThat(boards.leaderboard("retractions", "").get("totalUsers").asLong()).isZero();
        snapshotAfterTheWindow();
        JsonNode empty = boards.leaderboard("retractions", "");
        assertThat(empty.get("totalUsers").asLong()).isZero();
        assertThat(empty.get("tailEvents").asLong()).isZero();
    }

    @Test
    void oneHundredThousandDistinctVotersAreEstimatedWithinTheSketchError() {
        boards.create("voters", Map.of("writeWindowSeconds", 5));
        int voters = 100_000;
        for (int batch = 0; batch < voters / 1000; batch++) {
            List<Map<String, Object>> votes = new ArrayList<>();
            for (int i = batch * 1000; i < (batch + 1) * 1000; i++) {
                votes.add(Map.of("user", "star", "voter", "voter-" + i, "votes", 1));
            }
            HttpJson.Answer answer =
                    http.post(
                            system.writerUrl() + "/boards/voters/votes/batch",
                            Map.of("votes", votes));
            assertThat(answer.status()).isEqualTo(200);
        }
        // The same voters again, for another user and for the star: votes grow, voters do not.
        cast("voters", "star", 1, "voter-7");
        cast("voters", "other", 1, "voter-7");

        assertDistinctVoters(boards.leaderboard("voters", ""), voters);
        snapshotAfterTheWindow();
        JsonNode snapshotted = boards.leaderboard("voters", "");
        assertThat(snapshotted.get("tailEvents").asLong()).isZero();
        assertDistinctVoters(snapshotted, voters);
        assertThat(snapshotted.get("entries").get(1).get("distinctVoters").asLong()).isEqualTo(1);
    }

    @Test
    void asOfAnswersTheLeaderboardAsItStoodAtSeveralMoments() {
        boards.create("travel", Map.of("writeWindowSeconds", 1));
        Map<UUID, Vote> oracle = new HashMap<>();
        List<Instant> moments = new ArrayList<>();
        List<UUID> cast = new ArrayList<>();
        for (int phase = 0; phase < 4; phase++) {
            for (int i = 0; i < 30; i++) {
                String user = "u" + ThreadLocalRandom.current().nextInt(8);
                int votes = ThreadLocalRandom.current().nextInt(1, 6);
                UUID id = cast("travel", user, votes);
                oracle.put(id, new Vote(TimeUuids.timeOf(id), user, votes));
                cast.add(id);
            }
            if (phase == 2) {
                UUID victim = cast.get(5);
                UUID retraction =
                        UUID.fromString(
                                boards.retract("travel", victim).get("retractionId").asText());
                Vote v = oracle.get(victim);
                oracle.put(
                        retraction, new Vote(TimeUuids.timeOf(retraction), v.user(), -v.votes()));
            }
            Instant moment = Instant.now();
            moments.add(moment);
            await().until(() -> Instant.now().isAfter(moment.plusMillis(20)));
            if (phase % 2 == 1) {
                snapshotAfterTheWindow();
            }
        }
        for (Instant moment : moments) {
            JsonNode then = boards.leaderboard("travel", "asOf=" + moment);
            assertThat(Boards.votesByUser(then))
                    .as("as of %s", moment)
                    .isEqualTo(expected(oracle, moment));
            assertThat(then.get("asOf").asText()).isEqualTo(moment.toString());
        }
        assertThat(Boards.votesByUser(boards.leaderboard("travel", "")))
                .isEqualTo(expected(oracle, Instant.now()));
        HttpJson.Answer future =
                http.get(
                        system.queryUrl() + "/boards/travel/leaderboard?asOf=2999-01-01T00:00:00Z");
        assertThat(future.status()).isEqualTo(400);
        assertThat(future.body().get("detail").asText()).contains("future");
    }

    @Test
    void aDailyBoardStartsFromZeroAtMidnightInItsTimeZone() {
        ZoneId paris = ZoneId.of("Europe/Paris");
        boards.create(
                "daily",
                Map.of(
                        "writeWindowSeconds",
                        2 * 24 * 3600,
                        "period",
                        "DAILY",
                        "timeZone",
                        "Europe/Paris",
                        "bucketSeconds",
                        60));
        Instant today =
                PeriodClearance.awaitClearOfBoundary(Period.DAILY, paris, Duration.ofMinutes(1));
        Instant now = Instant.now();
        Instant yesterday = Period.DAILY.start(today.minusSeconds(1), paris);
        castAt("daily", yesterday.plusSeconds(3600), "alice", 5);
        castAt("daily", today.minusSeconds(60), "bob", 2);
        castAt("daily", today.minusSeconds(1), "alice", 1);
        castAt("daily", today, "carol", 3);
        castAt("daily", now.minusMillis(500), "bob", 1);

        JsonNode current = boards.leaderboard("daily", "");
        assertThat(Boards.votesByUser(current)).isEqualTo(Map.of("carol", 3L, "bob", 1L));
        assertThat(Instant.parse(current.get("periodStart").asText())).isEqualTo(today);

        JsonNode lastEvening = boards.leaderboard("daily", "asOf=" + today.minusSeconds(30));
        // alice's 1 a second before midnight is after this moment: not yet counted.
        assertThat(Boards.votesByUser(lastEvening)).isEqualTo(Map.of("alice", 5L, "bob", 2L));
        JsonNode wholeDay = boards.leaderboard("daily", "asOf=" + today.minusMillis(1));
        assertThat(Boards.votesByUser(wholeDay)).isEqualTo(Map.of("alice", 6L, "bob", 2L));
        assertThat(Instant.parse(lastEvening.get("periodStart").asText())).isEqualTo(yesterday);
        JsonNode yesterdayMorning =
                boards.leaderboard("daily", "asOf=" + yesterday.plusSeconds(7200));
        assertThat(Boards.votesByUser(yesterdayMorning)).isEqualTo(Map.of("alice", 5L));
    }

    private void assertDistinctVoters(JsonNode leaderboard, int voters) {
        JsonNode star = leaderboard.get("entries").get(0);
        assertThat(star.get("user").asText()).isEqualTo("star");
        assertThat(star.get("votes").asLong()).isEqualTo(voters + 1);
        double error = Math.abs(star.get("distinctVoters").asLong() - voters) / (double) voters;
        System.out.printf(
                "distinct voters: %d estimated for %d (error %.2f%%, tailEvents %d)%n",
                star.get("distinctVoters").asLong(),
                voters,
                100 * error,
                leaderboard.get("tailEvents").asLong());
        // Three relative standard errors of an lgK=12 HyperLogLog sketch: 3 x 1.04 / 64.
        assertThat(error).isLessThan(3 * 1.04 / 64);
    }

    private static Map<String, Long> expected(Map<UUID, Vote> oracle, Instant moment) {
        Map<String, Long> sums = new HashMap<>();
        Map<String, Long> counts = new HashMap<>();
        oracle.values().stream()
                .filter(v -> !v.time().isAfter(moment))
                .forEach(
                        v -> {
                            sums.merge(v.user(), (long) v.votes(), Long::sum);
                            counts.merge(v.user(), v.votes() > 0 ? 1L : -1L, Long::sum);
                        });
        counts.forEach(
                (user, count) -> {
                    if (count == 0) sums.remove(user);
                });
        return sums;
    }

    private void snapshotAfterTheWindow() {
        Instant frozen = Instant.now().plusSeconds(7);
        await().atMost(Duration.ofSeconds(15)).until(() -> Instant.now().isAfter(frozen));
        assertThat(system.snapshotOnce("--snapshot.safety-margin=1s")).isZero();
    }

    private UUID cast(String board, String user, int votes) {
        return cast(board, user, votes, "voter-" + UUID.randomUUID());
    }

    private UUID cast(String board, String user, int votes, String voter) {
        HttpJson.Answer answer =
                http.post(
                        system.writerUrl() + "/boards/" + board + "/votes",
                        Map.of("user", user, "voter", voter, "votes", votes));
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(202);
        return UUID.fromString(answer.body().get("voteId").asText());
    }

    private void castAt(String board, Instant time, String user, int votes) {
        HttpJson.Answer answer =
                http.post(
                        system.writerUrl() + "/boards/" + board + "/votes",
                        Map.of(
                                "voteId",
                                TimeUuids.voteIdAt(time).toString(),
                                "user",
                                user,
                                "voter",
                                "v-" + UUID.randomUUID(),
                                "votes",
                                votes));
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(202);
    }

    private record Vote(Instant time, String user, int votes) {}
}
