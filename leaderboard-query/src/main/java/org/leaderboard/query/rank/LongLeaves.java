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
 *
 * <p>A large sequence whose leaves are mostly new since its last packing is packed: every value
 * copied into one array, of which each leaf is then a range. At a few thousand moves a second most
 * small leaves are made again between two young collections, each of which copies every one still
 * in use; an array past half a G1 region is allocated outside the young generation and never copied
 * by them, and the next versions share it but for the ranges their values land in.
 */
final class LongLeaves {

    /** A leaf grown past twice this by inserts is split into leaves of about this many values. */
    static final int LEAF = 64;

    /**
     * The length from which a sequence is packed ({@link #PACK_SHARE}). A shorter one's leaves are
     * little for a young collection to copy. From a few times this on, a packing's arrays are past
     * half a G1 region (65,536 longs in the 1 MiB regions JDK 17 gives a heap of up to 2 GiB, as
     * the manifests' 384 MiB; 131,072 in the 2 MiB regions of the benchmarks' 3 GiB heap) and so
     * allocated outside the young generation; between, a packing is copied by a young collection or
     * two, then stays in the old generation.
     */
    static final int PACK_FROM = 32_768;

    /**
     * A sequence of {@link #PACK_FROM} values or more is packed once more than this share of them
     * (one in two) are in leaves of their own: a packing copies the whole sequence, so it is made
     * at most every few hundred thousand values moved, not at every version. At one in four, the
     * packings of a 300,000-user tail at 5,000 votes/s were two fifths of the bytes the ranking
     * allocated and a fifth of its versions' CPU (scenario 7); the leaves of their own left between
     * packings are a few megabytes at most, little beside what a young collection copies there.
     */
    static final int PACK_SHARE = 2;

    /** Each leaf's array: a leaf's own, or the packing it is a range of. */
    private final long[][] leaves;

    /** Where each leaf begins in its array (0 but for packed leaves). */
    private final int[] offsets;

    /** Each leaf's first index in the sequence, and the length after the last. */
    private final int[] starts;

    /** Each leaf's first value. */
    private final long[] firsts;

    private final int leafSize;

    private final int packFrom;

    /** The array of this sequence's last packing (null: none), shared by its packed leaves. */
    private final long[] packing;

    /** The values in leaves of their own, not in {@link #packing}. */
    private final int unpacked;

    private LongLeaves(
            long[][] leaves,
            int[] offsets,
            int[] starts,
            long[] firsts,
            int leafSize,
            int packFrom,
            long[] packing,
            int unpacked) {
        this.leaves = leaves;
        this.offsets = offsets;
        this.starts = starts;
        this.firsts = firsts;
        this.leafSize = leafSize;
        this.packFrom = packFrom;
        this.packing = packing;
        this.unpacked = unpacked;
    }

    /**
     * No values, in leaves of about {@code leafSize}, packed from {@code packFrom} values on
     * ({@link #PACK_FROM} but in tests).
     */
    static LongLeaves empty(int leafSize, int packFrom) {
        return new LongLeaves(
                new long[0][], new int[0], new int[1], new long[0], leafSize, packFrom, null, 0);
    }

    /** The ascending {@code values} (copied), in leaves of about {@code leafSize}. */
    static LongLeaves of(long[] values, int leafSize, int packFrom) {
        return empty(leafSize, packFrom).with(values);
    }

    int length() {
        return starts[leaves.length];
    }

    long get(int index) {
        int leaf = leafOf(index);
        return leaves[leaf][offsets[leaf] + index - starts[leaf]];
    }

    /** The values in leaves of their own, not in an array shared by all the packed ones. */
    int unpacked() {
        return unpacked;
    }

    private int size(int leaf) {
        return starts[leaf + 1] - starts[leaf];
    }

    /**
     * Where {@code value} is in the leaf, as {@link Arrays#binarySearch(long[], long)} says it
     * (counted from the leaf's first value), the first of equal values.
     */
    private int searchLeaf(int leaf, long value) {
        long[] array = leaves[leaf];
        int offset = offsets[leaf];
        int found = Arrays.binarySearch(array, offset, offset + size(leaf), value);
        if (found < 0) {
            return found + offset;
        }
        // Equal values may repeat: the first of them.
        while (found > offset && array[found - 1] == value) {
            found--;
        }
        return found - offset;
    }

