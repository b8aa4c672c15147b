package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A vote is acknowledged only if its writes completed while its write window was still open. The
 * window used to be checked only with the time read when the request arrived: an insert, a claim or
 * a wait for the voter's lock that took longer than the window still answered 202, although a
 * snapshot worker may already have folded the vote's partition without it (never counted). The
 * clock here jumps past the window right after the request reads it, as a slow write would.
 */
class SlowWriteIntegrationTests extends WriterIntegrationTestBase {

    /** Longer than the default write window (60 s). */
    private static final Duration SLOW = Duration.ofSeconds(61);

    @Test
    void aVoteWhoseInsertCompletesAfterItsWindowIsNotAcknowledged() {
        String board = newBoard("slow");
        assertThat(createBoard(board).status()).isEqualTo(201);
        UUID voteId = voteIdNow();

        clock.advanceAfterNextRead(SLOW);
        Answer answer = post("/boards/" + board + "/votes", vote(voteId, "u1", 1));

        assertThat(answer.status()).isEqualTo(503);
        assertThat(answer.text("detail"))
                .contains(voteId.toString())
                .contains("is not acknowledged")
                .contains("write window of 60 s had closed");
    }

    @Test
    void aUniqueVoteWhoseClaimCompletesAfterItsWindowIsNotAcknowledgedAndHoldsNoClaim() {
        String board = newBoard("slow-unique");
        assertThat(
                        post(
                                        "/boards",
                                        "{\"board\":\""
                                                + board
                                                + "\",\"uniqueVotes\":\"PER_BOARD\"}")
                                .status())
                .isEqualTo(201);
        UUID slow = voteIdNow();

        clock.advanceAfterNextRead(SLOW);
        Answer answer = post("/boards/" + board + "/votes", vote(slow, "u1", 1));
        clock.reset();
        // The slow vote never took the voter's claim, so the voter's next vote is the one.
        Answer next = post("/boards/" + board + "/votes", vote(voteIdNow(), "u2", 1));

        assertThat(answer.status()).isEqualTo(503);
        assertThat(answer.text("detail")).contains("is not acknowledged");
        assertThat(next.status()).isEqualTo(202);
        assertThat(next.text("status")).isEqualTo("RECORDED");
    }

    @Test
    void aRetractionWhoseWritesCompleteAfterItsWindowIsNotAcknowledgedAndCanBeRetried() {
        String board = newBoard("slow-retract");
        assertThat(createBoard(board).status()).isEqualTo(201);
        UUID voteId = voteIdNow();
        assertThat(post("/boards/" + board + "/votes", vote(voteId, "u1", 3)).status())
                .isEqualTo(202);
        String retraction = "/boards/" + board + "/votes/" + voteId + "/retraction";

        clock.advanceAfterNextRead(SLOW);
        Answer slow = post(retraction, "");

        clock.reset();
        Answer retried = post(retraction, "");

        assertThat(slow.status()).isEqualTo(503);
        assertThat(slow.text("detail")).contains("is not acknowledged");
        assertThat(retried.status()).isEqualTo(202);
        assertThat(retried.text("status")).isEqualTo("RECORDED");
        java.time.Instant now = clock.instant();
        assertThat(counted(board, now.minusSeconds(300), now.plusSeconds(60)).get("u1").sum())
                .isZero();
    }
}
