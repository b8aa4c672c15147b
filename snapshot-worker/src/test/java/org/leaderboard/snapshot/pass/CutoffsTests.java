package org.leaderboard.snapshot.pass;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.SnapshotHead;

class CutoffsTests {

    private static final Instant CREATED = Instant.parse("2025-01-01T12:00:30Z");
    // Write window 60 s, buckets of 60 s.
    private static final BoardSettings BOARD =
            new BoardSettings("b", 60, UniqueVotes.NONE, 60, 4, 4, CREATED);
    private static final Duration MARGIN = Duration.ofSeconds(10);

    @Test
    void theTargetStaysAWriteWindowAndAMarginBehindNowOnABucketBoundary() {
        // 12:10:15 - 60 s - 10 s = 12:09:05, floored to 12:09:00.
        assertThat(Cutoffs.target(BOARD, Instant.parse("2025-01-01T12:10:15Z"), MARGIN))
                .isEqualTo(Instant.parse("2025-01-01T12:09:00Z"));
    }

    @Test
    void aTargetExactlyOnABoundaryIsKept() {
        assertThat(Cutoffs.target(BOARD, Instant.parse("2025-01-01T12:10:10Z"), MARGIN))
                .isEqualTo(Instant.parse("2025-01-01T12:09:00Z"));
        assertThat(Cutoffs.target(BOARD, Instant.parse("2025-01-01T12:10:09.999Z"), MARGIN))
                .isEqualTo(Instant.parse("2025-01-01T12:08:00Z"));
    }

    @Test
    void withoutAHeadAPassStartsAtTheBoardsEpoch() {
        // created 12:00:30 - window 60 s - one bucket = 11:58:30, floored to 11:58:00.
        assertThat(Cutoffs.start(BOARD, Optional.empty()))
                .isEqualTo(Instant.parse("2025-01-01T11:58:00Z"));
    }

    @Test
    void withAHeadAPassContinuesFromItsCutoff() {
        Instant cutoff = Instant.parse("2025-01-01T12:05:00Z");
        SnapshotHead head = new SnapshotHead("b", cutoff, CREATED, List.of(), 0, 0, CREATED);
        assertThat(Cutoffs.start(BOARD, Optional.of(head))).isEqualTo(cutoff);
    }

    @Test
    void aStepEndsAfterAtMostMaxBucketsOrAtTheTarget() {
        Instant from = Instant.parse("2025-01-01T12:00:00Z");
        Instant target = Instant.parse("2025-01-01T14:00:00Z");
        assertThat(Cutoffs.stepEnd(BOARD, from, target, 60))
                .isEqualTo(Instant.parse("2025-01-01T13:00:00Z"));
        assertThat(Cutoffs.stepEnd(BOARD, from, target, 500)).isEqualTo(target);
        assertThat(Cutoffs.stepEnd(BOARD, from, target, 120)).isEqualTo(target);
    }
}
