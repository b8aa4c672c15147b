package org.leaderboard.query.query;

import java.time.Instant;
import java.util.Map;
import org.apache.datasketches.hll.HllSketch;
import org.leaderboard.model.tally.Tally;

/**
 * The per-user tallies (and distinct-voter sketches) of every event with time before {@code cutoff}
 * (exclusive). Shared between queries, so never modified: a query copies the tallies before adding
 * its tail, and only reads the sketches.
 */
record Snapshot(Instant cutoff, Map<String, Tally> tallies, Map<String, HllSketch> voters) {

    Snapshot {
        tallies = Map.copyOf(tallies);
        voters = Map.copyOf(voters);
    }

    /**
     * Nothing yet: a board without any snapshot (from its epoch, the earliest possible event), or a
     * period whose first snapshot is not written yet (from the period's start).
     */
    static Snapshot empty(Instant from) {
        return new Snapshot(from, Map.of(), Map.of());
    }
}
