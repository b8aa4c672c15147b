package org.leaderboard.query.rank;

import java.util.Arrays;
import org.leaderboard.model.tally.Tally;

/**
 * The users a tail changed, in ranking order, each with its merged tally, its ranking key and how
 * many snapshot users rank before it: an immutable sequence kept in small leaves, so that the next
 * version of a tail ranking (ten a second at 5,000 votes/s, a few hundred users moved among
 * hundreds of thousands) copies only the leaves those users leave or land in, and its own index of
 * the leaves, instead of every changed user's entry.
 *
 * <p>Profiled at 5,000 votes/s on a 1M-user board, copying the whole ranking per version was about
 * 150 MB/s of the query service's 217 MB/s of garbage. Every search is two binary searches: in the
 * leaves' index (each leaf's first position, and its last entry's snapshot users before and key),
 * then in one leaf, whose counts and keys are arrays of their own (searched without reading the
 * users' ids or tallies, each a cache miss).
 *
 * <p>Packed as {@link LongLeaves} are: a large sequence whose leaves are mostly new since its last
 * packing is copied into three arrays of its length ({@link #packed}).
 */
final class ChangedLeaves {

    /**
     * Changed users to insert, in ranking order, in columns: each one's slot (what {@link Entries}
     * knows it by), its merged tally's ranking key, the snapshot users before it, and its
     * distinct-voter estimate if already made (-1: made when first asked). Columns, not an object
     * per user: a newer head's whole tail is hundreds of thousands of users, held until its leaves
     * are built, and an object each was a tenth of what the young collections copied from that
     * ranking. Filled once, then handed to {@link #with} or {@link #of}, which may keep its arrays.
     */
    static final class Inserted {
        private final int[] slots;
        private final long[] keys;
        private final int[] before;
        private int[] estimates;
        private int size;

        Inserted(int capacity) {
            slots = new int[capacity];
            keys = new long[capacity];
            before = new int[capacity];
        }

        /** The next user in ranking order. */
        void add(int slot, long key, int baseBefore, long estimate) {
            slots[size] = slot;
            keys[size] = key;
            before[size] = baseBefore;
            if (estimate >= 0 && estimate < Integer.MAX_VALUE) {
                if (estimates == null) {
                    estimates = new int[slots.length];
                }
                estimates[size] = (int) estimate + 1;
            }
            size++;
        }

        void add(int slot, long key, int baseBefore) {
            add(slot, key, baseBefore, -1);
        }

        int size() {
            return size;
        }
    }

    /**
     * What the changed users' slots stand for in one version: each one's id, merged tally and own
     * position in the snapshot (-1: none there; kept so that an entry shown needs no search of the
     * snapshot for its sketch). The leaves keep slots, not the ids and tallies themselves: a
     * version copies every leaf a moved user leaves or lands in, and two arrays of references per
     * leaf were a third of those copies' bytes and most of what young collections had to trace in
     * them. A slot's answers never change within one version.
     */
    interface Entries {
        String user(int slot);

        Tally tally(int slot);

        int basePosition(int slot);
    }

    /** Slots that are indices into arrays (a tail ranked whole: slot j is the j-th in order). */
    record InOrder(String[] users, Tally[] tallies, int[] basePositions) implements Entries {

        @Override
        public String user(int slot) {
            return users[slot];
        }

        @Override
        public Tally tally(int slot) {
            return tallies[slot];
        }

        @Override
        public int basePosition(int slot) {
            return basePositions[slot];
        }
    }

    /**
     * A leaf: its entries' columns, never changed once built. A leaf made by a version has arrays
     * of its own; a packed leaf is a range of arrays every leaf of one packing shares ({@link
     * #packed}).
     */
    private static final class Leaf {
        final int[] slots;
        final long[] keys;
        final int[] before;
        final int offset;
        final int size;

        /** Whether the arrays are a packing's, shared with the other leaves packed with it. */
        final boolean packed;

