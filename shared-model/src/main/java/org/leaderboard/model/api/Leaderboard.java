package org.leaderboard.model.api;

import java.time.Instant;
import java.util.List;

/**
 * A page of a board's ranking, saying what it was computed from: the snapshot at {@code
 * snapshotCutoff} (events before it) plus {@code tailEvents} newer events replayed in memory.
 */
public record Leaderboard(
        String board,
        Instant snapshotCutoff,
        long tailEvents,
        long totalUsers,
        int offset,
        int limit,
        List<LeaderboardEntry> entries) {}
