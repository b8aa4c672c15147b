package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.time.TimeUuids;

/**
 * Query services hold the tail rows they have read and look behind them only where a writer left a
 * late mark, so every event whose writes complete more than {@code writer.late-after} (100 ms)
 * after its own time must be marked before it is acknowledged: a client's voteId from the past, a
 * slow insert, a unique vote, a retraction. Events stored on time leave no mark (marks cost a write
 * each, and a count of the held rows on every query replica).
 */
class LateMarksIntegrationTests extends WriterIntegrationTestBase {

    /** Longer than writer.late-after, well inside the 60 s write window. */
    private static final Duration LATE = Duration.ofSeconds(2);

    @Test
    void aVoteFromThePastIsMarkedAndAVoteOnTimeIsNot() {
        String board = newBoard("marks");
        assertThat(createBoard(board).status()).isEqualTo(201);
        UUID old = TimeUuids.voteIdAt(clock.instant().minus(LATE));
        UUID onTime = voteIdNow();

        assertThat(post("/boards/" + board + "/votes", vote(old, "u1", 1)).status()).isEqualTo(202);
        assertThat(post("/boards/" + board + "/votes", vote(onTime, "u2", 1)).status())
                .isEqualTo(202);

        assertThat(marks(board)).containsExactly(old);
    }

    @Test
    void aVoteWhoseInsertCompletesLateIsMarked() {
        String board = newBoard("slow-mark");
        assertThat(createBoard(board).status()).isEqualTo(201);
        UUID voteId = voteIdNow();

        // The request reads the clock, then the store takes 2 s (inside the 60 s window).
        clock.advanceAfterNextRead(LATE);
        assertThat(post("/boards/" + board + "/votes", vote(voteId, "u1", 1)).status())
                .isEqualTo(202);

        assertThat(marks(board)).containsExactly(voteId);
    }

    @Test
    void onlyTheLateVotesOfABatchAreMarked() {
        String board = newBoard("batch-marks");
        assertThat(createBoard(board).status()).isEqualTo(201);
        UUID old = TimeUuids.voteIdAt(clock.instant().minus(LATE));
        UUID onTime = voteIdNow();

        Answer batch =
                post(
                        "/boards/" + board + "/votes/batch",
                        "{\"votes\":[" + vote(old, "u1", 1) + "," + vote(onTime, "u2", 1) + "]}");

        assertThat(batch.status()).isEqualTo(200);
        assertThat(marks(board)).containsExactly(old);
    }

    @Test
    void aLateUniqueVoteAndALateRetractionAreMarked() {
        String board = newBoard("unique-marks");
        assertThat(
                        post(
                                        "/boards",
                                        "{\"board\":\""
                                                + board
                                                + "\",\"uniqueVotes\":\"PER_BOARD\"}")
                                .status())
                .isEqualTo(201);
        UUID old = TimeUuids.voteIdAt(clock.instant().minus(LATE));
        assertThat(post("/boards/" + board + "/votes", vote(old, "u1", 1)).status()).isEqualTo(202);

        clock.advanceAfterNextRead(LATE);
        Answer retraction = post("/boards/" + board + "/votes/" + old + "/retraction", "");

        assertThat(retraction.status()).isEqualTo(202);
        UUID retractionId = UUID.fromString(retraction.text("retractionId"));
        assertThat(marks(board)).containsExactlyInAnyOrder(old, retractionId);
    }

    private static Set<UUID> marks(String board) {
        List<UUID> ids =
                SESSION
                        .execute(
                                "SELECT event_id FROM late_events WHERE board = ? ALLOW FILTERING",
                                board)
                        .all()
                        .stream()
                        .map(row -> row.getUuid(0))
                        .toList();
        return ids.stream().collect(Collectors.toSet());
    }
}
