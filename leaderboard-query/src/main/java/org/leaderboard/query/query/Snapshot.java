package org.leaderboard.query.query;

import java.time.Instant;
import java.util.List;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.query.rank.RankedSnapshot;

/**
 * Every event with time before {@code cutoff} (exclusive), ranked, in columns (see {@link
 * RankedSnapshot}); {@code layers} are the stored layers it was summed from (a newer head that only
 * adds layers extends it). Immutable and shared between queries.
 */
record Snapshot(Instant cutoff, RankedSnapshot ranked, List<LayerRef> layers) {

    Snapshot {
        layers = List.copyOf(layers);
    }

    /**
     * Nothing yet: a board without any snapshot (from its epoch, the earliest possible event), or a
     * period whose first snapshot is not written yet (from the period's start), ranked by {@code
     * kind}.
     */
    static Snapshot empty(Instant from, ScoreKind kind) {
        return new Snapshot(from, RankedSnapshot.empty(kind), List.of());
    }
}
