package org.leaderboard.model.cassandra;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * A late mark: the event {@code eventId}, in shard {@code shard} of bucket {@code bucket}, was
 * stored late; {@code markId} is the mark's own time-based id (a row of {@code late_marks_by_time},
 * or of {@code late_marks}, whose partition names the bucket).
 */
public record LateMark(UUID markId, Instant bucket, int shard, UUID eventId) {

    /** The span of a {@code late_marks_by_time} partition: the marks written in one minute. */
    public static final Duration MINUTE = Duration.ofMinutes(1);

    /** The {@code minute} of {@code late_marks_by_time} a mark with an id at {@code time} is in. */
    public static Instant minuteOf(Instant time) {
        return Instant.ofEpochMilli(
                Math.floorDiv(time.toEpochMilli(), MINUTE.toMillis()) * MINUTE.toMillis());
    }
}
