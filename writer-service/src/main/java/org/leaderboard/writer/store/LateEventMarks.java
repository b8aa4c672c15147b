package org.leaderboard.writer.store;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.Tables;
import org.leaderboard.model.time.Hashing;
import org.leaderboard.model.time.TimeUuids;

/**
 * Marks late events in {@code late_events}: an event whose write completed more than {@code
 * lateAfter} after its own time (a client's voteId from the past, a slow insert, a long wait in a
 * queue). A query service holds the rows of a board's tail it has read and reads each partition
 * again only from about half a second before its "now" (its held lag); an event that lands behind
 * that, with an older time than rows already read, is found through its mark. So the writer writes
 * the mark after the event's writes and before it acknowledges the event: a query that starts after
 * the acknowledgement sees the mark, and with it the event.
 *
 * <p>{@code lateAfter} must stay below the query services' {@code query.tail.held-lag} by more than
 * the clock difference between writers and query services (both follow Cassandra's clock, see the
 * writer's catch-up clock and the query service's store-bound clock).
 */
public final class LateEventMarks {

    /** A mark matters only until its event's write window closes; kept this long after that. */
    private static final Duration KEPT_AFTER_WINDOW = Duration.ofHours(1);

    private final CqlSession session;
    private final Consistency consistency;
    private final Duration lateAfter;
    private final PreparedStatement insert;

    public LateEventMarks(CqlSession session, Consistency consistency, Duration lateAfter) {
        this.session = session;
        this.consistency = consistency;
        this.lateAfter = lateAfter;
        this.insert =
                session.prepare(
                        insertInto(Tables.keyspaceOf(session), "late_events")
                                .value("board", bindMarker())
                                .value("bucket", bindMarker())
                                .value("shard", bindMarker())
                                .value("event_id", bindMarker())
                                .usingTtl(bindMarker())
                                .build());
    }

    /** Whether an event whose writes completed at {@code completedAt} must be marked. */
    public boolean isLate(UUID eventId, Instant completedAt) {
        return Duration.between(TimeUuids.timeOf(eventId), completedAt).compareTo(lateAfter) > 0;
    }

    /**
     * Marks the event (a vote or a compensating event, in its own bucket and shard) if it is late;
     * completes at once if it is not, else when the mark is stored at the write level.
     */
    public CompletionStage<Void> markIfLate(
            BoardSettings board, UUID eventId, Instant completedAt) {
        if (!isLate(eventId, completedAt)) {
            return CompletableFuture.completedFuture(null);
        }
        Instant time = TimeUuids.timeOf(eventId);
        int ttl = (int) board.writeWindow().plus(KEPT_AFTER_WINDOW).toSeconds();
        return session.executeAsync(
                        insert.bind(
                                        board.board(),
                                        board.buckets().floor(time),
                                        Hashing.shardOf(eventId, board.shards()),
                                        eventId,
                                        ttl)
                                .setIdempotent(true)
                                .setConsistencyLevel(consistency.write()))
                .thenApply(rs -> null);
    }
}