        /**
         * Each entry's distinct-voter estimate plus one, kept once asked (0: not yet); null until
         * one is. An entry stands for one user with one tally and one tail sketch (a user the tail
         * touches again gets a new entry), so its estimate holds in every version that shares or
         * copies it. Threads may race to fill one: each writes the same value, and an array made
         * twice at once only loses what the other kept. Most leaves are never shown, and an array
         * each was a sixth of what every version copies.
         */
        volatile int[] estimates;

        Leaf(int size) {
            this(new int[size], new long[size], new int[size], 0, size, false, null);
        }

        Leaf(
                int[] slots,
                long[] keys,
                int[] before,
                int offset,
                int size,
                boolean packed,
                int[] estimates) {
            this.slots = slots;
            this.keys = keys;
            this.before = before;
            this.offset = offset;
            this.size = size;
            this.packed = packed;
            this.estimates = estimates;
        }

        int size() {
            return size;
        }

        int slot(int at) {
            return slots[offset + at];
        }

        long key(int at) {
            return keys[offset + at];
        }

        int before(int at) {
            return before[offset + at];
        }

        void set(int at, Inserted users, int i) {
            slots[offset + at] = users.slots[i];
            keys[offset + at] = users.keys[i];
            before[offset + at] = users.before[i];
            int[] estimated = users.estimates;
            if (estimated != null && estimated[i] != 0) {
                estimatesToKeep()[at] = estimated[i];
            }
        }

        void copy(int from, Leaf to, int at, int length) {
            if (length == 0) {
                return;
            }
            System.arraycopy(slots, offset + from, to.slots, to.offset + at, length);
            System.arraycopy(keys, offset + from, to.keys, to.offset + at, length);
            System.arraycopy(before, offset + from, to.before, to.offset + at, length);
            int[] kept = estimates;
            if (kept != null) {
                System.arraycopy(kept, from, to.estimatesToKeep(), at, length);
            }
        }

        /** The estimates, made now if none was kept yet. */
        int[] estimatesToKeep() {
            int[] kept = estimates;
            if (kept == null) {
                kept = new int[size];
                estimates = kept;
            }
            return kept;
        }
    }

    private final Leaf[] leaves;

    /** Each leaf's first index in the sequence, and the length after the last. */
    private final int[] starts;

    /** Each leaf's last entry's snapshot users before (non-decreasing along the sequence). */
    private final int[] lastBefore;

    /** Each leaf's last entry's ranking key (non-increasing along the sequence). */
    private final long[] lastKey;

    private final int leafSize;

    private final int packFrom;

    /** What this version's slots stand for (null while there are none). */
    private final Entries entries;

    /** The entries in leaves of their own, not in a packing's arrays. */
    private final int unpackedEntries;

    private ChangedLeaves(
            Leaf[] leaves,
            int[] starts,
            int[] lastBefore,
            long[] lastKey,
            int leafSize,
            int packFrom,
            Entries entries,
            int unpackedEntries) {
        this.leaves = leaves;
        this.starts = starts;
        this.lastBefore = lastBefore;
        this.lastKey = lastKey;
        this.leafSize = leafSize;
        this.packFrom = packFrom;
        this.entries = entries;
        this.unpackedEntries = unpackedEntries;
    }

    /**
     * No entries, in leaves of about {@code leafSize}, packed from {@code packFrom} entries on
     * ({@link LongLeaves#PACK_FROM} but in tests).
     */
    static ChangedLeaves empty(int leafSize, int packFrom) {
        return new ChangedLeaves(
                new Leaf[0], new int[1], new int[0], new long[0], leafSize, packFrom, null, 0);
    }

    /**
     * The entries in leaves of their own: each version makes new leaves for those its users leave
     * or land in, and at a few thousand moves a second most leaves are new again between two young
     * collections, each of which copies every new leaf still in use.
     */
    int unpackedEntries() {
        return unpackedEntries;
    }

