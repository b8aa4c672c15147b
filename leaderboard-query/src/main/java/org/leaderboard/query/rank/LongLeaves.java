package org.leaderboard.query.rank;

import java.util.Arrays;

/**
 * An immutable ascending sequence of longs kept in small leaves, so that a version with a few more
 * values shares every leaf the new values do not land in: the tail ranking's removed snapshot
 * positions and their ranking keys, hundreds of thousands of values that grow by a few hundred ten
 * times a second. A version copies the leaves it inserts into and its own index of the leaves (one
 * int and one long per leaf), not the whole sequence as one array does.
 *
 * <p>Every search is two binary searches: among the leaves' first values, then in one leaf.
 */
final class LongLeaves {

    /** A leaf grown past twice this by inserts is split into leaves of about this many values. */
    static final int LEAF = 64;

    private final long[][] leaves;

    /** Each leaf's first index in the sequence, and the length after the last. */
    private final int[] starts;

    /** Each leaf's first value. */
    private final long[] firsts;

    private final int leafSize;

    private LongLeaves(long[][] leaves, int[] starts, long[] firsts, int leafSize) {
        this.leaves = leaves;
        this.starts = starts;
        this.firsts = firsts;
        this.leafSize = leafSize;
    }

    /** No values, in leaves of about {@code leafSize}. */
    static LongLeaves empty(int leafSize) {
        return new LongLeaves(new long[0][], new int[1], new long[0], leafSize);
    }

    /** The ascending {@code values} (copied), in leaves of about {@code leafSize}. */
    static LongLeaves of(long[] values, int leafSize) {
        return empty(leafSize).with(values);
    }

    int length() {
        return starts[leaves.length];
    }

    long get(int index) {
        int leaf = leafOf(index);
        return leaves[leaf][index - starts[leaf]];
    }

    /** How many values are below {@code value}. */
    int countBelow(long value) {
        // The last leaf whose first value is below: every value before it is too.
        int low = leavesStartingBelow(value);
        if (low == 0) {
            return 0;
        }
        long[] leaf = leaves[low - 1];
        int local = Arrays.binarySearch(leaf, value);
        if (local >= 0) {
            // Equal values may repeat: the first of them.
            while (local > 0 && leaf[local - 1] == value) {
                local--;
            }
        } else {
            local = -local - 1;
        }
        return starts[low - 1] + local;
    }

