package org.leaderboard.snapshot.retention;

import java.time.Instant;

/**
 * What one retention round removed from a board.
 *
 * @param keptFrom the cutoff of the oldest head kept for time travel (the anchor); events before it
 *     are gone
 * @param eventPartitions event partitions deleted (buckets times shards)
 * @param heads heads deleted
 * @param layers layers deleted (each in all its chunks)
 */
public record RetentionResult(
        String board, Instant keptFrom, long eventPartitions, int heads, int layers) {

    public String summary() {
        return String.format(
                "retention board=%s keptFrom=%s eventPartitionsRemoved=%d headsRemoved=%d"
                        + " layersRemoved=%d",
                board, keptFrom, eventPartitions, heads, layers);
    }
}