    /**
     * The same entries with every leaf a range of three arrays shared by all of them: arrays of a
     * large tail's length are allocated outside the young generation (past half a region, G1 gives
     * an array regions of its own), so no young collection copies them, and the next versions share
     * them but for the leaves their users leave or land in.
     */
    ChangedLeaves packed() {
        int length = length();
        int[] slots = new int[length];
        long[] keys = new long[length];
        int[] before = new int[length];
        Leaf[] packed = new Leaf[leaves.length];
        for (int i = 0; i < leaves.length; i++) {
            Leaf leaf = leaves[i];
            int at = starts[i];
            System.arraycopy(leaf.slots, leaf.offset, slots, at, leaf.size);
            System.arraycopy(leaf.keys, leaf.offset, keys, at, leaf.size);
            System.arraycopy(leaf.before, leaf.offset, before, at, leaf.size);
            packed[i] = new Leaf(slots, keys, before, at, leaf.size, true, leaf.estimates);
        }
        return new ChangedLeaves(
                packed, starts, lastBefore, lastKey, leafSize, packFrom, entries, 0);
    }

    /**
     * {@code users}, in ranking order already, in leaves of about {@code leafSize}, their slots
     * standing for what {@code entries} says.
     */
    static ChangedLeaves of(Inserted users, int leafSize, int packFrom, Entries entries) {
        return empty(leafSize, packFrom).with(new int[0], new int[users.size()], users, entries);
    }

    int length() {
        return starts[leaves.length];
    }

    /** The slot of the entry at {@code index}. */
    int slot(int index) {
        int leaf = leafOf(index);
        return leaves[leaf].slot(index - starts[leaf]);
    }

    String user(int index) {
        return userInSlot(slot(index));
    }

    /** The user in {@code slot} ({@link #slot} of an entry). */
    String userInSlot(int slot) {
        return entries.user(slot);
    }

    Tally tallyInSlot(int slot) {
        return entries.tally(slot);
    }

    int basePositionInSlot(int slot) {
        return entries.basePosition(slot);
    }

    Tally tally(int index) {
        return entries.tally(slot(index));
    }

    long key(int index) {
        int leaf = leafOf(index);
        return leaves[leaf].key(index - starts[leaf]);
    }

    /** How many snapshot users rank before the entry at {@code index}. */
    int baseBefore(int index) {
        int leaf = leafOf(index);
        return leaves[leaf].before(index - starts[leaf]);
    }

    /** The entry's own position in the snapshot (-1: none there). */
    int basePosition(int index) {
        return entries.basePosition(slot(index));
    }

    /** The distinct-voter estimate kept for the entry at {@code index}; -1 if none yet. */
    long keptEstimate(int index) {
        int leaf = leafOf(index);
        int[] kept = leaves[leaf].estimates;
        return kept == null ? -1 : kept[index - starts[leaf]] - 1L;
    }

    /** Keeps {@code estimate} as the entry's (the same for every version that holds the entry). */
    void keepEstimate(int index, long estimate) {
        if (estimate >= 0 && estimate < Integer.MAX_VALUE) {
            int leaf = leafOf(index);
            leaves[leaf].estimatesToKeep()[index - starts[leaf]] = (int) estimate + 1;
        }
    }

    /**
     * The first index from {@code from} on whose entry has at least {@code value} snapshot users
     * before it; {@link #length()} if none has.
     */
    int firstBeforeAtLeast(int value, int from) {
        if (from >= length()) {
            return length();
        }
        int first = from == 0 ? 0 : leafOf(from);
        int low = first;
        // Most searches end in the leaf they start in (the users placed in ranking order, and
        // the end of a run of equal counts): the leaves' search only when not.
        int high = lastBefore[first] >= value ? first : leaves.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (lastBefore[middle] < value) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        if (low == leaves.length) {
            return length();
        }
        Leaf found = leaves[low];
        int at = low == first ? from - starts[low] : 0;
        int to = found.size() - 1;
        while (at < to) {
            int middle = (at + to) >>> 1;
            if (found.before(middle) < value) {
                at = middle + 1;
            } else {
                to = middle;
            }
        }
        return starts[low] + at;
    }

