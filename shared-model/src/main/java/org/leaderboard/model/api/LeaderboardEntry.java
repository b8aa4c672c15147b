package org.leaderboard.model.api;

/**
 * One ranked user: {@code votes} is the sum; count, min, max, mean and stddev describe the votes.
 */
public record LeaderboardEntry(
        long rank,
        String user,
        long votes,
        long count,
        long min,
        long max,
        double mean,
        double stddev) {}
