package org.leaderboard.model.api;

import java.time.Instant;
import java.util.List;
import org.leaderboard.model.board.ScoreKind;

/**
 * One user's place on a board and the entries around it (the user's own entry included); {@code
 * score} is the user's score of the board's {@code scoreKind}.
 */
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
        Long stalenessMillis,
        long score,
        ScoreKind scoreKind) {}
