package org.leaderboard.model.tally;

import java.math.BigInteger;

/**
 * Aggregate of the votes of one user: sum, count, min, max and sum of squares.
 *
 * <p>A retraction (invariant 9) folds in as {@link #retraction}: the exact inverse of its vote for
 * sum, count and sum of squares, and neutral for min and max, which cannot be undone without the
 * other votes (so min and max range over every vote cast, retracted ones included). A tally may
 * therefore be negative on its own (a layer holding only a retraction); only the sum of all of a
 * user's events is shown.
 *
 * <p>Tallies form a commutative monoid ({@link #EMPTY}, {@link #plus}): folding events in any order
 * or grouping gives the same tally. That is what lets snapshots be built from delta layers, lets
 * concurrent snapshot workers agree, and lets a reader add the tail to a snapshot. The sum of
 * squares is a 128-bit integer (two longs) so that it stays exact, and therefore order-independent,
 * for any number of votes of up to 10^9 each.
 */
public record Tally(long sum, long count, long min, long max, long sumSqHigh, long sumSqLow) {

    public static final Tally EMPTY = new Tally(0, 0, Long.MAX_VALUE, Long.MIN_VALUE, 0, 0);

    /**
     * The tallies of one vote of 1 to 128, made once: a tally is immutable, and most users a tail
     * holds have one vote of a small weight, so each shares one of these instead of keeping an
     * object of its own (at 5,000 votes/s a query service's young collections copied one per user
     * of every part of the tail it holds).
     */
    private static final Tally[] SINGLE_VOTES = new Tally[129];

    static {
        for (int votes = 1; votes < SINGLE_VOTES.length; votes++) {
            SINGLE_VOTES[votes] = new Tally(votes, 1, votes, votes, 0, (long) votes * votes);
        }
    }

    /** The tally of a single vote event. */
    public static Tally of(long votes) {
        if (votes > 0 && votes < SINGLE_VOTES.length) {
            return SINGLE_VOTES[(int) votes];
        }
        long square = Math.multiplyExact(votes, votes);
        return new Tally(votes, 1, votes, votes, 0, square);
    }

    /** Rebuilds a stored tally; {@code sumOfSquares} must be in [-2^127, 2^127). */
    public static Tally of(long sum, long count, long min, long max, BigInteger sumOfSquares) {
        return new Tally(
                sum,
                count,
                min,
                max,
                sumOfSquares.shiftRight(64).longValue(),
                sumOfSquares.longValue());
    }

    /**
     * The compensating tally of retracting a vote of {@code votes}: adding it to a tally holding
     * that vote removes the vote from sum, count and sum of squares.
     */
    public static Tally retraction(long votes) {
        long square = Math.multiplyExact(votes, votes);
        // -square as a 128-bit two's complement number: all ones above, -square below.
        return new Tally(-votes, -1, Long.MAX_VALUE, Long.MIN_VALUE, square == 0 ? 0 : -1, -square);
    }

    /**
     * {@link #EMPTY} is the identity without a special case (min of MAX, max of MIN), and the
     * 128-bit addition with carry works for negative (two's complement) sums of squares too.
     */
    public Tally plus(Tally other) {
        return sum(sum, count, min, max, sumSqHigh, sumSqLow, other);
    }

    /**
     * The tally held as the six columns given, plus {@code other}, as one new tally: a ranking that
     * keeps its tallies in columns adds a newer layer's without making the held tally first (a
     * newer head adds hundreds of thousands).
     */
    public static Tally sum(
            long sum, long count, long min, long max, long sumSqHigh, long sumSqLow, Tally other) {
        long low = sumSqLow + other.sumSqLow;
        long carry = Long.compareUnsigned(low, sumSqLow) < 0 ? 1 : 0;
        return new Tally(
                Math.addExact(sum, other.sum),
                count + other.count,
                Math.min(min, other.min),
                Math.max(max, other.max),
                sumSqHigh + other.sumSqHigh + carry,
                low);
    }

    public Tally plusVote(long votes) {
        return plus(of(votes));
    }

    /** Whether the user has a vote that counts: all votes retracted means no entry. */
    public boolean hasVotes() {
        return count > 0;
    }

    public BigInteger sumOfSquares() {
        BigInteger high = BigInteger.valueOf(sumSqHigh).shiftLeft(64);
        return high.add(new BigInteger(Long.toUnsignedString(sumSqLow)));
    }

    public double mean() {
        return count <= 0 ? 0.0 : (double) sum / count;
    }

    /** Population standard deviation of the votes; 0 for fewer than two votes. */
    public double stddev() {
        if (count < 2) {
            return 0.0;
        }
        double meanOfSquares = sumOfSquares().doubleValue() / count;
        double mean = mean();
        return Math.sqrt(Math.max(0.0, meanOfSquares - mean * mean));
    }
}
