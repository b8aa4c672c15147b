package org.leaderboard.model.api;

import java.time.Instant;
import java.util.List;
import org.leaderboard.model.board.ScoreKind;

/**
 * A page of a board's ranking, saying what it was computed from: the snapshot at {@code
 * snapshotCutoff} (events before it) plus {@code tailEvents} newer events replayed in memory. For a
 * board with a period, {@code periodStart} is where the shown period began (null without one);
 * {@code asOf} is the moment asked for in a time-travel query (null for "now"); {@code
 * stalenessMillis} how old an EVENTUAL answer is (null for the default, read-your-writes, answer);
 * {@code scoreKind} what the entries' {@code score} is and which way it ranks.
 */
public record Leaderboard(
        String board,
        Instant snapshotCutoff,
        long tailEvents,
        long totalUsers,
        int offset,
        int limit,
        List<LeaderboardEntry> entries,
        Instant periodStart,
        Instant asOf,
        Long stalenessMillis,
        ScoreKind scoreKind) {

    /** The same page, saying it is {@code millis} old (pages of a background view are reused). */
    public Leaderboard withStalenessMillis(long millis) {
        return with(entries, millis);
    }

    /** The same page with {@code same}, the same entries held another way (a shared list). */
    public Leaderboard withEntries(List<LeaderboardEntry> same) {
        return with(same, stalenessMillis);
    }

    private Leaderboard with(List<LeaderboardEntry> pageEntries, Long millis) {
        return new Leaderboard(
                board,
                snapshotCutoff,
                tailEvents,
                totalUsers,
                offset,
                limit,
                pageEntries,
                periodStart,
                asOf,
                millis,
                scoreKind);
    }
}
