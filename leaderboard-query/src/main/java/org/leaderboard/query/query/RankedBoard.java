package org.leaderboard.query.query;

import java.time.Instant;
import java.util.List;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.api.UnknownUserException;
import org.leaderboard.model.api.UserStanding;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.VoterSketches;
import org.leaderboard.query.rank.MergedStandings;

/**
 * A board as one query sees it: snapshot (+) tail, ranked, and what it was computed from. The
 * snapshot's ranking is shared and never copied: only the users the tail changed are ranked anew
 * (see {@link MergedStandings}).
 *
 * @param snapshotCutoff the snapshot holds every event before it; the tail every event from it on
 * @param tailEvents events read after the cutoff and replayed in memory
 * @param pages the pages the board's earlier reads answered (null: none kept, a moment in the past)
 */
record RankedBoard(
        String board,
        Instant snapshotCutoff,
        long tailEvents,
        MergedStandings standings,
        Instant periodStart,
        Instant asOf,
        PageMemo pages) {

    /** Invariant 7: the tally monoid makes snapshot (+) tail equal to a fold of all events. */
    static RankedBoard merge(String board, Snapshot snapshot, EventFold tail) {
        return merge(board, snapshot, tail, null, null);
    }

    /**
     * As above, for the period starting at {@code periodStart} (null: the board has none) and the
     * moment {@code asOf} (null: now). Distinct voters are estimated only for the entries shown:
     * the snapshot's sketch of the user (held in memory with the ranking) merged with the tail's.
     */
    static RankedBoard merge(
            String board, Snapshot snapshot, EventFold tail, Instant periodStart, Instant asOf) {
        Tallies tailTallies = tail.tallies();
        MergedStandings standings =
                new MergedStandings(
                        snapshot.ranked(),
                        tailTallies.asMap(),
                        (user, position) ->
                                VoterSketches.estimateOfUnion(
                                        position >= 0
                                                ? snapshot.ranked().voters(position)
                                                : snapshot.ranked().votersOf(user),
                                        tailTallies.voters(user)));
        return new RankedBoard(
                board, snapshot.cutoff(), tail.events(), standings, periodStart, asOf, null);
    }

    /** The entries at positions [offset, offset + limit); empty past the end of the board. */
    Leaderboard page(int offset, int limit) {
        return page(offset, limit, null);
    }

    /** As above, saying how old the answer is (for answers from a background view). */
    Leaderboard page(int offset, int limit, Long stalenessMillis) {
        return new Leaderboard(
                board,
                snapshotCutoff,
                tailEvents,
                standings.totalUsers(),
                offset,
                limit,
                pages == null
                        ? standings.page(offset, limit)
                        : pages.page(standings, offset, limit),
                periodStart,
                asOf,
                stalenessMillis,
                standings.scoreKind());
    }

    /**
     * The entries of {@code users} that are on the board, in rank order, each with its rank on the
     * whole board; users without votes are left out. {@code offset} 0 and {@code limit} the number
     * of users asked for, as for a page.
     */
    Leaderboard entriesOf(List<String> users, Long stalenessMillis) {
        List<LeaderboardEntry> entries =
                users.stream()
                        .distinct()
                        .map(standings::positionOf)
                        .filter(java.util.OptionalInt::isPresent)
                        .mapToInt(java.util.OptionalInt::getAsInt)
                        .sorted()
                        .mapToObj(standings::entryAt)
                        .toList();
        return new Leaderboard(
                board,
                snapshotCutoff,
                tailEvents,
                standings.totalUsers(),
                0,
                users.size(),
                entries,
                periodStart,
                asOf,
                stalenessMillis,
                standings.scoreKind());
    }

    /** The user's entry and {@code around} entries above and below it. */
    UserStanding standingOf(String user, int around) {
        return standingOf(user, around, null);
    }

    /** As above, saying how old the answer is (for answers from a background view). */
    UserStanding standingOf(String user, int around, Long stalenessMillis) {
        MergedStandings.Standing standing =
                standings
                        .standingOf(user, around)
                        .orElseThrow(() -> new UnknownUserException(board, user));
        int position = standing.position();
        List<LeaderboardEntry> neighbours = standing.entries();
        // The user's own entry is one of its neighbours', built once (each is a walk through the
        // snapshot and the tail).
        LeaderboardEntry own = neighbours.get(position - Math.max(0, position - around));
        return new UserStanding(
                board,
                snapshotCutoff,
                tailEvents,
                standings.totalUsers(),
                own.rank(),
                own.user(),
                own.votes(),
                own.count(),
                own.min(),
                own.max(),
                own.mean(),
                own.stddev(),
                own.distinctVoters(),
                neighbours,
                periodStart,
                asOf,
                stalenessMillis,
                own.score(),
                standings.scoreKind());
    }
}
