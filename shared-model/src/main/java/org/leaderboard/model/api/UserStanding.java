package org.leaderboard.model.api;

import java.time.Instant;
import java.util.List;

/** One user's place on a board and the entries around it (the user's own entry included). */
public record UserStanding(
        String board,
        Instant snapshotCutoff,
        long tailEvents,
        long totalUsers,
        long rank,
        String user,
        long votes,
        long count,
        long min,
        long max,
        double mean,
        double stddev,
        long distinctVoters,
        List<LeaderboardEntry> around,
        Instant periodStart,
        Instant asOf,
        Long stalenessMillis) {}
