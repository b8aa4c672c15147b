package org.leaderboard.model.api;

/**
 * One ranked user: {@code votes} is the sum; count, mean and stddev describe the counted votes; min
 * and max range over every vote cast (retracted ones included: they cannot be undone); {@code
 * distinctVoters} estimates how many different voters ever voted for the user (HyperLogLog, about
 * 1.6% standard error). {@code score} is what the board ranks by (see {@link
 * org.leaderboard.model.board.ScoreKind}): the sum (then equal to {@code votes}), the best or the
 * lowest single vote, or the count.
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
        long distinctVoters,
        long score) {}
