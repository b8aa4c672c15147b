package org.leaderboard.model.board;

import org.leaderboard.model.tally.Tally;

/**
 * How a board turns a user's submissions (the {@code votes} of each vote) into the score it ranks
 * by. Every kind reads the same {@link Tally} (sum, count, min, max), so events and snapshot layers
 * are stored the same way whatever the board's kind; only the ranking key and its direction differ.
 *
 * <ul>
 *   <li>{@link #SUM}: the sum of the votes, highest first (a vote count, a points total).
 *   <li>{@link #BEST}: the highest single submission, highest first (a high score).
 *   <li>{@link #LOWEST}: the lowest single submission, lowest first (a fastest time).
 *   <li>{@link #COUNT}: the number of submissions, most first (games played).
 * </ul>
 */
public enum ScoreKind {
    SUM,
    BEST,
    LOWEST,
    COUNT;

    /** The user's score as shown: the sum, the max, the min or the count of the tally. */
    public long score(Tally tally) {
        return score(tally.sum(), tally.count(), tally.min(), tally.max());
    }

    /** As above, from the tally's numbers as a snapshot layer holds them. */
    public long score(long sum, long count, long min, long max) {
        return switch (this) {
            case SUM -> sum;
            case BEST -> max;
            case LOWEST -> min;
            case COUNT -> count;
        };
    }

    /** The ranking key of a user's tally: higher ranks first, for every kind. */
    public long rankKey(Tally tally) {
        return rankKey(score(tally));
    }

    /**
     * The ranking key of a score: the score, negated on a LOWEST board so that higher ranks first
     * for every kind. No overflow: a counted tally's min is a stored vote, an int.
     */
    public long rankKey(long score) {
        if (!ascending()) {
            return score;
        }
        return score == Long.MIN_VALUE ? Long.MAX_VALUE : -score;
    }

    /** Whether users with the smaller score rank first. */
    public boolean ascending() {
        return this == LOWEST;
    }

    /**
     * Whether a vote can be retracted: a retraction subtracts its vote's tally, exact for the sum
     * and the count, but a max or a min cannot be undone without the other submissions.
     */
    public boolean retractable() {
        return this == SUM || this == COUNT;
    }

    /**
     * Whether a vote of 0 is taken: on a SUM board it would change nothing and is refused, as a
     * client mistake; a score of 0 (a game lost with no points, a submission counted) is real.
     */
    public boolean takesZero() {
        return this != SUM;
    }
}
