package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.tally.Tally;

/**
 * Unique votes without Paxos (invariant 8), against the real Cassandra: whatever the writer
 * answered, exactly one vote of a voter counts, and it is one that was answered RECORDED.
 */
class UniqueVotesIntegrationTests extends WriterIntegrationTestBase {

    private static final ExecutorService THREADS = Executors.newFixedThreadPool(8);

    @AfterAll
    static void stopThreads() {
        THREADS.shutdownNow();
    }

    @Test
    void fiftyConcurrentVotesOfOneVoterCountOnceAndTheCountedOneWasRecorded() {
        int recordedTotal = 0;
        for (int round = 0; round < 20; round++) {
            String board = uniqueBoard("PER_BOARD");
            // Each attempt votes for a different user: the user who ends up counted says which
            // attempt won.
            List<CompletableFuture<Answer>> attempts =
                    IntStream.range(0, 50)
                            .mapToObj(
                                    i ->
                                            CompletableFuture.supplyAsync(
                                                    () -> post(votes(board), vote("u" + i, "v1")),
                                                    THREADS))
                            .toList();
            List<Answer> answers = attempts.stream().map(CompletableFuture::join).toList();

            Map<String, Tally> counted = countedNow(board);
            assertThat(counted).hasSize(1);
            String winner = counted.keySet().iterator().next();
            int winnerIndex = Integer.parseInt(winner.substring(1));
            assertThat(answers.get(winnerIndex).text("status")).isEqualTo("RECORDED");
            assertThat(counted.get(winner).count()).isEqualTo(1);
            for (Answer answer : answers) {
                assertThat(answer.status()).isIn(202, 409);
                if (answer.status() == 409) {
                    assertThat(answer.text("detail")).contains("voter 'v1' already voted");
                }
            }
            recordedTotal += (int) answers.stream().filter(a -> a.status() == 202).count();
        }
        System.out.printf("unique votes: 20 rounds x 50 attempts, %d RECORDED%n", recordedTotal);
    }

    @Test
    void aRetryOfTheWinnerIsAlreadyRecordedAndALaterVoteIsAConflict() {
        String board = uniqueBoard("PER_BOARD");
        UUID first = voteIdNow();

        Answer recorded = post(votes(board), vote(first, "song-a", "ann"));
        Answer retry = post(votes(board), vote(first, "song-a", "ann"));
        clock.advance(Duration.ofSeconds(1));
        Answer second = post(votes(board), vote(voteIdNow(), "song-b", "ann"));

        assertThat(recorded.text("status")).isEqualTo("RECORDED");
        assertThat(retry.status()).isEqualTo(202);
        assertThat(retry.text("status")).isEqualTo("ALREADY_RECORDED");
        assertThat(second.status()).isEqualTo(409);
        assertThat(second.text("detail"))
                .contains(
                        "voter 'ann' already voted on board '"
                                + board
                                + "' (uniqueVotes PER_BOARD)")
                .contains(first.toString());
        assertThat(countedNow(board)).containsOnlyKeys("song-a");
    }

    @Test
    void perUserBoardsAllowOneVotePerVoterAndUser() {
        String board = uniqueBoard("PER_USER");

        Answer a = post(votes(board), vote(voteIdNow(), "song-a", "ann"));
        Answer b = post(votes(board), vote(voteIdNow(), "song-b", "ann"));
        Answer again = post(votes(board), vote(voteIdNow(), "song-a", "ann"));
        Answer other = post(votes(board), vote(voteIdNow(), "song-a", "bob"));

        assertThat(List.of(a.status(), b.status(), again.status(), other.status()))
                .containsExactly(202, 202, 409, 202);
        assertThat(again.text("detail"))
                .contains("for user 'song-a' on board '" + board + "' (uniqueVotes PER_USER)");
        Map<String, Tally> counted = countedNow(board);
        assertThat(counted.get("song-a").count()).isEqualTo(2);
        assertThat(counted.get("song-b").count()).isEqualTo(1);
    }

    @Test
    void inABatchTheSecondVoteOfAVoterIsRefusedWith409() {
        String board = uniqueBoard("PER_BOARD");
        String batch =
                "{\"votes\":["
                        + vote(voteIdNow(), "song-a", "ann")
                        + ","
                        + vote(voteIdNow(), "song-b", "ann")
                        + ","
                        + vote(voteIdNow(), "song-b", "bob")
                        + "]}";

        Answer answer = post(votes(board) + "/batch", batch);

        assertThat(answer.status()).isEqualTo(200);
        List<String> statuses = new ArrayList<>();
        answer.body().path("results").forEach(r -> statuses.add(r.path("status").asText()));
        assertThat(statuses).containsExactly("RECORDED", "REFUSED", "RECORDED");
        assertThat(answer.body().path("results").get(1).path("httpStatus").asInt()).isEqualTo(409);
        assertThat(countedNow(board)).containsOnlyKeys("song-a", "song-b");
    }

    private String uniqueBoard(String policy) {
        String board = newBoard("unique");
        Answer created =
                post("/boards", "{\"board\":\"" + board + "\",\"uniqueVotes\":\"" + policy + "\"}");
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.body().path("uniqueVotes").asText()).isEqualTo(policy);
        return board;
    }

    private Map<String, Tally> countedNow(String board) {
        Instant now = clock.instant();
        Map<String, Tally> all =
                counted(board, now.minus(Duration.ofMinutes(5)), now.plusSeconds(60)).asMap();
        return Map.copyOf(all);
    }

    private static String votes(String board) {
        return "/boards/" + board + "/votes";
    }

    private String vote(String user, String voter) {
        return vote(voteIdNow(), user, voter);
    }

    private static String vote(UUID voteId, String user, String voter) {
        return "{\"voteId\":\""
                + voteId
                + "\",\"user\":\""
                + user
                + "\",\"voter\":\""
                + voter
                + "\",\"votes\":1}";
    }
}
