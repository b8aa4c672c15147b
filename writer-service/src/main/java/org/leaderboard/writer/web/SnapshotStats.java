package org.leaderboard.writer.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Duration;
import java.time.Instant;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;

/**
 * What the newest snapshot of a board covers, read from its head alone (one row, whatever the size
 * of the board): everything before {@code cutoff}, nothing after it. A layer's row count is the
 * number of users with votes in its time range, so the board's users lie between the largest layer
 * and the sum of the layers: exact when the snapshot has one layer.
 */
record SnapshotStats(
        @Schema(description = "The snapshot covers events with time before this") Instant cutoff,
        @Schema(description = "now minus cutoff, in whole seconds: how far the snapshot lags")
                long lagSeconds,
        @Schema(description = "When the snapshot worker committed it") Instant takenAt,
        @Schema(
                        description =
                                "Events before the cutoff: votes and retractions, counted or not"
                                        + " (a unique-vote board's second vote of a voter too)")
                long events,
        @Schema(description = "Delta layers the snapshot is the sum of") int layers,
        @Schema(
                        description =
                                "Users with a vote before the cutoff (a user whose votes were all"
                                        + " retracted included), at least")
                long usersAtLeast,
        @Schema(description = "The same, at most; equal to usersAtLeast when exact")
                long usersAtMost) {

    static SnapshotStats of(SnapshotHead head, Instant now) {
        long largest = head.layers().stream().mapToLong(LayerRef::rows).max().orElse(0);
        long sum = head.layers().stream().mapToLong(LayerRef::rows).sum();
        return new SnapshotStats(
                head.cutoff(),
                Duration.between(head.cutoff(), now).toSeconds(),
                head.createdAt(),
                head.totalEvents(),
                head.layers().size(),
                largest,
                sum);
    }
}
