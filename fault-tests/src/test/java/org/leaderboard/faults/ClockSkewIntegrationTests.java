package org.leaderboard.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.HttpJson;
import org.leaderboard.testsupport.Oracle;
import org.leaderboard.testsupport.Oracle.Vote;
import org.leaderboard.testsupport.Services;

/**
 * Two writers whose machine clocks differ by 4 s ({@code writer.clock-offset} -2 s and +2 s, within
 * {@code writer.max-clock-skew} 5 s) take the same votes, many of them sent to both. The one behind
 * catches up with Cassandra's clock (a writer never judges the window by a clock behind the
 * store's), so the skew left between them is the one ahead's 2 s. Counts stay exact, and a vote
 * outside the write window, or too far in the future, is refused by both.
 */
class ClockSkewIntegrationTests {

    private static final String TEST = "clock-skew";
    private static final String BOARD = "clock-skew";
    private static final int VOTES = 1500;

    @Test
    void writersWithSkewedClocksCountExactlyAndBothRefuseAVoteOutsideTheWindow() {
        TestCluster cluster = TestCluster.shared();
        String keyspace = cluster.newKeyspace("clock_skew");
        Oracle oracle = new Oracle();
        try (Services services = Faults.services(keyspace, cluster.springArguments(keyspace))) {
            ServiceProcess[] started =
                    services.together(
                            () -> services.writer("writer-behind", "--writer.clock-offset=-2s"),
                            () -> services.writer("writer-ahead", "--writer.clock-offset=2s"),
                            services::query);
            ServiceProcess behind = started[0];
            ServiceProcess ahead = started[1];
            ServiceProcess query = started[2];
            Faults.createBoard(behind.baseUrl(), BOARD);
            RetryingClient client =
                    new RetryingClient(List.of(behind.baseUrl(), ahead.baseUrl()), oracle);

            Instant lastVote = sendToBothClocks(client);

            List<String> writers = List.of(behind.baseUrl(), ahead.baseUrl());
            Instant now = Instant.now();
            int refusedByBoth = 0;
            for (Instant time :
                    List.of(
                            now.minusSeconds(Faults.WINDOW_SECONDS + 4), // older than the window
                            now.plusSeconds(5 + 4))) { // beyond the allowed skew
                Vote vote = new Vote(TimeUuids.voteIdAt(time), BOARD, "user-0", "late", 1000);
                for (String writer : writers) {
                    HttpJson.Answer answer =
                            Faults.HTTP.post(writer + "/boards/" + BOARD + "/votes", vote.body());
                    assertThat(answer.status()).as(writer + " " + answer.body()).isEqualTo(422);
                    assertThat(answer.body().get("detail").asText())
                            .contains("accepts votes at most");
                    refusedByBoth++;
                }
            }
            Report.line(
                    TEST,
                    "writers at -2 s and +2 s; %d refusals of 2 votes outside the window by both",
                    refusedByBoth);
            Report.votes(TEST, client, oracle);

            assertThat(client.gaveUp()).isZero();
            assertThat(client.refusals()).as("votes inside the window refused").isEmpty();
            Faults.assertFinalLeaderboardEqualsOracle(
                    services, query.baseUrl(), BOARD, oracle, lastVote);
        }
    }

    /**
     * Votes stamped by the client's (true) clock, each sent to one writer and a third of them to
     * both, concurrently: the writer behind sees them up to 2 s in its future, the one ahead 2 s
     * older than they are.
     */
    private static Instant sendToBothClocks(RetryingClient client) {
        Random random = new Random(11);
        List<CompletableFuture<?>> answers = new ArrayList<>();
        Instant last = Instant.EPOCH;
        for (int i = 0; i < VOTES; i++) {
            last = Instant.now();
            UUID voteId = TimeUuids.voteIdAt(last);
            Vote vote =
                    new Vote(voteId, BOARD, "user-" + random.nextInt(30), "voter-" + i, 1 + i % 3);
            answers.add(client.cast(vote, i));
            if (i % 3 == 0) {
                answers.add(client.cast(vote, i + 1));
            }
            if (answers.size() >= 64) {
                CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).join();
                answers.clear();
            }
        }
        CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).join();
        return last;
    }
}