    /**
     * How many entries rank before a user {@code user} with ranking key {@code key}, of which
     * {@code baseBefore} snapshot users rank before it, counting from entry {@code from} on (those
     * before it rank before): an entry with fewer snapshot users before it ranks before, one with
     * more after, and only those with exactly as many are compared by key and id. Those are
     * searched within their leaf, read from its arrays: a search of the whole sequence looked up
     * each compared entry's leaf again.
     */
    int countBefore(long key, String user, int baseBefore, int from) {
        int low = firstBeforeAtLeast(baseBefore, from);
        int total = length();
        if (low == total) {
            return total;
        }
        int leaf = leafOf(low);
        if (lastBefore[leaf] <= baseBefore && leaf < leaves.length - 1) {
            // The entries with as many snapshot users before run on past this leaf.
            return countBeforeAcrossLeaves(key, user, low, firstBeforeAtLeast(baseBefore + 1, low));
        }
        Leaf found = leaves[leaf];
        int start = starts[leaf];
        int at = low - start;
        int end = found.size();
        // The run's end: the first entry of the leaf with more snapshot users before.
        int runEnd = at;
        int to = end;
        while (runEnd < to) {
            int middle = (runEnd + to) >>> 1;
            if (found.before(middle) <= baseBefore) {
                runEnd = middle + 1;
            } else {
                to = middle;
            }
        }
        int high = runEnd;
        while (at < high) {
            int middle = (at + high) >>> 1;
            long k = found.key(middle);
            if (k > key || (k == key && entries.user(found.slot(middle)).compareTo(user) < 0)) {
                at = middle + 1;
            } else {
                high = middle;
            }
        }
        return start + at;
    }

