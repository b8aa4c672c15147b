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

    /**
     * The ranking key of {@code user}, known to be at {@code position}: a base that finds a
     * position by a search (a tail's ranking) reads the key from the user's own entry instead.
     */
    default long keyOf(String user, int position) {
        return key(position);
    }

    /**
     * The distinct voters of the user at {@code position}, estimated from its sketches and kept
     * once asked (a base ranked on top of another is shown the same users answer after answer).
     */
    long distinctVoters(int position);

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

    /** What a shown position holds, as {@link #forEachShownBetween} visits it. */
    interface ShownVisitor {
        void visit(int position, String user, Tally tally, long distinctVoters);
    }

    /**
     * {@link #forEachBetween} with each user's {@link #distinctVoters}, for entries that are shown:
     * a base that finds a position by a search finds each estimate kept beside the entry in the
     * same walk.
     */
    default void forEachShownBetween(int from, int to, ShownVisitor visitor) {
        for (int position = from; position < to; position++) {
            visitor.visit(position, user(position), tally(position), distinctVoters(position));
        }
    }

    /**
     * As above, where user {@code anchor} (null: none known) is at {@code anchorPosition}, among or
     * near the positions visited: a base that finds a position by a search starts from the anchor's
     * place (a user's standing knows its own).
     */
    default void forEachShownBetween(
            int from, int to, String anchor, int anchorPosition, ShownVisitor visitor) {
        forEachShownBetween(from, to, visitor);
    }
}
