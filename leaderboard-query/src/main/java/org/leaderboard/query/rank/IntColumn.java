package org.leaderboard.query.rank;

import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * An immutable array of ints kept in chunks of 8,192 (32 KiB), for the tail ranking's columns of
 * hundreds of thousands of users ({@link RefColumn} explains why in chunks).
 *
 * <p>An array larger than half a G1 region (512 KiB with 1 MiB regions; 1 MiB with the 2 MiB
 * regions G1 picks for a 3 GiB heap) is a humongous object, allocated straight into the old
 * generation. Profiled at 5,000 votes/s on a 1M-user board, each new version of the tail ranking
 * (ten a second) made several such arrays, 116 MB/s of humongous allocation, which started young
 * collections and concurrent cycles of the whole heap ("G1 Humongous Allocation") on a machine that
 * Cassandra and the reads share. Chunks are ordinary young objects.
 */
final class IntColumn {

    static final int SHIFT = 13;
    static final int CHUNK = 1 << SHIFT;
    static final int MASK = CHUNK - 1;
    static final IntColumn EMPTY = new IntColumn(new int[0][], 0);

    private final int[][] chunks;
    private final int length;

    private IntColumn(int[][] chunks, int length) {
        this.chunks = chunks;
        this.length = length;
    }

    /** A column of {@code values} (copied). */
    static IntColumn of(int[] values) {
        Builder builder = new Builder(values.length);
        for (int value : values) {
            builder.add(value);
        }
        return builder.build();
    }

    int length() {
        return length;
    }

    int get(int index) {
        return chunks[index >>> SHIFT][index & MASK];
    }

    /**
     * Where {@code value} is in this ascending column, as {@link Arrays#binarySearch(int[], int)}
     * says it: its index, or {@code -(insertion point) - 1}.
     */
    int binarySearch(int value) {
        int low = 0;
        int high = length - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            int at = get(middle);
            if (at < value) {
                low = middle + 1;
            } else if (at > value) {
                high = middle - 1;
            } else {
                return middle;
            }
        }
        return -(low + 1);
    }

    /** The first index from {@code from} on whose value is at least {@code value} (ascending). */
    int firstAtLeast(int value, int from) {
        int low = from;
        int high = length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (get(middle) < value) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /**
     * Copies the elements [start, end) of a chunked array ({@code chunks}, each an int[] or long[]
     * of {@link #CHUNK} elements but the last) to the end of another, whose chunk holding index i
     * {@code chunkAt} gives; returns the other's new size.
     */
    static int copyRun(Object[] chunks, int start, int end, IntFunction<Object> chunkAt, int size) {
        int next = start;
        int at = size;
        while (next < end) {
            int offset = next & MASK;
            int run = Math.min(end - next, Math.min(CHUNK - offset, CHUNK - (at & MASK)));
            System.arraycopy(chunks[next >>> SHIFT], offset, chunkAt.apply(at), at & MASK, run);
            next += run;
            at += run;
        }
        return at;
    }

    static int chunksFor(int length) {
        return (length + MASK) >>> SHIFT;
    }

    /** Builds a column of a known capacity, by values and by runs of another column. */
    static final class Builder {

        private final int[][] chunks;
        private final int capacity;
        private int size;

        Builder(int capacity) {
            this.capacity = capacity;
            this.chunks = new int[chunksFor(capacity)][];
        }

        void add(int value) {
            chunkAt(size)[size & MASK] = value;
            size++;
        }

        /** Appends {@code from}'s elements [start, end). */
        void addRange(IntColumn from, int start, int end) {
            size = IntColumn.copyRun(from.chunks, start, end, this::chunkAt, size);
        }

        /** Fills the column up to its capacity with {@code value}, to be {@link #set} after. */
        Builder filled(int value) {
            while (size < capacity) {
                int[] chunk = chunkAt(size);
                Arrays.fill(chunk, value);
                size += chunk.length;
            }
            return this;
        }

        /** Sets an element already added. */
        void set(int index, int value) {
            chunks[index >>> SHIFT][index & MASK] = value;
        }

        private int[] chunkAt(int index) {
            int c = index >>> SHIFT;
            int[] chunk = chunks[c];
            if (chunk == null) {
                chunk = new int[Math.min(CHUNK, capacity - (c << SHIFT))];
                chunks[c] = chunk;
            }
            return chunk;
        }

        IntColumn build() {
            return new IntColumn(chunks, size);
        }
    }
}
