package org.leaderboard.snapshot.pass;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.SnapshotHead;

/** Cutoff arithmetic of a pass: where it starts, where it may go, and where each step ends. */
final class Cutoffs {

    private Cutoffs() {}

    /**
     * The newest cutoff a pass may reach: no vote can still arrive before it (invariant 4). Aligned
     * down to a bucket boundary so concurrent workers, whatever their exact {@code now}, mostly
     * pick the same cutoffs and therefore write the same layers.
     */
    static Instant target(BoardSettings board, Instant now, Duration safetyMargin) {
        return board.buckets().floor(now.minus(board.writeWindow()).minus(safetyMargin));
    }

    /** Where the chain continues: the newest head's cutoff, or the board's epoch without one. */
    static Instant start(BoardSettings board, Optional<SnapshotHead> head) {
        return head.map(SnapshotHead::cutoff).orElseGet(board::epoch);
    }

    /** The end of the step starting at {@code from}: at most {@code maxBuckets} buckets later. */
    static Instant stepEnd(BoardSettings board, Instant from, Instant target, int maxBuckets) {
        Instant limit = from.plus(board.buckets().size().multipliedBy(maxBuckets));
        return limit.isBefore(target) ? limit : target;
    }
}
