package org.leaderboard.model.tally;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;
import org.apache.datasketches.memory.Memory;

/**
 * Distinct voters per user as HyperLogLog sketches (Apache DataSketches): mergeable in any order
 * like tallies, a few bytes while a user has few voters, at most 4 KiB however many.
 *
 * <p>{@code lgK = 12}: relative standard error 1.04/sqrt(4096) = 1.6%, so 95% of estimates are
 * within 3.3% and 99.7% within 4.9% of the true count. Sketches only grow: a retracted vote's voter
 * stays counted (distinct voters are "voters who ever voted for the user").
 */
public final class VoterSketches {

    public static final int LG_K = 12;
    private static final TgtHllType TYPE = TgtHllType.HLL_8;

    private VoterSketches() {}

    public static HllSketch of(String voter) {
        HllSketch sketch = new HllSketch(LG_K, TYPE);
        sketch.update(voter);
        return sketch;
    }

    /** A new sketch of both; neither argument is modified (sketches may be shared). */
    public static HllSketch union(HllSketch a, HllSketch b) {
        Union union = new Union(LG_K);
        union.update(a);
        union.update(b);
        return union.getResult(TYPE);
    }

    /**
     * Both sketches in their stored form ({@link #toCompactBytes}, null for none) as one, in that
     * form: one of them as it is when the other is null (neither is modified). Read in place, not
     * decoded into sketch objects: a query service keeps the tail's sketches this way, one small
     * array per user instead of a sketch, its list and its array, so that a young collection has a
     * third of the objects to copy.
     */
    public static byte[] union(byte[] a, byte[] b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        byte[] lists = unionOfLists(a, 0, a.length, b, 0, b.length);
        if (lists != null) {
            return lists;
        }
        Union union = new Union(LG_K);
        union.update(wrap(a));
        union.update(wrap(b));
        return union.getResult(TgtHllType.HLL_4).toCompactByteArray();
    }

    /**
     * Unions of many pairs, one after the other, into the stored form, through one union kept
     * between them (not thread-safe): a newer snapshot's ranking merges the sketches of a few
     * hundred thousand users, and a union, its sketch and an HLL_8 copy made for each was a fifth
     * of what that ranking allocated.
     */
    public static final class Merger {
        private final Union union = new Union(LG_K);

        /**
         * {@code a} and {@code b} (the stored form, not modified) as one, in the stored form;
         * either may be null, and an empty array when both are.
         */
        public byte[] union(HllSketch a, byte[] b) {
            if (b == null || b.length == 0) {
                return a == null ? new byte[0] : toCompactBytes(a);
            }
            return a == null ? b : union(a, wrap(b));
        }

        /**
         * Two sketches read in place (neither modified) as one, in the stored form: a ranking's
         * sketch and a newer layer's, each a view of the bytes that hold it.
         */
        public byte[] union(HllSketch a, HllSketch b) {
            union.reset();
            union.update(a);
            union.update(b);
            return union.getResult(TgtHllType.HLL_4).toCompactByteArray();
        }

        /**
         * Both in the stored form (not modified) as one, in the stored form, as {@link
         * VoterSketches#union(byte[], byte[])} makes it: one of them as it is when the other is
         * null.
         */
        public byte[] union(byte[] a, byte[] b) {
            if (a == null || b == null) {
                return a == null ? b : a;
            }
            return union(a, 0, a.length, b, 0, b.length);
        }

        /**
         * The sketches stored in {@code a[aFrom, aFrom + aLength)} and {@code b[bFrom, bFrom +
         * bLength)} (not modified, both present) as one, in the stored form: as {@link
         * #union(byte[], byte[])} makes it, read where they are held, not from copies.
         */
        public byte[] union(byte[] a, int aFrom, int aLength, byte[] b, int bFrom, int bLength) {
            byte[] lists = unionOfLists(a, aFrom, aLength, b, bFrom, bLength);
            if (lists != null) {
                return lists;
            }
            return union(
                    HllSketch.wrap(Memory.wrap(a).region(aFrom, aLength)),
                    HllSketch.wrap(Memory.wrap(b).region(bFrom, bLength)));
        }
    }

