package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Concurrent single votes share unlogged batches (group commit); each must still be answered as on
 * its own: 202 only once stored, stored with its own content, and a later vote under an
 * acknowledged voteId never replaces it, even when both travel in one batch.
 */
class GroupCommitIntegrationTests extends WriterIntegrationTestBase {

    private static final int VOTES = 200;

    @Test
    void everyConcurrentSingleVoteIsStoredWithItsOwnContent() {
        List<String> boards = List.of(newBoard("group-a"), newBoard("group-b"));
        boards.forEach(board -> assertThat(createBoard(board).status()).isEqualTo(201));
        List<UUID> voteIds = new ArrayList<>();
        List<CompletableFuture<Answer>> answers = new ArrayList<>();
        for (int i = 0; i < VOTES; i++) {
            UUID voteId = voteIdNow();
            voteIds.add(voteId);
            answers.add(postAsync(votes(boards.get(i % 2)), vote(voteId, "u" + i % 7, 1 + i % 5)));
        }

        for (int i = 0; i < VOTES; i++) {
            Answer answer = answers.get(i).join();
            assertThat(answer.status()).as("vote %d", i).isEqualTo(202);
            assertThat(answer.text("voteId")).isEqualTo(voteIds.get(i).toString());
            var row = storedVote(boards.get(i % 2), voteIds.get(i)).orElseThrow();
            assertThat(row.getString("user_id")).isEqualTo("u" + i % 7);
            assertThat(row.getInt("votes")).isEqualTo(1 + i % 5);
        }
        for (String board : boards) {
            assertThat(
                            storedVoteIds(
                                    board,
                                    clock.instant().minus(Duration.ofMinutes(2)),
                                    clock.instant().plus(Duration.ofMinutes(1))))
                    .hasSize(VOTES / 2);
        }
    }

    @Test
    void aLaterVoteUnderAnAcknowledgedIdNeverReplacesItInAGroup() {
        String board = newBoard("group-reuse");
        assertThat(createBoard(board).status()).isEqualTo(201);
        UUID voteId = voteIdNow();
        assertThat(post(votes(board), vote(voteId, "first", 1)).status()).isEqualTo(202);

        List<CompletableFuture<Answer>> answers = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            answers.add(postAsync(votes(board), vote(voteIdNow(), "other", 1)));
            answers.add(postAsync(votes(board), vote(voteId, "second", 5)));
        }
        answers.forEach(CompletableFuture::join);

        var row = storedVote(board, voteId).orElseThrow();
        assertThat(row.getString("user_id")).isEqualTo("first");
        assertThat(row.getInt("votes")).isEqualTo(1);
    }

    private static String votes(String board) {
        return "/boards/" + board + "/votes";
    }
}