    /** As {@link #countBefore}, among entries [low, high) of several leaves. */
    private int countBeforeAcrossLeaves(long key, String user, int low, int high) {
        while (low < high) {
            int middle = (low + high) >>> 1;
            long k = key(middle);
            if (k > key || (k == key && user(middle).compareTo(user) < 0)) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /** How many entries have a ranking key above {@code key}. */
    int countKeysGreater(long key) {
        int low = 0;
        int high = leaves.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (lastKey[middle] > key) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        if (low == leaves.length) {
            return length();
        }
        Leaf found = leaves[low];
        int from = 0;
        int to = found.size() - 1;
        while (from < to) {
            int middle = (from + to) >>> 1;
            if (found.key(middle) > key) {
                from = middle + 1;
            } else {
                to = middle;
            }
        }
        return starts[low] + from;
    }

    /**
     * The next version: this one without the entries at {@code dropped} (ascending indices), with
     * {@code inserted[i]} placed before this version's entry {@code places[i]} ({@code places}
     * non-decreasing, {@link #length()} for the end), all slots standing for what {@code entries}
     * says (the same as this version's for the entries kept). Only the leaves something leaves or
     * lands in are copied; one that grows past twice the leaf size is split, one left empty goes.
     */
    ChangedLeaves with(int[] dropped, int[] places, Inserted inserted, Entries entries) {
        if (dropped.length == 0 && inserted.size() == 0) {
            return this.entries == entries
                    ? this
                    : new ChangedLeaves(
                            leaves,
                            starts,
                            lastBefore,
                            lastKey,
                            leafSize,
                            packFrom,
                            entries,
                            unpackedEntries);
        }
        Index out = new Index(leaves.length + inserted.size() / leafSize + 2);
        if (leaves.length == 0) {
            return first(inserted, out, entries);
        }
        int unpacked = unpackedEntries;
        int nextDrop = 0;
        int nextInsert = 0;
        int leaf = 0;
        while (nextDrop < dropped.length || nextInsert < places.length) {
            // The next leaf something leaves or lands in (an insert past the end lands in the
            // last one): the leaves before it are kept as they are, in one copy of their index.
            int touched = leaves.length - 1;
            if (nextDrop < dropped.length) {
                touched = Math.min(touched, leafOf(dropped[nextDrop]));
            }
            if (nextInsert < places.length) {
                touched = Math.min(touched, leafOf(places[nextInsert]));
            }
            out.addRun(this, leaf, touched);
            int start = starts[touched];
            int end = starts[touched + 1];
            boolean last = touched == leaves.length - 1;
            int dropEnd = nextDrop;
            while (dropEnd < dropped.length && dropped[dropEnd] < end) {
                dropEnd++;
            }
            int insertEnd = nextInsert;
            while (insertEnd < places.length && (places[insertEnd] < end || last)) {
                insertEnd++;
            }
            Leaf source = leaves[touched];
            Leaf rebuilt =
                    new Leaf(source.size() - (dropEnd - nextDrop) + (insertEnd - nextInsert));
            unpacked += rebuilt.size() - (source.packed ? 0 : source.size());
            int k = 0;
            int copyFrom = 0;
            // From one insert or drop to the next, each run of kept entries between copied whole,
            // without a test per entry of the leaf.
            while (nextInsert < insertEnd || nextDrop < dropEnd) {
                int insertAt =
                        nextInsert < insertEnd ? places[nextInsert] - start : Integer.MAX_VALUE;
                int dropAt = nextDrop < dropEnd ? dropped[nextDrop] - start : Integer.MAX_VALUE;
                int local = Math.min(insertAt, dropAt);
                source.copy(copyFrom, rebuilt, k, local - copyFrom);
                k += local - copyFrom;
                copyFrom = local;
                while (nextInsert < insertEnd && places[nextInsert] - start == local) {
                    rebuilt.set(k++, inserted, nextInsert++);
                }
                if (dropAt == local) {
                    nextDrop++;
                    copyFrom = local + 1;
                }
            }
            source.copy(copyFrom, rebuilt, k, source.size() - copyFrom);
            split(rebuilt, out);
            leaf = touched + 1;
        }
        out.addRun(this, leaf, leaves.length);
        return packedIfDue(out.build(this, entries, unpacked));
    }

    /**
     * The first entries of an empty sequence. As many as a packing is made for are packed at once:
     * their columns, already in order, become the packing's arrays, each leaf a range of them, as
     * {@link #packed} would make them from the leaves {@link #split} makes (a newer head's whole
     * tail, ranked again once a minute: neither those leaves nor a copy of every entry is made).
     */
    private ChangedLeaves first(Inserted inserted, Index out, Entries entries) {
        int length = inserted.size();
        if (!LongLeaves.packingDue(length, length, packFrom)) {
            Leaf all = new Leaf(length);
            for (int i = 0; i < length; i++) {
                all.set(i, inserted, i);
            }
            split(all, out);
            return packedIfDue(out.build(this, entries, length));
        }
        int[] slots = trimmed(inserted.slots, length);
        long[] keys =
                inserted.keys.length == length
                        ? inserted.keys
                        : Arrays.copyOf(inserted.keys, length);
        int[] before = trimmed(inserted.before, length);
        int parts = parts(length);
        for (int part = 0; part < parts; part++) {
            int from = partStart(length, part, parts);
            int to = partStart(length, part + 1, parts);
            int[] estimates =
                    inserted.estimates == null
                            ? null
                            : Arrays.copyOfRange(inserted.estimates, from, to);
            out.add(new Leaf(slots, keys, before, from, to - from, true, estimates));
        }
        return out.build(this, entries, 0);
    }

    private static int[] trimmed(int[] column, int length) {
        return column.length == length ? column : Arrays.copyOf(column, length);
    }

    /** {@code made}, packed if long enough and mostly in leaves of its own again. */
    private static ChangedLeaves packedIfDue(ChangedLeaves made) {
        return LongLeaves.packingDue(made.length(), made.unpackedEntries, made.packFrom)
                ? made.packed()
                : made;
    }

    private int leafOf(int index) {
        return LongLeaves.leafOf(starts, leaves.length, index);
    }

    /** Adds {@code leaf} to {@code out}: none if empty, as leaves of about leafSize if large. */
    private void split(Leaf leaf, Index out) {
        if (leaf.size() == 0) {
            return;
        }
        int parts = parts(leaf.size());
        if (parts == 1) {
            out.add(leaf);
            return;
        }
        for (int part = 0; part < parts; part++) {
            int from = partStart(leaf.size(), part, parts);
            int to = partStart(leaf.size(), part + 1, parts);
            Leaf piece = new Leaf(to - from);
            leaf.copy(from, piece, 0, to - from);
            out.add(piece);
        }
    }

    /** How many leaves of about leafSize a run of {@code size} entries is kept in. */
    private int parts(int size) {
        return size <= 2 * leafSize ? 1 : size / leafSize;
    }

    /** Where leaf {@code part} of {@code parts} begins in a run of {@code size} entries. */
    private static int partStart(int size, int part, int parts) {
        return (int) ((long) size * part / parts);
    }

    /** A new version's leaves and their index, appended in order. */
    private static final class Index {
        Leaf[] leaves;
        int[] starts;
        int[] lastBefore;
        long[] lastKey;
        int count;

        Index(int capacity) {
            leaves = new Leaf[capacity];
            starts = new int[capacity + 1];
            lastBefore = new int[capacity];
            lastKey = new long[capacity];
        }

        void add(Leaf leaf) {
            add(leaf, leaf.before(leaf.size() - 1), leaf.key(leaf.size() - 1));
        }

        /**
         * The leaves [{@code from}, {@code to}) of {@code source}, kept as they were: their index
         * entries copied in bulk, none of their entries read. A version touches a few hundred of
         * thousands of leaves, and adding the others one by one was most of its time.
         */
        void addRun(ChangedLeaves source, int from, int to) {
            int length = to - from;
            if (length <= 0) {
                return;
            }
            if (count + length > leaves.length) {
                int grown = Math.max(count * 2 + 1, count + length);
                leaves = Arrays.copyOf(leaves, grown);
                starts = Arrays.copyOf(starts, grown + 1);
                lastBefore = Arrays.copyOf(lastBefore, grown);
                lastKey = Arrays.copyOf(lastKey, grown);
            }
            System.arraycopy(source.leaves, from, leaves, count, length);
            System.arraycopy(source.lastBefore, from, lastBefore, count, length);
            System.arraycopy(source.lastKey, from, lastKey, count, length);
            LongLeaves.shiftedStarts(source.starts, from, starts, count, length);
            count += length;
        }

        /** A leaf, with its last entry's snapshot users before and ranking key. */
        private void add(Leaf leaf, int before, long key) {
            if (count == leaves.length) {
                int grown = count * 2 + 1;
                leaves = Arrays.copyOf(leaves, grown);
                starts = Arrays.copyOf(starts, grown + 1);
                lastBefore = Arrays.copyOf(lastBefore, grown);
                lastKey = Arrays.copyOf(lastKey, grown);
            }
            leaves[count] = leaf;
            lastBefore[count] = before;
            lastKey[count] = key;
            starts[count + 1] = starts[count] + leaf.size();
            count++;
        }

        /** The version made, with {@code shape}'s leaf size and packing threshold. */
        ChangedLeaves build(ChangedLeaves shape, Entries entries, int unpackedEntries) {
            return new ChangedLeaves(
                    count == leaves.length ? leaves : Arrays.copyOf(leaves, count),
                    Arrays.copyOf(starts, count + 1),
                    Arrays.copyOf(lastBefore, count),
                    Arrays.copyOf(lastKey, count),
                    shape.leafSize,
                    shape.packFrom,
                    entries,
                    unpackedEntries);
        }
    }
}