    /** How many values are below {@code value}. */
    int countBelow(long value) {
        // The last leaf whose first value is below: every value before it is too.
        int low = leavesStartingBelow(value);
        if (low == 0) {
            return 0;
        }
        int local = searchLeaf(low - 1, value);
        return starts[low - 1] + (local >= 0 ? local : -local - 1);
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
        int local = searchLeaf(low - 1, value);
        if (local >= 0) {
            return starts[low - 1] + local;
        }
        int below = starts[low - 1] - local - 1;
        boolean next = -local - 1 == size(low - 1) && low < leaves.length && firsts[low] == value;
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
        int offset = offsets[leaf];
        int start = starts[leaf];
        int from = 0;
        int to = size(leaf);
        while (from < to) {
            int middle = (from + to) >>> 1;
            if (values[offset + middle] - (start + middle) <= limit) {
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
     * entries of the leaves between are copied in bulk. Packed once due ({@link #PACK_SHARE}).
     */
    LongLeaves with(long[] added) {
        if (added.length == 0) {
            return this;
        }
        Builder out = new Builder(leaves.length + added.length / leafSize + 2);
        if (leaves.length == 0) {
            split(Arrays.copyOf(added, added.length), out);
            return packedIfDue(out.build(this, null, added.length));
        }
        int moved = unpacked + added.length;
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
            if (leaves[target] == packing) {
                // A packed leaf's values are in a leaf of their own again (an own leaf's were
                // counted already, and the added values are).
                moved += size(target);
            }
            split(merge(target, added, next, end), out);
            next = end;
            leaf = target + 1;
        }
        out.addRun(this, leaf, leaves.length);
        return packedIfDue(out.build(this, packing, moved));
    }

    /** {@code made}, packed if long enough and mostly in leaves of its own again. */
    private static LongLeaves packedIfDue(LongLeaves made) {
        return packingDue(made.length(), made.unpacked, made.packFrom) ? made.packed() : made;
    }

    /**
     * Whether a sequence of {@code length} entries, {@code unpacked} of them in leaves of their
     * own, is packed again: once it is long and more than a share of it is unpacked (both sequences
     * of the tail ranking follow this rule).
     */
    static boolean packingDue(int length, int unpacked, int packFrom) {
        return length >= packFrom && unpacked > length / PACK_SHARE;
    }

    /** The same values, every leaf a range of one array of them all. */
    LongLeaves packed() {
        int length = length();
        long[] all = new long[length];
        long[][] packed = new long[leaves.length][];
        int[] at = Arrays.copyOf(starts, leaves.length);
        for (int i = 0; i < leaves.length; i++) {
            System.arraycopy(leaves[i], offsets[i], all, starts[i], size(i));
            packed[i] = all;
        }
        return new LongLeaves(packed, at, starts, firsts, leafSize, packFrom, all, 0);
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
        int[] offsets;
        int[] starts;
        long[] firsts;
        int count;

        Builder(int capacity) {
            leaves = new long[capacity][];
            offsets = new int[capacity];
            starts = new int[capacity + 1];
            firsts = new long[capacity];
        }

        private void room(int more) {
            if (count + more > leaves.length) {
                int grown = Math.max(count * 2 + 1, count + more);
                leaves = Arrays.copyOf(leaves, grown);
                offsets = Arrays.copyOf(offsets, grown);
                starts = Arrays.copyOf(starts, grown + 1);
                firsts = Arrays.copyOf(firsts, grown);
            }
        }

        void add(long[] leaf) {
            room(1);
            leaves[count] = leaf;
            offsets[count] = 0;
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
            System.arraycopy(source.offsets, from, offsets, count, length);
            System.arraycopy(source.firsts, from, firsts, count, length);
            shiftedStarts(source.starts, from, starts, count, length);
            count += length;
        }

        /** The version made, with {@code shape}'s leaf size and packing threshold. */
        LongLeaves build(LongLeaves shape, long[] packing, int unpacked) {
            return new LongLeaves(
                    count == leaves.length ? leaves : Arrays.copyOf(leaves, count),
                    count == offsets.length ? offsets : Arrays.copyOf(offsets, count),
                    Arrays.copyOf(starts, count + 1),
                    count == firsts.length ? firsts : Arrays.copyOf(firsts, count),
                    shape.leafSize,
                    shape.packFrom,
                    packing,
                    unpacked);
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

    /** The values of leaf {@code target} merged with {@code added[from, to)}, in a new array. */
    private long[] merge(int target, long[] added, int from, int to) {
        long[] leaf = leaves[target];
        int i = offsets[target];
        int size = size(target);
        int end = i + size;
        long[] merged = new long[size + to - from];
        int j = from;
        int k = 0;
        while (i < end || j < to) {
            if (j == to || (i < end && leaf[i] <= added[j])) {
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
