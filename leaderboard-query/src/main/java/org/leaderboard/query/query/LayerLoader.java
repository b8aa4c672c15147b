package org.leaderboard.query.query;

import java.util.concurrent.CompletableFuture;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.PackedLayer;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.model.tally.Tallies;

/** Reads one snapshot layer (in production {@link SnapshotLayerDao}). */
interface LayerLoader {

    /** The layer's tallies, to add to a ranking held (a newer head's few new users). */
    CompletableFuture<Tallies> load(BoardSettings board, LayerRef layer);

    /**
     * The layer in its stored form, to rank a whole snapshot from; here packed from its tallies.
     */
    default CompletableFuture<PackedLayer> loadPacked(BoardSettings board, LayerRef layer) {
        return load(board, layer).thenApply(tallies -> PackedLayer.of(tallies, board.chunks()));
    }

    /** The layers as stored. */
    static LayerLoader of(SnapshotLayerDao layers) {
        return new LayerLoader() {
            @Override
            public CompletableFuture<Tallies> load(BoardSettings board, LayerRef layer) {
                return layers.readLayer(board, layer);
            }

            @Override
            public CompletableFuture<PackedLayer> loadPacked(BoardSettings board, LayerRef layer) {
                return layers.readPacked(board, layer);
            }
        };
    }
}
