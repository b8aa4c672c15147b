package org.leaderboard.query.rank;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;

/**
 * An immutable array of references kept in chunks of 128, for the tail ranking's tables of hundreds
 * of thousands of users by slot (each user's merged tally and voter sketch), of which a new version
 * changes a few hundred at random places: an {@link Edit} copies only the chunks it sets, so small
 * chunks keep that copy small (with 8,192-reference chunks, a few hundred scattered users touched
 * every chunk, and each version copied both whole tables).
 *
 * <p>One array of more than 131,072 references is a humongous object for G1 with 1 MiB regions: it
 * is allocated straight into the old generation, so every young collection scans it for the young
 * tallies and sketches it points to, and a dead one is freed only after a concurrent mark. Profiled
 * at 5,000 votes/s on a 1M-user board, the tail ranking's versions made such arrays several times a
 * second, and scanning them ("ScanHR") was nearly all of the young collections' pauses of 100-300
 * ms. Chunks are ordinary young objects.
 *
 * @param <T> the element type
 */
final class RefColumn<T> {

    private static final int SHIFT = 7;
    private static final int CHUNK = 1 << SHIFT;
    private static final int MASK = CHUNK - 1;
    private static final RefColumn<?> EMPTY = new RefColumn<>(new Object[0][], 0);

    private final Object[][] chunks;
    private final int length;

    private RefColumn(Object[][] chunks, int length) {
        this.chunks = chunks;
        this.length = length;
    }

    @SuppressWarnings("unchecked")
    static <T> RefColumn<T> empty() {
        return (RefColumn<T>) EMPTY;
    }

    static <T> RefColumn<T> of(List<T> values) {
        Builder<T> builder = new Builder<>(values.size());
        values.forEach(builder::add);
        return builder.build();
    }

    int length() {
        return length;
    }

    /** The element at {@code index}, which must be below {@link #length()}; null if never set. */
    @SuppressWarnings("unchecked")
    T get(int index) {
        Object[] chunk = chunks[index >>> SHIFT];
        int offset = index & MASK;
        return chunk == null || offset >= chunk.length ? null : (T) chunk[offset];
    }

    /** A read-only view, in order. */
    List<T> asList() {
        return new AbstractList<>() {
            @Override
            public T get(int index) {
                if (index < 0 || index >= length) {
                    throw new IndexOutOfBoundsException(index);
                }
                return RefColumn.this.get(index);
            }

            @Override
            public int size() {
                return length;
            }
        };
    }

    /** A copy to change: it shares this column's chunks and copies one only when it is set. */
    Edit<T> edit() {
        return new Edit<>(this);
    }

    private static int chunksFor(int length) {
        return (length + MASK) >>> SHIFT;
    }

    /** Builds a column of a known capacity, by values and by runs of another column. */
    static final class Builder<T> {

        private final Object[][] chunks;
        private final int capacity;
        private int size;

        Builder(int capacity) {
            this.capacity = capacity;
            this.chunks = new Object[chunksFor(capacity)][];
        }

        void add(T value) {
            chunkAt(size)[size & MASK] = value;
            size++;
        }

        /** Appends {@code from}'s elements [start, end). */
        void addRange(RefColumn<T> from, int start, int end) {
            int next = start;
            while (next < end) {
                int offset = next & MASK;
                int run = Math.min(end - next, Math.min(CHUNK - offset, CHUNK - (size & MASK)));
                Object[] source = from.chunks[next >>> SHIFT];
                Object[] target = chunkAt(size);
                if (source != null) {
                    System.arraycopy(source, offset, target, size & MASK, run);
                }
                next += run;
                size += run;
            }
        }

        private Object[] chunkAt(int index) {
            int c = index >>> SHIFT;
            Object[] chunk = chunks[c];
            if (chunk == null) {
                chunk = new Object[Math.min(CHUNK, capacity - (c << SHIFT))];
                chunks[c] = chunk;
            }
            return chunk;
        }

        RefColumn<T> build() {
            return new RefColumn<>(chunks, size);
        }
    }

    /** A changed copy of a column, growing as elements past its end are set; single-threaded. */
    static final class Edit<T> {

        private Object[][] chunks;
        private boolean[] own;
        private int length;

        private Edit(RefColumn<T> from) {
            this.chunks = from.chunks.clone();
            this.own = new boolean[chunks.length];
            this.length = from.length;
        }

        @SuppressWarnings("unchecked")
        T get(int index) {
            int c = index >>> SHIFT;
            if (c >= chunks.length || chunks[c] == null) {
                return null;
            }
            Object[] chunk = chunks[c];
            int offset = index & MASK;
            return offset < chunk.length ? (T) chunk[offset] : null;
        }

        void set(int index, T value) {
            int c = index >>> SHIFT;
            if (c >= chunks.length) {
                int grown = Math.max(c + 1, chunks.length * 2);
                chunks = Arrays.copyOf(chunks, grown);
                own = Arrays.copyOf(own, grown);
            }
            Object[] chunk = chunks[c];
            if (!own[c] || chunk.length < CHUNK) {
                chunk = chunk == null ? new Object[CHUNK] : Arrays.copyOf(chunk, CHUNK);
                chunks[c] = chunk;
                own[c] = true;
            }
            chunk[index & MASK] = value;
            length = Math.max(length, index + 1);
        }

        /**
         * The column of the first {@code length} elements. The chunks it holds are no longer this
         * edit's own: setting one again copies it first.
         */
        RefColumn<T> build(int length) {
            Object[][] kept = Arrays.copyOf(chunks, chunksFor(length));
            Arrays.fill(own, false);
            this.length = Math.min(this.length, length);
            return new RefColumn<>(kept, length);
        }
    }
}