    /** How many leaves have a first value below {@code value}. */
    private int leavesStartingBelow(long value) {
        int low = 0;
        int high = leaves.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (firsts[middle] < value) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /**
     * Where {@code value} is, as {@link Arrays#binarySearch(long[], long)} says it: its index, or
     * {@code -(insertion point) - 1}.
     */
    int binarySearch(long value) {
        int low = leavesStartingBelow(value);
        if (low == 0) {
            return leaves.length > 0 && firsts[0] == value ? 0 : -1;
        }
        // In the leaf found, or the next leaf's first value: no second search for the leaf.
        long[] leaf = leaves[low - 1];
        int local = Arrays.binarySearch(leaf, value);
        if (local >= 0) {
            while (local > 0 && leaf[local - 1] == value) {
                local--;
            }
            return starts[low - 1] + local;
        }
        int below = starts[low - 1] - local - 1;
        boolean next = -local - 1 == leaf.length && low < leaves.length && firsts[low] == value;
        return next ? below : -(below + 1);
    }

    /**
     * How many leading indices r have {@code get(r) - r <= limit}, for a sequence of distinct
     * values (where {@code get(r) - r} never decreases).
     */
    int countValueMinusIndexAtMost(long limit) {
        int low = 0;
        int high = leaves.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (firsts[middle] - starts[middle] <= limit) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        if (low == 0) {
            return 0;
        }
        int leaf = low - 1;
        long[] values = leaves[leaf];
        int start = starts[leaf];
        int from = 0;
        int to = values.length;
        while (from < to) {
            int middle = (from + to) >>> 1;
            if (values[middle] - (start + middle) <= limit) {
                from = middle + 1;
            } else {
                to = middle;
            }
        }
        return start + from;
    }

    /**
     * This sequence with the ascending {@code added} merged in. Only the leaves they land in are
     * copied (each value goes to the last leaf whose first value is not above it); the index
     * entries of the leaves between are copied in bulk.
     */
    LongLeaves with(long[] added) {
        if (added.length == 0) {
            return this;
        }
        Builder out = new Builder(leaves.length + added.length / leafSize + 2);
        if (leaves.length == 0) {
            split(Arrays.copyOf(added, added.length), out);
            return out.build(leafSize);
        }
        int next = 0;
        int leaf = 0;
        while (next < added.length) {
            int target = leafFor(added[next]);
            out.addRun(this, leaf, target);
            int end = next;
            if (target + 1 < leaves.length) {
                while (end < added.length && added[end] < firsts[target + 1]) {
                    end++;
                }
            } else {
                end = added.length;
            }
            split(merge(leaves[target], added, next, end), out);
            next = end;
            leaf = target + 1;
        }
        out.addRun(this, leaf, leaves.length);
        return out.build(leafSize);
    }

    /** The leaf {@code value} is merged into: the last whose first value is not above it. */
    private int leafFor(long value) {
        int low = 0;
        int high = leaves.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (firsts[middle] <= value) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return Math.max(0, low - 1);
    }

    /** A new version's leaves and their index, appended in order. */
    private static final class Builder {
        long[][] leaves;
        int[] starts;
        long[] firsts;
        int count;

        Builder(int capacity) {
            leaves = new long[capacity][];
            starts = new int[capacity + 1];
            firsts = new long[capacity];
        }

        private void room(int more) {
            if (count + more > leaves.length) {
                int grown = Math.max(count * 2 + 1, count + more);
                leaves = Arrays.copyOf(leaves, grown);
                starts = Arrays.copyOf(starts, grown + 1);
                firsts = Arrays.copyOf(firsts, grown);
            }
        }

        void add(long[] leaf) {
            room(1);
            leaves[count] = leaf;
            firsts[count] = leaf[0];
            starts[count + 1] = starts[count] + leaf.length;
            count++;
        }

        /** The leaves [{@code from}, {@code to}) of {@code source}, kept as they were. */
        void addRun(LongLeaves source, int from, int to) {
            int length = to - from;
            if (length <= 0) {
                return;
            }
            room(length);
            System.arraycopy(source.leaves, from, leaves, count, length);
            System.arraycopy(source.firsts, from, firsts, count, length);
            shiftedStarts(source.starts, from, starts, count, length);
            count += length;
        }

        LongLeaves build(int leafSize) {
            return new LongLeaves(
                    count == leaves.length ? leaves : Arrays.copyOf(leaves, count),
                    Arrays.copyOf(starts, count + 1),
                    count == firsts.length ? firsts : Arrays.copyOf(firsts, count),
                    leafSize);
        }
    }

    private int leafOf(int index) {
        return leafOf(starts, leaves.length, index);
    }

    /**
     * The leaf holding {@code index}, given each of {@code leaves} leaves' first index ({@code
     * starts}); the last leaf for an index past the end.
     */
    static int leafOf(int[] starts, int leaves, int index) {
        int low = 0;
        int high = leaves - 1;
        while (low < high) {
            int middle = (low + high + 1) >>> 1;
            if (starts[middle] <= index) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        return low;
    }

    /**
     * Copies the ends of {@code length} leaves from a sequence's {@code sourceStarts} (those of
     * leaves {@code from} on) to a new sequence's {@code starts}, where the first of them begins at
     * {@code starts[at]}: leaves kept as they were, after other leaves than before.
     */
    static void shiftedStarts(int[] sourceStarts, int from, int[] starts, int at, int length) {
        int shift = starts[at] - sourceStarts[from];
        for (int i = 1; i <= length; i++) {
            starts[at + i] = sourceStarts[from + i] + shift;
        }
    }

    private static long[] merge(long[] leaf, long[] added, int from, int to) {
        long[] merged = new long[leaf.length + to - from];
        int i = 0;
        int j = from;
        int k = 0;
        while (i < leaf.length || j < to) {
            if (j == to || (i < leaf.length && leaf[i] <= added[j])) {
                merged[k++] = leaf[i++];
            } else {
                merged[k++] = added[j++];
            }
        }
        return merged;
    }

    /** Adds {@code values} to {@code out} as one leaf, or as leaves of about leafSize if large. */
    private void split(long[] values, Builder out) {
        if (values.length <= 2 * leafSize) {
            out.add(values);
            return;
        }
        int parts = values.length / leafSize;
        for (int part = 0; part < parts; part++) {
            int from = (int) ((long) values.length * part / parts);
            int to = (int) ((long) values.length * (part + 1) / parts);
            out.add(Arrays.copyOfRange(values, from, to));
        }
    }
}
