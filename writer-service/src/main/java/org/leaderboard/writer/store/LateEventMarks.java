package org.leaderboard.writer.store;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.LateMark;
import org.leaderboard.model.cassandra.Tables;
import org.leaderboard.model.time.Hashing;
import org.leaderboard.model.time.TimeUuids;

/**
 * Marks late events in {@code late_marks_by_time}: an event whose write completed more than {@code
 * lateAfter} after its own time (a client's voteId from the past, a slow insert, a long wait in a
 * queue). A query service holds the rows of a board's tail it has read and reads each partition
 * again only from about a tenth of a second before its "now" (its held lag); an event that lands
 * behind that, with an older time than rows already read, is found through its mark. So the writer
 * writes the mark after the event's writes and before it acknowledges the event: a query that
 * starts after the acknowledgement sees the mark, and with it the event.
 *
 * <p>A mark's own id is time-based, by this writer's clock when it writes the mark, and query
 * services read only the marks with ids from their last read's "now" minus {@code
 * query.tail.late-mark-lag} on. So a mark must itself be stored within {@code markWithin} of its
 * id: one that took longer is written again with a new id ({@value #ATTEMPTS} tries in all, and
 * only while the event's write window is open; then the event is not acknowledged, and a retry of
 * it marks it again).
 *
 * <p>{@code lateAfter} must stay below the query services' {@code query.tail.held-lag}, and {@code
 * markWithin} below their {@code query.tail.late-mark-lag}, by more than the clock difference
 * between writers and query services (both follow Cassandra's clock, see the writer's catch-up
 * clock and the query service's store-bound clock).
 */
public final class LateEventMarks {

    /** A mark matters only until its event's write window closes; kept this long after that. */
    private static final Duration KEPT_AFTER_WINDOW = Duration.ofHours(1);

    /** Writes of one mark, each with a new id, before the event is given up as not marked. */
    static final int ATTEMPTS = 10;

    private final CqlSession session;
    private final Consistency consistency;
    private final Duration lateAfter;
    private final Duration markWithin;
    private final Clock clock;
    private final ProgressMarks progress;
    private final PreparedStatement insert;
    private final PreparedStatement insertByBucket;

    public LateEventMarks(
            CqlSession session,
            Consistency consistency,
            Duration lateAfter,
            Duration markWithin,
            Clock clock) {
        this(session, consistency, lateAfter, markWithin, clock, null, false);
    }

    /**
     * @param progress this writer's progress mark (null: none): an event stamped below it, or any
     *     event while the writer is not registered, is marked too
     * @param alsoByBucket write each mark to {@code late_marks} too, where query services of the
     *     versions before {@code late_marks_by_time} look for it ({@code
     *     writer.late-marks-by-bucket}, during an upgrade)
     */
    public LateEventMarks(
            CqlSession session,
            Consistency consistency,
            Duration lateAfter,
            Duration markWithin,
            Clock clock,
            ProgressMarks progress,
            boolean alsoByBucket) {
        this.session = session;
        this.progress = progress;
        this.consistency = consistency;
        this.lateAfter = lateAfter;
        this.markWithin = markWithin;
        this.clock = clock;
        String keyspace = Tables.keyspaceOf(session);
        this.insert =
                session.prepare(
                        insertInto(keyspace, "late_marks_by_time")
                                .value("board", bindMarker())
                                .value("minute", bindMarker())
                                .value("mark_id", bindMarker())
                                .value("bucket", bindMarker())
                                .value("shard", bindMarker())
                                .value("event_id", bindMarker())
                                .usingTtl(bindMarker())
                                .build());
        this.insertByBucket =
                alsoByBucket
                        ? session.prepare(
                                insertInto(keyspace, "late_marks")
                                        .value("board", bindMarker())
                                        .value("bucket", bindMarker())
                                        .value("mark_id", bindMarker())
                                        .value("shard", bindMarker())
                                        .value("event_id", bindMarker())
                                        .usingTtl(bindMarker())
                                        .build())
                        : null;
    }

