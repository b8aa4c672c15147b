package org.leaderboard.model.api;

/**
 * One ranked user: {@code votes} is the sum; count, mean and stddev describe the counted votes; min
 * and max range over every vote cast (retracted ones included: they cannot be undone); {@code
 * distinctVoters} estimates how many different voters ever voted for the user (HyperLogLog, about
 * 1.6% standard error).
 */
public record LeaderboardEntry(
        long rank,
        String user,
        long votes,
        long count,
        long min,
        long max,
        double mean,
        double stddev,
        long distinctVoters) {}
