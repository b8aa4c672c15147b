package org.leaderboard.model.cassandra;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The commit marker of a snapshot: the tallies of all events with time before {@code cutoff} are
 * the sum of {@code layers}. {@code eventsFolded} counts the events the pass that wrote this head
 * read from the event table; {@code totalEvents} counts all events in the snapshot.
 */
public record SnapshotHead(
        String board,
        Instant cutoff,
        Instant previousCutoff,
        List<LayerRef> layers,
        long eventsFolded,
        long totalEvents,
        Instant createdAt) {

    public SnapshotHead {
        layers = List.copyOf(layers);
        // Stored with millisecond precision; truncating here makes a read-back equal.
        createdAt = createdAt == null ? null : createdAt.truncatedTo(ChronoUnit.MILLIS);
    }
}
