package org.leaderboard.model.cassandra;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.leaderboard.model.tally.Tally;

/**
 * A packed layer's users decoded into columns, in id order ({@link String#compareTo}, the order the
 * blocks hold each chunk's users in): ids as UTF-8 in one byte array, the tallies' six numbers in
 * six arrays, the voter sketches in their stored form in one byte array. No object per user, so a
 * whole snapshot can be ranked from it without a map of a million tallies; made by {@link
 * PackedLayer#columns()}. The arrays are read in place: not to be modified.
 */
public final class LayerColumns {

    private final byte[] ids;
    private final int[] idStart;
    private final long[] sums;
    private final long[] counts;
    private final long[] mins;
    private final long[] maxs;
    private final long[] sumSqHighs;
    private final long[] sumSqLows;
    private final byte[] sketches;
    private final int[] sketchStart;
    private int size;

    LayerColumns(int users, int bytes) {
        this.ids = new byte[bytes];
        this.idStart = new int[users + 1];
        this.sums = new long[users];
        this.counts = new long[users];
        this.mins = new long[users];
        this.maxs = new long[users];
        this.sumSqHighs = new long[users];
        this.sumSqLows = new long[users];
        this.sketches = new byte[bytes];
        this.sketchStart = new int[users + 1];
    }

    /** Appends a user; its id and sketch (length 0: none) are copied from {@code block}. */
    void add(
            byte[] block,
            int idFrom,
            int idLength,
            long[] tally,
            int sketchFrom,
            int sketchLength) {
        int i = size++;
        System.arraycopy(block, idFrom, ids, idStart[i], idLength);
        idStart[i + 1] = idStart[i] + idLength;
        sums[i] = tally[0];
        counts[i] = tally[1];
        mins[i] = tally[2];
        maxs[i] = tally[3];
        sumSqHighs[i] = tally[4];
        sumSqLows[i] = tally[5];
        System.arraycopy(block, sketchFrom, sketches, sketchStart[i], sketchLength);
        sketchStart[i + 1] = sketchStart[i] + sketchLength;
    }

    public int size() {
        return size;
    }

    /** Every user's id bytes, user {@code i}'s from {@link #idStart} to {@link #idEnd}. */
    public byte[] idBytes() {
        return ids;
    }

    public int idStart(int i) {
        return idStart[i];
    }

    public int idEnd(int i) {
        return idStart[i + 1];
    }

    public String id(int i) {
        return new String(ids, idStart[i], idStart[i + 1] - idStart[i], StandardCharsets.UTF_8);
    }

    public long sum(int i) {
        return sums[i];
    }

    public long count(int i) {
        return counts[i];
    }

    public long min(int i) {
        return mins[i];
    }

    public long max(int i) {
        return maxs[i];
    }

    public long sumSqHigh(int i) {
        return sumSqHighs[i];
    }

    public long sumSqLow(int i) {
        return sumSqLows[i];
    }

    public Tally tally(int i) {
        return new Tally(sums[i], counts[i], mins[i], maxs[i], sumSqHighs[i], sumSqLows[i]);
    }

    /**
     * Every user's sketch bytes in their stored form, user {@code i}'s from {@link #sketchStart} to
     * {@link #sketchEnd}; none when the two are equal (a stored sketch is never empty).
     */
    public byte[] sketchBytes() {
        return sketches;
    }

    public int sketchStart(int i) {
        return sketchStart[i];
    }

    public int sketchEnd(int i) {
        return sketchStart[i + 1];
    }

    /** User {@code i}'s sketch in its stored form (a copy), null for none. */
    public byte[] sketch(int i) {
        return sketchStart[i] == sketchStart[i + 1]
                ? null
                : Arrays.copyOfRange(sketches, sketchStart[i], sketchStart[i + 1]);
    }
}
