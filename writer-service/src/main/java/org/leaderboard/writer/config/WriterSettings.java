package org.leaderboard.writer.config;

import java.time.Duration;
import org.leaderboard.model.cassandra.Consistency;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The writer's own settings (prefix {@code writer}); defaults live in application.yml.
 *
 * @param maxClockSkew how far in the future a voteId's time may be: client clocks run a little
 *     ahead, but a vote far in the future would land after a snapshot cutoff had passed it
 * @param maxBatchSize most votes accepted in one batch request
 * @param writeConsistency consistency level of event inserts (with the read level it must overlap a
 *     majority of replicas for read-your-writes, e.g. LOCAL_QUORUM both)
 * @param readConsistency consistency level of board look-ups and late-retry look-ups
 * @param maxRequestSize largest request body read; a larger one is refused with 413 before it is
 *     read whole, so no client can make the writer hold an arbitrary amount of memory
 * @param clockOffset added to the system clock for every "now" of the writer (default 0): lets
 *     fault tests run writers whose clocks disagree, as hosts' clocks do within the allowed skew
 * @param boardRefresh how often the writer re-reads the boards it has cached: a board closed
 *     through another writer is closed here at most this long (plus one read) later
 * @param lateAfter an event whose writes complete more than this after its own time is marked late
 *     before it is acknowledged, so that query services find it behind the rows they have already
 *     read; must stay below the query services' {@code query.tail.held-lag} by more than the clock
 *     difference between writers and query services
 * @param lateMarkWithin a late mark whose write took longer than this is written again with a new
 *     id (ten tries in all, then the event is not acknowledged): query services read only the marks
 *     with ids from their last read's "now" minus {@code query.tail.late-mark-lag} on, which must
 *     exceed this by more than the clock difference between writers and query services
 * @param lateMarksByBucket write each late mark to {@code late_marks} as well as to {@code
 *     late_marks_by_time}: only while query services of a version that reads {@code late_marks}
 *     still run (an upgrade)
 */
@ConfigurationProperties("writer")
public record WriterSettings(
        Duration maxClockSkew,
        int maxBatchSize,
        String writeConsistency,
        String readConsistency,
        DataSize maxRequestSize,
        Duration clockOffset,
        Duration boardRefresh,
        Duration lateAfter,
        Duration lateMarkWithin,
        boolean lateMarksByBucket) {

    public WriterSettings {
        if (maxClockSkew == null || maxClockSkew.isNegative()) {
            throw new IllegalArgumentException(
                    "writer.max-clock-skew must be zero or positive, was " + maxClockSkew);
        }
        if (maxBatchSize < 1) {
            throw new IllegalArgumentException(
                    "writer.max-batch-size must be at least 1, was " + maxBatchSize);
        }
        if (maxRequestSize == null || maxRequestSize.toBytes() < 1024) {
            throw new IllegalArgumentException(
                    "writer.max-request-size must be at least 1KB, was " + maxRequestSize);
        }
        clockOffset = clockOffset == null ? Duration.ZERO : clockOffset;
        if (boardRefresh == null || boardRefresh.toMillis() < 100) {
            throw new IllegalArgumentException(
                    "writer.board-refresh must be at least 100ms, was " + boardRefresh);
        }
        if (lateAfter == null || lateAfter.isNegative()) {
            throw new IllegalArgumentException(
                    "writer.late-after must be zero or positive, was " + lateAfter);
        }
        if (lateMarkWithin == null || lateMarkWithin.toMillis() < 1) {
            throw new IllegalArgumentException(
                    "writer.late-mark-within must be at least 1ms, was " + lateMarkWithin);
        }
        // Claims are read back, and late retries looked up, at the read level.
        Consistency.requireOverlap(
                "writer.write-consistency",
                writeConsistency,
                "writer.read-consistency",
                readConsistency);
    }

    public Consistency consistency() {
        return Consistency.of(writeConsistency, readConsistency);
    }
}
