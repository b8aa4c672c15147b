package org.leaderboard.query.query;

import java.time.Instant;
import java.util.Map;
import org.leaderboard.model.tally.Tally;

/**
 * The per-user tallies of every event with time before {@code cutoff} (exclusive). Shared between
 * queries, so never modified: a query copies it before adding its tail.
 */
record Snapshot(Instant cutoff, Map<String, Tally> tallies) {

    Snapshot {
        tallies = Map.copyOf(tallies);
    }

    /** A board without any snapshot yet: nothing before its epoch, the earliest possible event. */
    static Snapshot empty(Instant epoch) {
        return new Snapshot(epoch, Map.of());
    }
}
