package org.leaderboard.query.query;

import java.time.Instant;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.api.UnknownUserException;
import org.leaderboard.model.api.UserStanding;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.rank.Standings;
import org.leaderboard.model.tally.Tallies;

/**
 * A board as one query sees it: snapshot (+) tail, ranked, and what it was computed from.
 *
 * @param snapshotCutoff the snapshot holds every event before it; the tail every event from it on
 * @param tailEvents events read after the cutoff and replayed in memory
 */
record RankedBoard(String board, Instant snapshotCutoff, long tailEvents, Standings standings) {

    /** Invariant 7: the tally monoid makes snapshot (+) tail equal to a fold of all events. */
    static RankedBoard merge(String board, Snapshot snapshot, EventFold tail) {
        Tallies all = Tallies.copyOf(snapshot.tallies());
        all.addAll(tail.tallies());
        return new RankedBoard(
                board, snapshot.cutoff(), tail.events(), Standings.rank(all.asMap()));
    }

    /** The entries at positions [offset, offset + limit); empty past the end of the board. */
    Leaderboard page(int offset, int limit) {
        return new Leaderboard(
                board,
                snapshotCutoff,
                tailEvents,
                standings.totalUsers(),
                offset,
                limit,
                standings.page(offset, limit));
    }

    /** The user's entry and {@code around} entries above and below it. */
    UserStanding standingOf(String user, int around) {
        int position =
                standings.positionOf(user).orElseThrow(() -> new UnknownUserException(board, user));
        LeaderboardEntry own = standings.entryAt(position);
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
                standings.around(position, around));
    }
}
