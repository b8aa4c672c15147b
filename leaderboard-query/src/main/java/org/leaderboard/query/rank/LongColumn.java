package org.leaderboard.query.rank;

/**
 * An immutable array of longs kept in chunks of 8,192 (64 KiB): the tail ranking's ranking keys,
 * for the reason {@link IntColumn} gives (no humongous arrays).
 */
final class LongColumn {

    private static final int SHIFT = IntColumn.SHIFT;
    private static final int CHUNK = IntColumn.CHUNK;
    private static final int MASK = IntColumn.MASK;
    static final LongColumn EMPTY = new LongColumn(new long[0][], 0);

    private final long[][] chunks;
    private final int length;

    private LongColumn(long[][] chunks, int length) {
        this.chunks = chunks;
        this.length = length;
    }

    /** A column of {@code values} (copied). */
    static LongColumn of(long[] values) {
        Builder builder = new Builder(values.length);
        for (long value : values) {
            builder.add(value);
        }
        return builder.build();
    }

    int length() {
        return length;
    }

    long get(int index) {
        return chunks[index >>> SHIFT][index & MASK];
    }

    /** In this descending column, how many values are greater than {@code key}. */
    int countGreater(long key) {
        int low = 0;
        int high = length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (get(middle) > key) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /** Builds a column of a known capacity, by values and by runs of another column. */
    static final class Builder {

        private final long[][] chunks;
        private final int capacity;
        private int size;

        Builder(int capacity) {
            this.capacity = capacity;
            this.chunks = new long[IntColumn.chunksFor(capacity)][];
        }

        void add(long value) {
            chunkAt(size)[size & MASK] = value;
            size++;
        }

        /** Appends {@code from}'s elements [start, end). */
        void addRange(LongColumn from, int start, int end) {
            size = IntColumn.copyRun(from.chunks, start, end, this::chunkAt, size);
        }

        private long[] chunkAt(int index) {
            int c = index >>> SHIFT;
            long[] chunk = chunks[c];
            if (chunk == null) {
                chunk = new long[Math.min(CHUNK, capacity - (c << SHIFT))];
                chunks[c] = chunk;
            }
            return chunk;
        }

        LongColumn build() {
            return new LongColumn(chunks, size);
        }
    }
}
