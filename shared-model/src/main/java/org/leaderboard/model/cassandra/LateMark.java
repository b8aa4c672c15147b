package org.leaderboard.model.cassandra;

import java.util.UUID;

/**
 * A row of {@code late_marks}: the event {@code eventId}, in shard {@code shard} of the mark's
 * bucket, was stored late; {@code markId} is the mark's own time-based id.
 */
public record LateMark(UUID markId, int shard, UUID eventId) {}
