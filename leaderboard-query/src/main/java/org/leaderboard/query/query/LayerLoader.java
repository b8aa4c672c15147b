package org.leaderboard.query.query;

import java.util.concurrent.CompletableFuture;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.PackedLayer;
import org.leaderboard.model.cassandra.SnapshotLayerDao;

/** Reads one snapshot layer in its stored form (in production {@link SnapshotLayerDao}). */
@FunctionalInterface
interface LayerLoader {

    /**
     * The layer as stored: a whole snapshot is ranked from it, a newer head's added to one held.
     */
    CompletableFuture<PackedLayer> load(BoardSettings board, LayerRef layer);

    /** The layers as stored. */
    static LayerLoader of(SnapshotLayerDao layers) {
        return layers::readPacked;
    }
}
