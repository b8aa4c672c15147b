package org.leaderboard.snapshot.pass;

import java.time.Instant;

/**
 * What one pass over one board did.
 *
 * @param previousCutoff the newest cutoff before the pass (the board's epoch without a head)
 * @param newCutoff the newest cutoff after it
 * @param eventsRead events folded from the event table, over all steps
 * @param partitionsRead event partitions read
 * @param layersWritten layers the steps wrote before their heads: their deltas (merges are counted
 *     in {@code merges})
 * @param merges merges of two layers the pass's heads name for the first time (prepared after the
 *     previous head, or done in the step)
 * @param headsWritten heads committed, one per step
 * @param foldMillis time spent reading and folding events (the fold phase of every step)
 * @param layerMillis time spent writing the steps' delta layers
 * @param compactMillis time the steps spent on merges before their heads: waiting for the merges
 *     prepared after the previous head, or doing them (reading older layers back, writing the
 *     merge) when none were prepared
 */
public record PassResult(
        String board,
        Outcome outcome,
        Instant previousCutoff,
        Instant newCutoff,
        long eventsRead,
        long partitionsRead,
        int layersWritten,
        int merges,
        int headsWritten,
        double foldMillis,
        double layerMillis,
        double compactMillis) {

    public enum Outcome {
        /** The snapshot was already at the safe cutoff: nothing read, nothing written. */
        UP_TO_DATE,
        /** The snapshot advanced to the safe cutoff. */
        ADVANCED,
        /** Shutdown began; the snapshot advanced (maybe not at all) and stopped between steps. */
        STOPPED
    }

    /** One log line. */
    public String summary() {
        return String.format(
                "board=%s outcome=%s cutoff=%s->%s events=%d partitions=%d layers=%d merges=%d"
                        + " heads=%d fold=%.0fms layer=%.0fms compact=%.0fms",
                board,
                outcome,
                previousCutoff,
                newCutoff,
                eventsRead,
                partitionsRead,
                layersWritten,
                merges,
                headsWritten,
                foldMillis,
                layerMillis,
                compactMillis);
    }
}
