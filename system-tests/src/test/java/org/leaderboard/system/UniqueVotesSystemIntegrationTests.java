package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.testsupport.Boards;
import org.leaderboard.testsupport.HttpJson;

/**
 * Invariant 8 with real processes: one voter's 50 concurrent different votes, spread over two
 * writer processes and eight client threads. Asserts the guarantee as docs/counting.md states it:
 * exactly one vote counts; it was answered RECORDED; a 409 never counts; each writer answers
 * RECORDED at most once per voter (claims are serialised inside a writer), so only the two writers
 * can race; and the claim is final: the same vote counts after the snapshot passes.
 */
class UniqueVotesSystemIntegrationTests {

    private static final int ROUNDS = 100;
    private static final int ATTEMPTS = 50;
    private static final int WINDOW_SECONDS = 10;

    private static RunningSystem system;
    private static ServiceProcess secondWriter;
    private static final ExecutorService THREADS = Executors.newFixedThreadPool(8);
    private final HttpJson http = new HttpJson();

    @BeforeAll
    static void start() {
        system = new RunningSystem("unique");
        secondWriter = system.startAnotherWriter();
    }

    @AfterAll
    static void stop() {
        THREADS.shutdownNow();
        system.close();
    }

    @Test
    void oneVoterCountsOnceInEveryRoundWhateverTheWritersAnswered() {
        Boards boards = new Boards(http, system.writerUrl(), system.queryUrl());
        List<String> writers = List.of(system.writerUrl(), secondWriter.baseUrl());
        int recorded = 0;
        int maxRecordedInARound = 0;
        Map<String, String> countedUser = new java.util.HashMap<>();
        for (int round = 0; round < ROUNDS; round++) {
            String board = "unique-" + round;
            boards.create(
                    board,
                    Map.of("uniqueVotes", "PER_BOARD", "writeWindowSeconds", WINDOW_SECONDS));
            List<HttpJson.Answer> answers = race(board, writers);
            JsonNode leaderboard = boards.leaderboard(board, "");

            assertThat(leaderboard.get("totalUsers").asLong()).as(board).isEqualTo(1);
            JsonNode counted = leaderboard.get("entries").get(0);
            assertThat(counted.get("votes").asLong()).isEqualTo(1);
            int winner = Integer.parseInt(counted.get("user").asText().substring(1));
            assertThat(answers.get(winner).status())
                    .as("the counted vote was acknowledged")
                    .isEqualTo(202);
            assertThat(answers.get(winner).body().get("status").asText()).isEqualTo("RECORDED");
            assertThat(answers).allSatisfy(a -> assertThat(a.status()).isIn(202, 409));
            for (int writer = 0; writer < writers.size(); writer++) {
                int fromThisWriter = writer;
                assertThat(
                                IntStream.range(0, ATTEMPTS)
                                        .filter(i -> i % writers.size() == fromThisWriter)
                                        .filter(i -> answers.get(i).status() == 202))
                        .as("votes writer %d answered RECORDED in %s", writer, board)
                        .hasSizeLessThanOrEqualTo(1);
            }
            int acknowledged = (int) answers.stream().filter(a -> a.status() == 202).count();
            recorded += acknowledged;
            maxRecordedInARound = Math.max(maxRecordedInARound, acknowledged);
            countedUser.put(board, counted.get("user").asText());
        }
        System.out.printf(
                "unique votes: %d rounds x %d attempts over 2 writers: %d answered RECORDED"
                        + " (at most %d in one round), 1 counted per round%n",
                ROUNDS, ATTEMPTS, recorded, maxRecordedInARound);

        Instant frozen = Instant.now().plusSeconds(WINDOW_SECONDS + 2);
        await().atMost(Duration.ofSeconds(30)).until(() -> Instant.now().isAfter(frozen));
        assertThat(system.snapshotOnce("--snapshot.safety-margin=1s")).isZero();
        countedUser.forEach(
                (board, user) -> {
                    JsonNode leaderboard = boards.leaderboard(board, "");
                    assertThat(leaderboard.get("tailEvents").asLong()).isZero();
                    assertThat(leaderboard.get("totalUsers").asLong()).as(board).isEqualTo(1);
                    JsonNode entry = leaderboard.get("entries").get(0);
                    assertThat(entry.get("votes").asLong()).isEqualTo(1);
                    assertThat(entry.get("user").asText())
                            .as("still the same vote")
                            .isEqualTo(user);
                });
    }

    /** 50 different votes of voter "v" (for users u0..u49), sent at once to alternating writers. */
    private List<HttpJson.Answer> race(String board, List<String> writers) {
        List<CompletableFuture<HttpJson.Answer>> attempts =
                IntStream.range(0, ATTEMPTS)
                        .mapToObj(
                                i ->
                                        CompletableFuture.supplyAsync(
                                                () ->
                                                        http.post(
                                                                writers.get(i % 2)
                                                                        + "/boards/"
                                                                        + board
                                                                        + "/votes",
                                                                Map.of(
                                                                        "user", "u" + i, "voter",
                                                                        "v", "votes", 1)),
                                                THREADS))
                        .toList();
        return attempts.stream().map(CompletableFuture::join).toList();
    }
}
