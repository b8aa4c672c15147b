package org.leaderboard.query.query;

import java.util.concurrent.CompletableFuture;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.tally.Tallies;

/** Reads one snapshot layer (in production SnapshotLayerDao::readLayer). */
@FunctionalInterface
interface LayerLoader {

    CompletableFuture<Tallies> load(BoardSettings board, LayerRef layer);
}
