package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.Boards;
import org.leaderboard.testsupport.HttpJson;
import org.leaderboard.testsupport.Oracle;
import org.leaderboard.testsupport.Oracle.Row;
import org.leaderboard.testsupport.Oracle.Vote;

/**
 * Invariant 10 of the design, end to end: for any set of accepted votes, with duplicate sends,
 * concurrent sends, out-of-order vote times inside the window, single and batch requests, and
 * snapshot passes in between, every leaderboard equals a naive fold of the distinct accepted votes.
 */
class OracleIntegrationTests {

    private static final List<String> BOARDS = List.of("oracle-a", "oracle-b", "oracle-c");
    private static final int WINDOW_SECONDS = 2;
    private static final int ROUNDS = 6;
    private static final int VOTES_PER_ROUND = 500;
    private static final int[] VOTE_VALUES = {1, 1, 1, 1, -1, 2, 7};

    private static RunningSystem system;
    private final HttpJson http = new HttpJson();
    private final Oracle oracle = new Oracle();
    private final AtomicLong refused = new AtomicLong();
    private final Queue<Vote> unconfirmed = new ConcurrentLinkedQueue<>();

    @BeforeAll
    static void start() {
        system = new RunningSystem("oracle");
    }

    @AfterAll
    static void stop() {
        system.close();
    }

