package org.leaderboard.snapshot.pass;

import java.time.Instant;
import java.util.List;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.snapshot.pass.PassResult.Outcome;

/** The chain as committed so far by one pass, and what the pass has done. Single-threaded. */
final class PassProgress {

    private final Instant previousCutoff;
    private Instant cutoff;
    private List<LayerRef> layers;
    private long totalEvents;
    private long eventsRead;
    private long partitionsRead;
    private int layersWritten;
    private int merges;
    private int headsWritten;
    private long foldNanos;
    private long layerNanos;
    private long compactNanos;

    PassProgress(Instant cutoff, List<LayerRef> layers, long totalEvents) {
        this.previousCutoff = cutoff;
        this.cutoff = cutoff;
        this.layers = layers;
        this.totalEvents = totalEvents;
    }

    Instant cutoff() {
        return cutoff;
    }

    List<LayerRef> layers() {
        return layers;
    }

    long totalEvents() {
        return totalEvents;
    }

    void folded(EventFold fold, long nanos) {
        eventsRead += fold.events();
        partitionsRead += fold.partitions();
        foldNanos += nanos;
    }

    void layerWritten() {
        layersWritten++;
    }

    void layersStored(long nanos) {
        layerNanos += nanos;
    }

    void compacted(long nanos) {
        compactNanos += nanos;
    }

    void merged(int count) {
        merges += count;
    }

    /** The head is stored: the next step continues from it. */
    void committed(SnapshotHead head) {
        cutoff = head.cutoff();
        layers = head.layers();
        totalEvents = head.totalEvents();
        headsWritten++;
    }

    PassResult result(BoardSettings board, Outcome outcome) {
        return new PassResult(
                board.board(),
                outcome,
                previousCutoff,
                cutoff,
                eventsRead,
                partitionsRead,
                layersWritten,
                merges,
                headsWritten,
                foldNanos / 1e6,
                layerNanos / 1e6,
                compactNanos / 1e6);
    }
}
