package org.leaderboard.model.tally;

import java.math.BigInteger;

/**
 * Aggregate of the votes of one user: sum, count, min, max and sum of squares.
 *
 * <p>Tallies form a commutative monoid ({@link #EMPTY}, {@link #plus}): folding events in any order
 * or grouping gives the same tally. That is what lets snapshots be built from delta layers, lets
 * concurrent snapshot workers agree, and lets a reader add the tail to a snapshot. The sum of
 * squares is a 128-bit integer (two longs) so that it stays exact, and therefore order-independent,
 * for any number of votes of up to 10^9 each.
 */
public record Tally(long sum, long count, long min, long max, long sumSqHigh, long sumSqLow) {

    public static final Tally EMPTY = new Tally(0, 0, Long.MAX_VALUE, Long.MIN_VALUE, 0, 0);

    /** The tally of a single vote event. */
    public static Tally of(long votes) {
        long square = Math.multiplyExact(votes, votes);
        return new Tally(votes, 1, votes, votes, 0, square);
    }

    /** Rebuilds a stored tally; {@code sumOfSquares} must be in [0, 2^128). */
    public static Tally of(long sum, long count, long min, long max, BigInteger sumOfSquares) {
        return new Tally(
                sum,
                count,
                min,
                max,
                sumOfSquares.shiftRight(64).longValue(),
                sumOfSquares.longValue());
    }

    public Tally plus(Tally other) {
        if (other.count == 0) {
            return this;
        }
        if (count == 0) {
            return other;
        }
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

    public boolean isEmpty() {
        return count == 0;
    }

    public BigInteger sumOfSquares() {
        BigInteger high = BigInteger.valueOf(sumSqHigh).shiftLeft(64);
        return high.add(new BigInteger(Long.toUnsignedString(sumSqLow)));
    }

    public double mean() {
        return count == 0 ? 0.0 : (double) sum / count;
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
