package org.leaderboard.query.query;

import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.EventFold;

/**
 * Folds the counted events of {@code [from, to)} as the snapshot worker does (in production
 * EventFolds::fold).
 */
@FunctionalInterface
interface RangeFolder {

    CompletableFuture<EventFold> fold(BoardSettings board, Instant from, Instant to);
}
