package org.leaderboard.query.query;

import java.time.Clock;
import java.time.Instant;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.BoardCache;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.cassandra.VoteEventDao;
import org.leaderboard.query.config.QuerySettings;
import org.springframework.stereotype.Component;

/**
 * Reads a board for one query: the newest complete snapshot (cached) plus the tail of events from
 * its cutoff on, which is read from Cassandra on every query. Reading the tail at the configured
 * read level, after the query started, is what gives read-your-writes: a vote the writer
 * acknowledged at LOCAL_QUORUM before the query began is in a partition this read covers.
 */
@Component
class BoardReader {

    private final BoardCache boards;
    private final SnapshotHeadDao snapshots;
    private final SnapshotSums sums;
    private final VoteEventDao events;
    private final Clock clock;
    private final QuerySettings settings;
    private final QueryMetrics metrics;

    BoardReader(
            BoardCache boards,
            SnapshotHeadDao snapshots,
            SnapshotSums sums,
            VoteEventDao events,
            Clock clock,
            QuerySettings settings,
            QueryMetrics metrics) {
        this.boards = boards;
        this.snapshots = snapshots;
        this.sums = sums;
        this.events = events;
        this.clock = clock;
        this.settings = settings;
        this.metrics = metrics;
    }

    RankedBoard read(String boardId) {
        BoardSettings board = boards.require(boardId);
        Snapshot snapshot = snapshot(board);
        // The snapshot first, then the tail from its cutoff: a head committed in between changes
        // nothing, the tail still covers every event after the snapshot we use.
        Instant end = clock.instant().plus(settings.futureTolerance());
        EventFold tail = events.fold(board, snapshot.cutoff(), end).join();
        metrics.tailRead(tail.events());
        return RankedBoard.merge(board.board(), snapshot, tail);
    }

    private Snapshot snapshot(BoardSettings board) {
        return snapshots
                .latestHead(board.board())
                .map(head -> sums.newestOf(board, head).join())
                .orElseGet(() -> Snapshot.empty(board.epoch()));
    }
}
