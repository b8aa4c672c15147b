package org.leaderboard.query.rank;

import java.util.Map;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.tally.Tally;

/**
 * Users in ranking order (the score kind's key descending, then user id) that {@link
 * MergedStandings} can rank changed users against: a snapshot ({@link RankedSnapshot}), or a
 * snapshot plus a tail ranked already (a {@link TailRanking} version, so that the few users of a
 * read's freshest rows are placed on top of it without copying it).
 */
public interface RankedUsers {

    ScoreKind scoreKind();

    /** Users ranked. */
    int size();

    /** The user's position in ranking order, or -1 if it has no counted vote here. */
    int position(String user);

    /** The user's whole tally here, ranked or not ({@link Tally#EMPTY} if it has no event). */
    Tally tallyOf(String user);

    /**
     * {@link #tallyOf}, for a user whose {@link #position} is known already: a base that can read
     * it at that position saves a second search.
     */
    default Tally tallyOf(String user, int position) {
        return tallyOf(user);
    }

    /** {@link #tallyOf(String, int)} plus {@code delta}, as one new tally. */
    default Tally tallyOfPlus(String user, int position, Tally delta) {
        return tallyOf(user, position).plus(delta);
    }

    /** The ranking key of the user at {@code position}. */
    long key(int position);

    String user(int position);

    Tally tally(int position);

    /** How many users have a higher ranking key than {@code key}. */
    int countAbove(long key);

    /** How many users have a ranking key of at least {@code key}. */
    int countAtLeast(long key);

    /**
     * How many users rank before a user {@code user} with ranking key {@code key} would. {@code
     * keyBounds} is for callers that place many users of few keys: where a search needs the key's
     * users ({@link #countAbove} and {@link #countAtLeast} of it), it keeps them there, by key.
     */
    int countBefore(long key, String user, Map<Long, int[]> keyBounds);

    /**
     * As above, known to be at least {@code atLeast}: a caller placing users in ranking order
     * passes the count of the one before, so that a search may start there.
     */
    default int countBefore(long key, String user, Map<Long, int[]> keyBounds, int atLeast) {
        return countBefore(key, user, keyBounds);
    }

    /** What a position holds, as {@link #forEachBetween} visits it. */
    interface EntryVisitor {
        void visit(int position, String user, Tally tally);
    }

    /**
     * Visits positions [{@code from}, {@code to}) in order, with their users and tallies: a base
     * that finds a position by a search ({@link MergedStandings}) walks the range from one search,
     * where {@link #user} and {@link #tally} search again for each.
     */
    default void forEachBetween(int from, int to, EntryVisitor visitor) {
        for (int position = from; position < to; position++) {
            visitor.visit(position, user(position), tally(position));
        }
    }
}