    @Test
    void everyLeaderboardEqualsANaiveFoldOfTheDistinctAcceptedVotes() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        System.out.println("oracle test seed " + seed);
        for (String board : BOARDS) {
            // A 2 s window and 1 s buckets let snapshot cutoffs advance during the test.
            assertThat(
                            http.post(
                                            system.writerUrl() + "/boards",
                                            Map.of(
                                                    "board",
                                                    board,
                                                    "writeWindowSeconds",
                                                    WINDOW_SECONDS,
                                                    "bucketSeconds",
                                                    1,
                                                    "shards",
                                                    4,
                                                    "chunks",
                                                    4))
                                    .status())
                    .isEqualTo(201);
        }
        Instant newestVote = Instant.EPOCH;
        for (int round = 1; round <= ROUNDS; round++) {
            // Stamped just before they are sent, a hundred at a time, so that on a slow machine
            // most still arrive inside the 2 s window (a late one is refused, and not counted).
            for (int part = 0; part < VOTES_PER_ROUND / 100; part++) {
                send(randomVotes(random, round * 100 + part, 100), random);
            }
            newestVote = Instant.now();
            if (round % 2 == 0) {
                assertThat(system.snapshotOnce("--snapshot.safety-margin=1s")).isZero();
            }
            assertAllBoardsMatchTheOracle("after round " + round);
        }
        Instant allFrozen = newestVote.plusSeconds(WINDOW_SECONDS + 3);
        await().atMost(Duration.ofSeconds(20)).until(() -> Instant.now().isAfter(allFrozen));
        assertThat(system.snapshotOnce("--snapshot.safety-margin=1s")).isZero();
        assertAllBoardsMatchTheOracle("after the final snapshot");
        for (String board : BOARDS) {
            JsonNode answer = boards().page(board, 0, 1000);
            assertThat(answer.get("tailEvents").asLong())
                    .as("every vote is in the snapshot now")
                    .isZero();
        }
        System.out.printf(
                "oracle test: %d distinct accepted votes, %d refusals (outside the window)%n",
                oracle.acceptedVotes(), refused.get());
        assertThat(oracle.acceptedVotes()).isGreaterThan(ROUNDS * VOTES_PER_ROUND / 2);
        assertThat(refused.get()).as("the late votes were refused").isPositive();
    }

    private List<Vote> randomVotes(Random random, int round, int count) {
        List<Vote> votes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            // Vote times up to 1.2 s in the past: out of order, but inside the 2 s window;
            // about one in 30 is 3 s old, outside the window: refused, and never counted.
            Instant time =
                    random.nextInt(30) == 0
                            ? Instant.now().minusSeconds(3)
                            : Instant.now().minusMillis(random.nextInt(1200));
            String board = BOARDS.get(random.nextInt(BOARDS.size()));
            String user = "user-" + (int) Math.floor(Math.pow(random.nextDouble(), 2) * 40);
            votes.add(
                    new Vote(
                            TimeUuids.voteIdAt(time),
                            board,
                            user,
                            "voter-" + round + "-" + i,
                            VOTE_VALUES[random.nextInt(VOTE_VALUES.length)]));
        }
        return votes;
    }

    /**
     * Sends every vote once or more (duplicates), in shuffled order, from 8 threads; a quarter in
     * batches.
     */
    private void send(List<Vote> votes, Random random) throws Exception {
        List<Runnable> sends = new ArrayList<>();
        Map<String, List<Vote>> batches = new java.util.HashMap<>();
        for (Vote vote : votes) {
            int copies = 1 + (random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0);
            for (int c = 0; c < copies; c++) {
                if (random.nextInt(4) == 0) {
                    List<Vote> batch =
                            batches.computeIfAbsent(vote.board(), b -> new ArrayList<>());
                    batch.add(vote);
                    if (batch.size() == 20) {
                        List<Vote> full = List.copyOf(batch);
                        sends.add(() -> sendBatch(full));
                        batch.clear();
                    }
                } else {
                    sends.add(() -> sendOne(vote));
                }
            }
        }
        batches.values().stream()
                .filter(b -> !b.isEmpty())
                .map(List::copyOf)
                .forEach(b -> sends.add(() -> sendBatch(b)));
        Collections.shuffle(sends, random);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            sends.forEach(s -> done.add(pool.submit(s)));
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    private void sendOne(Vote vote) {
        HttpJson.Answer answer =
                http.post(system.writerUrl() + "/boards/" + vote.board() + "/votes", body(vote));
        record(vote, answer.status(), answer.body());
    }

    private void sendBatch(List<Vote> votes) {
        Map<String, Object> body =
                Map.of("votes", votes.stream().map(OracleIntegrationTests::body).toList());
        HttpJson.Answer answer =
                http.post(
                        system.writerUrl() + "/boards/" + votes.get(0).board() + "/votes/batch",
                        body);
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
        JsonNode results = answer.body().get("results");
        assertThat(results).hasSize(votes.size());
        for (int i = 0; i < votes.size(); i++) {
            JsonNode result = results.get(i);
            assertThat(UUID.fromString(result.get("voteId").asText()))
                    .isEqualTo(votes.get(i).voteId());
            int status =
                    "REFUSED".equals(result.get("status").asText())
                            ? result.get("httpStatus").asInt()
                            : 202;
            record(votes.get(i), status, result);
        }
    }

    private void record(Vote vote, int status, JsonNode body) {
        if (status == 503) {
            // Not confirmed (a duplicate arriving after the window, before the snapshot of its
            // time; or a write completed after the window): resolved below, as a client would.
            unconfirmed.add(vote);
        } else if (status == 202) {
            assertThat(body.get("status").asText()).isIn("RECORDED", "ALREADY_RECORDED");
            oracle.accept(vote);
        } else {
            assertThat(status).as("only a late arrival may be refused: " + body).isEqualTo(422);
            refused.incrementAndGet();
        }
    }

    private static Map<String, Object> body(Vote vote) {
        return Map.of(
                "voteId",
                vote.voteId().toString(),
                "user",
                vote.user(),
                "voter",
                vote.voter(),
                "votes",
                vote.votes());
    }

    /**
     * Retries, as a careful client does, every vote answered 503 until it gets an answer that says
     * whether it counts: after its window has passed and a snapshot covers it, a late retry is told
     * ALREADY_RECORDED if it counts and 422 if it does not.
     */
    private void resolveUnconfirmed() {
        if (unconfirmed.isEmpty()) {
            return;
        }
        Instant covered = Instant.now().plusSeconds(WINDOW_SECONDS + 3);
        await().atMost(Duration.ofSeconds(20)).until(() -> Instant.now().isAfter(covered));
        assertThat(system.snapshotOnce("--snapshot.safety-margin=1s")).isZero();
        for (Vote vote = unconfirmed.poll(); vote != null; vote = unconfirmed.poll()) {
            Vote retried = vote;
            HttpJson.Answer answer =
                    await().atMost(Duration.ofSeconds(30))
                            .until(
                                    () ->
                                            http.post(
                                                    system.writerUrl()
                                                            + "/boards/"
                                                            + retried.board()
                                                            + "/votes",
                                                    body(retried)),
                                    a -> a.status() != 503);
            record(vote, answer.status(), answer.body());
        }
    }

    private void assertAllBoardsMatchTheOracle(String when) {
        resolveUnconfirmed();
        for (String board : BOARDS) {
            assertThat(wholeLeaderboard(board))
                    .as(board + " " + when)
                    .isEqualTo(oracle.leaderboard(board));
        }
    }

    /** The whole board, read page by page (pages of 7 exercise offset/limit). */
    private List<Row> wholeLeaderboard(String board) {
        return boards().rows(board, 7);
    }

    private Boards boards() {
        return new Boards(http, system.writerUrl(), system.queryUrl());
    }
}