    /**
     * Whether an event whose writes completed at {@code completedAt} must be marked: it completed
     * more than {@code lateAfter} after its time, or this writer's progress mark says so ({@link
     * ProgressMarks#mustMark}). Either way its write is no longer waited for by the mark.
     */
    public boolean isLate(UUID eventId, Instant completedAt) {
        boolean late =
                Duration.between(TimeUuids.timeOf(eventId), completedAt).compareTo(lateAfter) > 0;
        if (progress != null) {
            late |= progress.mustMark(eventId);
            progress.done(eventId);
        }
        return late;
    }

    /**
     * Marks the event (a vote or a compensating event, in its own bucket and shard) if it is late;
     * completes at once if it is not, else when a mark is stored at the write level within {@code
     * markWithin} of its id. Fails if no write of the mark was that quick or one failed.
     */
    public CompletionStage<Void> markIfLate(
            BoardSettings board, UUID eventId, Instant completedAt) {
        if (!isLate(eventId, completedAt)) {
            return CompletableFuture.completedFuture(null);
        }
        return mark(board, eventId);
    }

    /**
     * Marks the event, as {@link #markIfLate} does a late one, for a caller that asked {@link
     * #isLate} itself (once: with a progress mark, asking again may answer otherwise).
     */
    public CompletionStage<Void> mark(BoardSettings board, UUID eventId) {
        return mark(board, eventId, 1);
    }

    private CompletionStage<Void> mark(BoardSettings board, UUID eventId, int attempt) {
        Instant time = TimeUuids.timeOf(eventId);
        int ttl = (int) board.writeWindow().plus(KEPT_AFTER_WINDOW).toSeconds();
        Instant written = clock.instant();
        UUID markId = TimeUuids.voteIdAt(written);
        Instant bucket = board.buckets().floor(time);
        int shard = Hashing.shardOf(eventId, board.shards());
        CompletionStage<?> stored =
                session.executeAsync(
                        insert.bind(
                                        board.board(),
                                        LateMark.minuteOf(TimeUuids.timeOf(markId)),
                                        markId,
                                        bucket,
                                        shard,
                                        eventId,
                                        ttl)
                                .setIdempotent(true)
                                .setConsistencyLevel(consistency.write()));
        if (insertByBucket != null) {
            stored =
                    stored.thenCombine(
                            session.executeAsync(
                                    insertByBucket
                                            .bind(
                                                    board.board(),
                                                    bucket,
                                                    markId,
                                                    shard,
                                                    eventId,
                                                    ttl)
                                            .setIdempotent(true)
                                            .setConsistencyLevel(consistency.write())),
                            (a, b) -> a);
        }
        return stored.thenCompose(
                rs -> {
                    Instant done = clock.instant();
                    Duration took = Duration.between(written, done);
                    if (took.compareTo(markWithin) <= 0) {
                        return CompletableFuture.completedFuture(null);
                    }
                    // Tried again only while the event's window is open: a mark then
                    // lands within markWithin of a moment inside the window, before any
                    // query service can settle the event's slice (window + settled
                    // margin, which exceeds markWithin plus the clocks' difference).
                    if (attempt < ATTEMPTS && !done.isAfter(time.plus(board.writeWindow()))) {
                        return mark(board, eventId, attempt + 1);
                    }
                    return CompletableFuture.failedFuture(new MarkTooSlowException(eventId, took));
                });
    }

    /** No write of an event's late mark was stored within {@code markWithin} of its id. */
    public static final class MarkTooSlowException extends RuntimeException {

        MarkTooSlowException(UUID eventId, Duration last) {
            super(
                    "the late mark of "
                            + eventId
                            + " took longer than writer.late-mark-within to store "
                            + ATTEMPTS
                            + " times (the last "
                            + last.toMillis()
                            + " ms)");
        }
    }
}
