package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.testsupport.LateLanding;
import org.leaderboard.testsupport.TestCassandra;

/**
 * A late retry is told ALREADY_RECORDED only for a vote that is counted. An insert the writer never
 * acknowledged (it timed out after reaching one replica) can land after the snapshot of its time
 * was taken, through hinted handoff or read repair; a retry after the window then found it stored
 * and was told ALREADY_RECORDED, though no snapshot would ever count it. Here the late landing is
 * the row written straight into the vote's partition after the snapshot, as the delayed mutation
 * would write it.
 */
class LateRetryIntegrationTests extends WriterIntegrationTestBase {

    private static final CqlSession CQL = TestCassandra.shared().session(KEYSPACE);

    @AfterAll
    static void close() {
        CQL.close();
    }

    @Test
    void aVoteThatLandedAfterTheSnapshotOfItsTimeIsNotToldAlreadyRecorded() {
        String board = newBoard("late");
        assertThat(createBoard(board).status()).isEqualTo(201);
        UUID counted = voteIdNow();
        assertThat(post(votes(board), vote(counted, "u1", 1)).status()).isEqualTo(202);
        clock.advance(Duration.ofMinutes(3));
        snapshotTaken(board, clock.instant().minusSeconds(600), clock.instant().minusSeconds(70));

        UUID landedLate = LateLanding.intoPartitionOf(CQL, board, 60, 8, counted, "u2", 5);
        Answer lateRetry = post(votes(board), vote(landedLate, "u2", 5));
        Answer countedRetry = post(votes(board), vote(counted, "u1", 1));
        Answer retraction = post("/boards/" + board + "/votes/" + landedLate + "/retraction", "");

        assertThat(lateRetry.status()).isEqualTo(422);
        assertThat(lateRetry.text("title")).isEqualTo("Vote not counted");
        assertThat(lateRetry.text("detail"))
                .contains("was stored after the snapshot of its time had been taken");
        assertThat(countedRetry.status()).isEqualTo(202);
        assertThat(countedRetry.text("status")).isEqualTo("ALREADY_RECORDED");
        assertThat(retraction.status()).isEqualTo(422);
    }

    @Test
    void aVoteThatLandedLateButBeforeTheSnapshotIsCountedAndToldSo() {
        String board = newBoard("late-early");
        assertThat(createBoard(board).status()).isEqualTo(201);
        UUID voteId = voteIdNow();
        LateLanding.land(CQL, board, 60, 8, voteId, "u1", 2);
        clock.advance(Duration.ofMinutes(3));
        snapshotTaken(board, clock.instant().minusSeconds(600), clock.instant().minusSeconds(70));

        Answer retry = post(votes(board), vote(voteId, "u1", 2));

        assertThat(retry.status()).isEqualTo(202);
        assertThat(retry.text("status")).isEqualTo("ALREADY_RECORDED");
    }

    private static String votes(String board) {
        return "/boards/" + board + "/votes";
    }
}