    // A sketch with few voters is stored as a list (DataSketches HLL, compact form): an 8-byte
    // preamble (2 preamble ints, serial version 1, family 7, lgK, lgArr 3, flags, the count, mode
    // and type 0 for a list of HLL_4) and then each distinct coupon as a little-endian int, in the
    // order it was first seen. A union keeps that form while fewer than 8 coupons (lgArr 3) are
    // held, each in the order the union met it.
    private static final int LIST_START = 8;
    private static final int LIST_MAX = 7;
    private static final int COMPACT_FLAG = 8;
    private static final VarHandle COUPON =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * The union of two sketches stored as lists, byte for byte as a {@link Union} makes it (its
     * result as HLL_4, compact), when together they hold at most {@value #LIST_MAX} distinct
     * voters; null when either is not a non-empty list or the union would be a hash set. Most users
     * of a large board have a few voters: a newer head's ranking merges a few hundred thousand of
     * them, and a union, its result and copies made for each were half of what that ranking
     * allocated.
     */
    static byte[] unionOfLists(byte[] a, int aFrom, int aLength, byte[] b, int bFrom, int bLength) {
        int aCount = listCount(a, aFrom, aLength);
        int bCount = listCount(b, bFrom, bLength);
        if (aCount <= 0 || bCount <= 0) {
            return null;
        }
        int count = aCount;
        for (int j = 0; j < bCount; j++) {
            if (!listHolds(a, aFrom, aCount, coupon(b, bFrom, j)) && ++count > LIST_MAX) {
                return null;
            }
        }
        byte[] union = new byte[LIST_START + 4 * count];
        System.arraycopy(a, aFrom, union, 0, LIST_START + 4 * aCount);
        union[5] = COMPACT_FLAG;
        union[6] = (byte) count;
        int at = aCount;
        for (int j = 0; j < bCount; j++) {
            int coupon = coupon(b, bFrom, j);
            if (!listHolds(a, aFrom, aCount, coupon)) {
                COUPON.set(union, LIST_START + 4 * at++, coupon);
            }
        }
        return union;
    }

    /**
     * How many coupons the list stored there holds; -1 if it is not a compact list of lgK 12 in an
     * array of 8 coupons.
     */
    private static int listCount(byte[] stored, int from, int length) {
        if (length < LIST_START
                || stored[from] != 2
                || stored[from + 1] != 1
                || stored[from + 2] != 7
                || stored[from + 3] != LG_K
                || stored[from + 4] != 3
                || stored[from + 7] != 0
                || (stored[from + 5] & COMPACT_FLAG) == 0) {
            return -1;
        }
        int count = stored[from + 6] & 0xff;
        return length == LIST_START + 4 * count ? count : -1;
    }

    private static int coupon(byte[] list, int from, int index) {
        return (int) COUPON.get(list, from + LIST_START + 4 * index);
    }

    private static boolean listHolds(byte[] list, int from, int count, int coupon) {
        for (int i = 0; i < count; i++) {
            if (coupon(list, from, i) == coupon) {
                return true;
            }
        }
        return false;
    }

    /** A read-only sketch over bytes in the stored form, decoding nothing; null for null. */
    public static HllSketch wrap(byte[] stored) {
        return stored == null ? null : HllSketch.wrap(Memory.wrap(stored));
    }

    public static long estimate(HllSketch sketch) {
        return sketch == null ? 0 : Math.round(sketch.getEstimate());
    }

    /** One union per thread, for {@link #estimateOfUnion}. */
    private static final ThreadLocal<Union> ESTIMATES =
            ThreadLocal.withInitial(() -> new Union(LG_K));

    /**
     * The estimate of both sketches' union (null: none), as {@link #estimate} of {@link
     * #union(HllSketch, HllSketch)} gives it, without making the union's sketch: a standing under
     * writes estimates a few users' snapshot and tail sketches as one at every answer, and a new
     * union and its result's copy were most of each.
     */
    public static long estimateOfUnion(HllSketch a, HllSketch b) {
        if (a == null || b == null) {
            return estimate(a == null ? b : a);
        }
        Union union = ESTIMATES.get();
        union.reset();
        union.update(a);
        union.update(b);
        return Math.round(union.getEstimate());
    }

    public static byte[] toBytes(HllSketch sketch) {
        return sketch.toCompactByteArray();
    }

    public static HllSketch fromBytes(byte[] bytes) {
        return HllSketch.heapify(bytes);
    }

    /**
     * The sketch as stored in a packed snapshot layer and held by a query service's ranking: HLL_4,
     * compact (8 bytes plus 4 per voter while few, at most about 2 KiB), the same estimates as the
     * HLL_8 form. {@link #fromBytes} reads it back.
     */
    public static byte[] toCompactBytes(HllSketch sketch) {
        return sketch.copyAs(TgtHllType.HLL_4).toCompactByteArray();
    }
}
