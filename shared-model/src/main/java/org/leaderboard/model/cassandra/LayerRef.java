package org.leaderboard.model.cassandra;

import java.time.Instant;

/**
 * One delta layer of a snapshot: the tallies of events with time in [from, to), {@code rows} users.
 */
public record LayerRef(Instant from, Instant to, long rows) {}
