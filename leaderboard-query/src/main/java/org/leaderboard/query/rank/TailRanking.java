package org.leaderboard.query.rank;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.datasketches.hll.HllSketch;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.model.tally.VoterSketches;

/**
 * A ranked snapshot plus a tail that only grows, ranked incrementally: {@link #plus} adds the tail
 * events read since the last version and ranks only the users they touched (a sort and a binary
 * search in the snapshot each), then copies only the leaves of the merged order those users leave
 * or land in ({@link ChangedLeaves}), sharing the others with the version before. A new version
 * then costs O(touched users x log users) compares and copies of O(touched users) small leaves,
 * instead of the O(tail users x log users) of ranking the whole tail again ({@link
 * MergedStandings}'s own constructor).
 *
 * <p>Every version is immutable and may be read by any number of threads; {@link #plus} must be
 * called by one thread at a time (it gives users slots in a table the versions share, append only).
 * Only for a tail that grows: a fold that can shrink or be replaced (a late row found, a newer
 * snapshot) starts again from {@link #of}.
 */
public final class TailRanking {

    private final RankedSnapshot base;
    private final ScoreKind kind;
    private final Slots slots;

    /**
     * The slots' ids when this version was made: any thread reads a slot's id here, as final fields
     * make it visible, never in the array {@link Slots} may have grown into since.
     */
    private final String[] slotUsers;

    /** The users the tail changed, in ranking order (shared in part with the version before). */
    private final ChangedLeaves changed;

    private volatile Map<Long, Integer> countsAbove;

    /**
     * What ranking fresh parts on top of this version found of each user ({@link Placed}), kept for
     * the next read's: reads every few milliseconds send most of the same users again (the rows of
     * the last held lag, and the stable rows not taken in yet), so each is looked up and placed in
     * this version once, not at every read. A version never changes, so neither does what is kept.
     * Touched only while a fresh part is ranked, by one thread at a time ({@link #standingsWith}).
     */
    private final Map<String, Placed> placed = new HashMap<>();

    private final RefColumn<Tally> mergedBySlot;

    /**
     * Each changed user's tail voters, in the stored form ({@link VoterSketches#toCompactBytes}):
     * one small array per user that lives as long as the tail, not a sketch, its list and its
     * array, for each young collection to copy.
     */
    private final RefColumn<byte[]> tailVotersBySlot;

    /** The changed users' snapshot positions, ascending. */
    private final LongLeaves removed;

    private final MergedStandings standings;

    /**
     * This version's distinct-voter estimates of changed users with many voters in the snapshot,
     * asked from any thread: a version's sketches never change, so neither do they. At most the
     * tail's users with {@link #KEPT_FROM_VOTERS} voters or more in the snapshot.
     */
    private final Map<String, Long> mergedEstimates = new ConcurrentHashMap<>();

    /** Voters in the snapshot from which a user's merged estimate is kept per version. */
    private static final double KEPT_FROM_VOTERS = 256;

    /**
     * The most users a version estimates as it takes them in ({@link #estimate}): a read's few
     * pending users, not a whole tail ranked on a newer head (hundreds of thousands, most never
     * shown).
     */
    private static final int ESTIMATED_UP_TO = 1024;

    /**
     * The users' slots in the version arrays, shared by all versions of one snapshot, and what
     * {@link #plus} looked up for each slot in that snapshot, kept: the snapshot never changes, and
     * the same users come back read after read (the fresh rows of the last held lag are ranked
     * again at every read), so each user's place in the 1M-entry snapshot is searched once, not
     * once per read. Only the thread calling {@link #plus} writes the arrays; other threads read
     * the slot table ({@link #find}), and through a version's {@link VersionEntries} the ids and
     * snapshot positions of the slots that version was made with (written before it was published,
     * never changed after: slots are only appended, and a grown array is a new one).
     */
    private static final class Slots {

        /**
         * Each user's slot plus one (0: empty), by its id's hash, probed linearly, at most half
         * full: one array of ints rather than a map entry and a boxed slot per user, which lived as
         * long as the tail and were copied by the young collection that first found them. Only the
         * thread calling {@link #plus} writes it; a table grown is a new array, filled before it is
         * published here.
         */
        private volatile int[] table;

        int count;

        /** Each slot's user id, for the versions' {@link ChangedLeaves.Entries}. */
        String[] users;

        /**
         * The user's snapshot position (-1: not ranked there). Its whole snapshot tally is read
         * from there when asked ({@link #baseTally}), not kept: a newer head gives hundreds of
         * thousands of users a slot at once, and a kept tally each was that many objects more for
         * the young collections to copy.
         */
        int[] basePosition;

        /**
         * The last ranking key the user was placed with, and how many snapshot users rank before it
         * with that key (-1: never placed).
         */
        long[] placedKey;

        int[] placedBaseBefore;

        /**
         * The same for the ranking key the user was last ranked with among the changed users (-1:
         * never), kept apart: finding a changed user's entry again (to move it, or to place a fresh
         * part on top) asks for that key while ranking a fresh part asks for the fresh one, and one
         * pair for both would search the snapshot again at every turn.
         */
        long[] changedKey;

        int[] changedBefore;

        /** Each ranking key's users in the snapshot: [countAbove, countAtLeast). */
        final Map<Long, int[]> keyBounds = new HashMap<>();

        /**
         * Room for {@code expectedUsers} from the start: a whole tail ranked on a newer head gives
         * hundreds of thousands of users slots at once, and growing the table and the arrays to
         * that size step by step copied each of them many times.
         */
        Slots(int expectedUsers) {
            int capacity = Math.max(1024, expectedUsers);
            table = new int[Integer.highestOneBit(capacity) << 2];
            users = new String[capacity];
            basePosition = new int[capacity];
            placedKey = new long[capacity];
            placedBaseBefore = filled(new int[capacity], 0);
            changedKey = new long[capacity];
            changedBefore = filled(new int[capacity], 0);
        }

        /**
         * The slot of {@code user} among the first {@code known} slots, whose ids are {@code
         * users}, or -1: for any thread that was handed a version made with those slots (the table
         * entries and ids of those slots were written before the version was made; entries of later
         * slots are skipped).
         */
        int find(String user, String[] users, int known) {
            int[] entries = table;
            int mask = entries.length - 1;
            for (int i = home(user, mask); ; i = (i + 1) & mask) {
                int entry = entries[i];
                if (entry == 0) {
                    return -1;
                }
                int slot = entry - 1;
                if (slot < known && users[slot].equals(user)) {
                    return slot;
                }
            }
        }

        int slotOf(String user, RankedSnapshot base) {
            int found = find(user, users, count);
            if (found >= 0) {
                return found;
            }
            int created = count;
            if (created == basePosition.length) {
                int length = created * 2;
                users = Arrays.copyOf(users, length);
                basePosition = Arrays.copyOf(basePosition, length);
                placedKey = Arrays.copyOf(placedKey, length);
                placedBaseBefore = filled(Arrays.copyOf(placedBaseBefore, length), created);
                changedKey = Arrays.copyOf(changedKey, length);
                changedBefore = filled(Arrays.copyOf(changedBefore, length), created);
            }
            basePosition[created] = base.position(user);
            users[created] = user;
            if (2 * (created + 1) > table.length) {
                int[] grown = new int[table.length * 2];
                for (int slot = 0; slot < created; slot++) {
                    enter(grown, users[slot], slot);
                }
                table = grown;
            }
            enter(table, user, created);
            count++;
            return created;
        }

        private static void enter(int[] entries, String user, int slot) {
            int mask = entries.length - 1;
            int i = home(user, mask);
            while (entries[i] != 0) {
                i = (i + 1) & mask;
            }
            entries[i] = slot + 1;
        }

        private static int home(String user, int mask) {
            int h = user.hashCode() * 0x9E3779B9;
            return (h ^ (h >>> 16)) & mask;
        }

        /**
         * The whole snapshot tally of {@code user} in {@code slot}, unranked part included: a
         * snapshot may hold a user with no counted vote whose tally still counts (a retraction).
         */
        Tally baseTally(int slot, String user, RankedSnapshot base) {
            int position = basePosition[slot];
            return position >= 0 ? base.tally(position) : base.unrankedTally(user);
        }

        /** {@link #baseTally} plus {@code delta}, as one new tally. */
        Tally baseTallyPlus(int slot, String user, RankedSnapshot base, Tally delta) {
            int position = basePosition[slot];
            return position >= 0
                    ? base.tallyPlus(position, delta)
                    : base.unrankedTally(user).plus(delta);
        }

        /**
         * How many snapshot users rank before the user in {@code slot} with ranking key key, known
         * to be at least {@code atLeast} (users placed in ranking order pass the one before's).
         */
        int baseBefore(RankedSnapshot base, int slot, long key, String user, int atLeast) {
            if (placedBaseBefore[slot] >= 0 && placedKey[slot] == key) {
                return placedBaseBefore[slot];
            }
            int before = base.countBefore(key, user, keyBounds, atLeast);
            placedKey[slot] = key;
            placedBaseBefore[slot] = before;
            return before;
        }

        /** As {@link #baseBefore}, for the key the user is ranked with among the changed users. */
        int changedBaseBefore(RankedSnapshot base, int slot, long key, String user) {
            if (changedBefore[slot] >= 0 && changedKey[slot] == key) {
                return changedBefore[slot];
            }
            int before = base.countBefore(key, user, keyBounds, 0);
            changed(slot, key, before);
            return before;
        }

        /**
         * {@link #changedBaseBefore} if known for {@code key}, else -1; from any thread, as a hint
         * to check (the arrays may be written or replaced meanwhile).
         */
        int changedBaseBeforeIfKnown(int slot, long key) {
            long[] keys = changedKey;
            int[] before = changedBefore;
            if (slot >= keys.length || slot >= before.length || keys[slot] != key) {
                return -1;
            }
            return before[slot];
        }

        /** The user in {@code slot} is ranked among the changed users with {@code key} now. */
        void changed(int slot, long key, int baseBefore) {
            changedKey[slot] = key;
            changedBefore[slot] = baseBefore;
        }

        private static int[] filled(int[] array, int from) {
            Arrays.fill(array, from, array.length, -1);
            return array;
        }
    }

    private TailRanking(
            RankedSnapshot base,
            Slots slots,
            ChangedLeaves changed,
            RefColumn<Tally> mergedBySlot,
            RefColumn<byte[]> tailVotersBySlot,
            LongLeaves removed) {
        this.base = base;
        this.kind = base.scoreKind();
        this.slots = slots;
        this.slotUsers = slots.users;
        this.changed = changed;
        this.mergedBySlot = mergedBySlot;
        this.tailVotersBySlot = tailVotersBySlot;
        this.removed = removed;
        this.standings =
                new MergedStandings(
                        base,
                        changed,
                        this::changedIndexOf,
                        removed,
                        new MergedStandings.DistinctVoters() {
                            @Override
                            public long of(String user, int basePosition) {
                                return distinctVoters(user, basePosition);
                            }

                            @Override
                            public long ofSlot(int slot, String user, int basePosition) {
                                // The changed leaves' slots are this ranking's: the user's tail
                                // voters read in its slot, not found again by its id's hash.
                                return distinctVoters(
                                        user,
                                        basePosition,
                                        slot < tailVotersBySlot.length()
                                                ? tailVotersBySlot.get(slot)
                                                : null);
                            }
                        });
    }

    /** The snapshot alone, no tail yet. */
    public static TailRanking of(RankedSnapshot base) {
        return of(base, LongLeaves.LEAF, LongLeaves.PACK_FROM);
    }

    /**
     * As above, the changed users kept in leaves of about {@code leafSize}, packed from {@code
     * packFrom} on (tests use small ones of both).
     */
    static TailRanking of(RankedSnapshot base, int leafSize, int packFrom) {
        return of(base, leafSize, packFrom, 0);
    }

    private static TailRanking of(
            RankedSnapshot base, int leafSize, int packFrom, int expectedUsers) {
        return new TailRanking(
                base,
                new Slots(expectedUsers),
                ChangedLeaves.empty(leafSize, packFrom),
                RefColumn.empty(),
                RefColumn.empty(),
                LongLeaves.empty(leafSize, packFrom));
    }

    /** The snapshot plus a whole tail. */
    public static TailRanking of(RankedSnapshot base, Tallies tail) {
        return of(base, TailRows.of(tail));
    }

    /**
     * The snapshot plus a whole tail, as the parts it was read in: each user's rows summed in its
     * slot as they come ({@link #whole}).
     */
    public static TailRanking of(RankedSnapshot base, TailRows tail) {
        return of(base, LongLeaves.LEAF, LongLeaves.PACK_FROM, tail.rows()).whole(tail);
    }

    /** As above, the changed users kept in leaves of about {@code leafSize} (tests). */
    static TailRanking of(RankedSnapshot base, TailRows tail, int leafSize, int packFrom) {
        return of(base, leafSize, packFrom, tail.rows()).whole(tail);
    }

    public RankedSnapshot base() {
        return base;
    }

    /** Users with votes this version's tail changed. */
    public int tailUsers() {
        return changed.length();
    }

    /** This version's merged standings (shared, immutable). */
    public MergedStandings standings() {
        return standings;
    }

    /**
     * This version's standings with {@code fresh} on top, for one answer: the fresh users are
     * ranked against this version as it is ({@link Version}), without copying it, so that the rows
     * a read sends again every time (the last held lag's) cost O(fresh users x log users), not a
     * copy of every tail user's place. Like {@link #plus}, called by one thread at a time; the
     * standings it returns may be read by any number of threads.
     */
    public MergedStandings standingsWith(Tallies fresh) {
        if (fresh.isEmpty()) {
            return standings;
        }
        Version version = new Version();
        MergedStandings onTop =
                new MergedStandings(
                        version,
                        fresh.asMap(),
                        (user, position) -> {
                            // A user without fresh voters has this version's estimate, kept for
                            // the popular ones: no union of its sketches again at every answer.
                            HllSketch freshVoters = fresh.voters(user);
                            return freshVoters == null
                                    ? distinctVoters(user, -1)
                                    : VoterSketches.estimate(union(votersOf(user), freshVoters));
                        });
        version.ranked = true;
        return onTop;
    }

    /**
     * This version's merged order, as the users a fresh part is ranked against. Its tallies and
     * searches use what {@link Slots} remembers of each user's place in the snapshot: they are
     * asked only while the fresh part is ranked, on the thread that reads. Positions, keys, users
     * and tallies at positions are also asked later by readers of the answer, and use only this
     * version's immutable arrays.
     */
    private final class Version implements RankedUsers {

        /**
         * Set once the fresh part is ranked, before the answer is handed out (so every thread that
         * reads it sees it set): from then on only the immutable arrays are read, never the {@link
         * Slots}, which only the reading thread may touch.
         */
        boolean ranked;

        /** The user's place in this version, remembered ({@link #placed}). */
        private Placed placedOf(String user) {
            Placed found = placed.get(user);
            if (found == null) {
                int slot = slots.slotOf(user, base);
                Tally merged = slot < mergedBySlot.length() ? mergedBySlot.get(slot) : null;
                int j = changedIndexOnPlusThread(slot, user, merged);
                int position =
                        j >= 0
                                ? standings.positionOfChanged(j)
                                : standings.positionOfKept(slots.basePosition[slot], user);
                found =
                        new Placed(
                                slot,
                                position,
                                merged != null ? merged : slots.baseTally(slot, user, base));
                placed.put(user, found);
            }
            return found;
        }

        @Override
        public ScoreKind scoreKind() {
            return kind;
        }

        @Override
        public int size() {
            return standings.totalUsers();
        }

        @Override
        public int position(String user) {
            return ranked ? standings.positionOf(user).orElse(-1) : placedOf(user).position;
        }

        @Override
        public Tally tallyOf(String user) {
            return placedOf(user).tally;
        }

        @Override
        public long key(int position) {
            return standings.keyAt(position);
        }

        @Override
        public String user(int position) {
            return standings.userAt(position);
        }

        @Override
        public long keyOf(String user, int position) {
            return standings.keyOf(user, position);
        }

        @Override
        public long distinctVoters(int position) {
            return standings.distinctVotersAt(position);
        }

        @Override
        public Tally tally(int position) {
            return standings.tallyAt(position);
        }

        @Override
        public void forEachBetween(int from, int to, EntryVisitor visitor) {
            standings.forEachBetween(from, to, visitor);
        }

        @Override
        public void forEachShownBetween(int from, int to, ShownVisitor visitor) {
            standings.forEachShownBetween(from, to, null, -1, visitor);
        }

        @Override
        public void forEachShownBetween(
                int from, int to, String anchor, int anchorPosition, ShownVisitor visitor) {
            standings.forEachShownBetween(from, to, anchor, anchorPosition, visitor);
        }

        @Override
        public int countAbove(long key) {
            return countsAbove().computeIfAbsent(key, standings::countAbove);
        }

        @Override
        public int countAtLeast(long key) {
            return key == Long.MIN_VALUE ? size() : countAbove(key - 1);
        }

        @Override
        public int countBefore(long key, String user, Map<Long, int[]> keyBounds) {
            Placed at = placedOf(user);
            if (at.before < 0 || at.key != key) {
                at.before =
                        standings.countBefore(
                                key, user, slots.baseBefore(base, at.slot, key, user, 0));
                at.key = key;
            }
            return at.before;
        }
    }

    /**
     * A user's place in this version as ranking a fresh part on top found it: its slot, position
     * (-1: none) and whole tally, and how many users rank before it with the ranking key it was
     * last placed with (-1: not placed yet).
     */
    private static final class Placed {
        final int slot;
        final int position;
        final Tally tally;
        long key;
        int before = -1;

        Placed(int slot, int position, Tally tally) {
            this.slot = slot;
            this.position = position;
            this.tally = tally;
        }
    }

    /**
     * Each ranking key's count of users above it in this version, for the fresh parts ranked on top
     * of it (read after read, with the same few keys): built on first use, shared by the threads
     * that read answers.
     */
    private Map<Long, Integer> countsAbove() {
        Map<Long, Integer> counts = countsAbove;
        if (counts == null) {
            counts = new ConcurrentHashMap<>();
            countsAbove = counts;
        }
        return counts;
    }

    /** The user's distinct-voter sketch in this version: the snapshot's and the tail's. */
    private HllSketch votersOf(String user) {
        return union(base.votersOf(user), VoterSketches.wrap(tailVoters(user)));
    }

    /**
     * The next version: this one's tail plus {@code delta} (events not in it yet). {@code delta} is
     * read here and not kept; its voter sketches are kept but never modified.
     */
    public TailRanking plus(Tallies delta) {
        if (delta.isEmpty()) {
            return this;
        }
        Map<String, Tally> added = delta.asMap();
        RefColumn.Edit<Tally> merged = mergedBySlot.edit();
        RefColumn.Edit<byte[]> voters = tailVotersBySlot.edit();
        List<Changed> fresh = new ArrayList<>(added.size());
        long[] newlyRemoved = new long[added.size()];
        int removals = 0;
        int[] dropped = new int[added.size()];
        int drops = 0;
        // A large batch's prefix keys before its users are made entries, each made once.
        long[] prefixes = IdPrefixes.ofBatch(added);
        int index = 0;
        for (Map.Entry<String, Tally> entry : added.entrySet()) {
            String user = entry.getKey();
            long prefix = prefixes == null ? 0 : prefixes[index++];
            int slot = slots.slotOf(user, base);
            Tally before = merged.get(slot);
            int oldIndex = changedIndexOnPlusThread(slot, user, before);
            if (oldIndex >= 0) {
                dropped[drops++] = oldIndex;
            }
            Tally now;
            if (before == null) {
                // First touched: its whole snapshot tally is the start, and its snapshot place
                // is left.
                now = slots.baseTallyPlus(slot, user, base, entry.getValue());
                int position = slots.basePosition[slot];
                if (position >= 0) {
                    newlyRemoved[removals++] = position;
                }
            } else {
                now = before.plus(entry.getValue());
            }
            merged.set(slot, now);
            byte[] addedVoters = delta.compactVoters(user);
            if (addedVoters != null) {
                voters.set(slot, VoterSketches.union(voters.get(slot), addedVoters));
            }
            if (now.hasVotes()) {
                fresh.add(new Changed(user, slot, kind.rankKey(now), prefix));
            }
        }
        int slotCount = slots.count;
        fresh.sort(Changed.ORDER);
        int[] droppedSorted = Arrays.copyOf(dropped, drops);
        Arrays.sort(droppedSorted);
        return mergeChanged(
                fresh,
                droppedSorted,
                merged.build(slotCount),
                voters.build(slotCount),
                Arrays.copyOf(newlyRemoved, removals));
    }

    /**
     * This version, which has no tail yet, plus a whole tail: each row added to its user's slot as
     * it comes (its snapshot tally the start on the first), then the users with a counted vote
     * sorted once and handed to the leaves. A tail taken up with a newer head is hundreds of
     * thousands of users in tens of parts; summed into one map first, that map's entries lived as
     * long as the ranking took, and every young collection meanwhile copied them.
     */
    private TailRanking whole(TailRows tail) {
        if (changed.length() != 0 || slots.count != 0) {
            throw new IllegalStateException("a whole tail is ranked on the snapshot alone");
        }
        RefColumn.Edit<Tally> merged = mergedBySlot.edit();
        RefColumn.Edit<byte[]> voters = tailVotersBySlot.edit();
        tail.forEach(
                (user, tally, added) -> {
                    int slot = slots.slotOf(user, base);
                    Tally before = merged.get(slot);
                    merged.set(
                            slot,
                            before == null
                                    ? slots.baseTallyPlus(slot, user, base, tally)
                                    : before.plus(tally));
                    if (added != null) {
                        voters.set(slot, VoterSketches.union(voters.get(slot), added));
                    }
                });
        int slotCount = slots.count;
        String[] users = slots.users;
        long[] prefixes = IdPrefixes.ofFirst(users, slotCount);
        List<Changed> fresh = new ArrayList<>(slotCount);
        long[] newlyRemoved = new long[slotCount];
        int removals = 0;
        for (int slot = 0; slot < slotCount; slot++) {
            int position = slots.basePosition[slot];
            if (position >= 0) {
                newlyRemoved[removals++] = position;
            }
            Tally now = merged.get(slot);
            if (now.hasVotes()) {
                fresh.add(
                        new Changed(
                                users[slot],
                                slot,
                                kind.rankKey(now),
                                prefixes == null ? 0 : prefixes[slot]));
            }
        }
        fresh.sort(Changed.ORDER);
        return mergeChanged(
                fresh,
                new int[0],
                merged.build(slotCount),
                voters.build(slotCount),
                Arrays.copyOf(newlyRemoved, removals));
    }

    /**
     * The changed users of this version without the {@code dropped} ones (indices, ascending: users
     * the delta touched again), merged with {@code fresh} (in ranking order). Each fresh user's
     * place among the kept ones is found by a binary search, and only the leaves of {@link
     * ChangedLeaves} that users leave or land in are copied: a delta of d users costs O(d log n)
     * compares and copies of at most 2d small leaves, without reading any other user's entry.
     */
    private TailRanking mergeChanged(
            List<Changed> fresh,
            int[] dropped,
            RefColumn<Tally> merged,
            RefColumn<byte[]> voters,
            long[] newlyRemoved) {
        int[] places = new int[fresh.size()];
        ChangedLeaves.Inserted inserted = new ChangedLeaves.Inserted(fresh.size());
        boolean estimated = fresh.size() <= ESTIMATED_UP_TO;
        int lowest = 0;
        int lowestBase = 0;
        for (int i = 0; i < places.length; i++) {
            Changed c = fresh.get(i);
            long key = c.key();
            int baseBefore = slots.baseBefore(base, c.slot(), key, c.user(), lowestBase);
            lowestBase = baseBefore;
            // Its place among this version's changed users: a search of their counts of
            // snapshot users before, ids compared only on equal counts.
            int place = standings.changedBefore(key, c.user(), baseBefore, lowest);
            lowest = place;
            places[i] = place;
            inserted.add(c.slot(), key, baseBefore, estimated ? estimate(c.slot(), voters) : -1);
            slots.changed(c.slot(), key, baseBefore);
        }
        long[] addedRemoved = newlyRemoved;
        Arrays.sort(addedRemoved);
        return new TailRanking(
                base,
                slots,
                changed.with(
                        dropped,
                        places,
                        inserted,
                        new VersionEntries(slots.users, slots.basePosition, merged)),
                merged,
                voters,
                removed.with(addedRemoved));
    }

    /**
     * The distinct voters of the user in {@code slot}, its tail's sketch in {@code voters}, for its
     * new entry; -1 for a user with {@link #KEPT_FROM_VOTERS} voters or more in the snapshot (its
     * union costs tens of microseconds: estimated when shown, {@link #distinctVoters}). A version
     * of a few users is made by the read that takes them in, and each of those users' entries is
     * shown by many reads after it: estimated here, once, each costs a union of two small sketches
     * on that read, instead of a lookup, two sketches read and their union on the first read that
     * shows it (bounded-staleness standings of random users under writes show mostly entries not
     * shown before: those first estimates were a third of their time).
     */
    private long estimate(int slot, RefColumn<byte[]> voters) {
        int position = slots.basePosition[slot];
        HllSketch snapshot =
                position >= 0 ? base.voters(position) : base.votersOf(slots.users[slot]);
        if (snapshotEstimate(position, snapshot) >= KEPT_FROM_VOTERS) {
            return -1;
        }
        return VoterSketches.estimateOfUnion(snapshot, VoterSketches.wrap(voters.get(slot)));
    }

    /**
     * The estimate of {@code snapshot}, the sketch of a user at {@code position} in the snapshot
     * (-1: not ranked there): the one the snapshot keeps per position, once made (an estimate of a
     * sketch read in place again at every ask was two fifths of a first estimate's CPU).
     */
    private long snapshotEstimate(int position, HllSketch snapshot) {
        return position >= 0 ? base.distinctVoters(position) : VoterSketches.estimate(snapshot);
    }

    /**
     * The user's index among this version's changed users, its tally in this version being {@code
     * merged} (null: not changed); -1 if none. A search by its key and place in the snapshot, which
     * {@link Slots} remembers: only for the thread calling {@link #plus}.
     */
    private int changedIndexOnPlusThread(int slot, String user, Tally merged) {
        if (merged == null || !merged.hasVotes()) {
            return -1;
        }
        long key = kind.rankKey(merged);
        return standings.changedIndex(key, user, slots.changedBaseBefore(base, slot, key, user));
    }

    /**
     * As above, from any thread. The user's place in the snapshot is taken from what {@link Slots}
     * remembers of the key it was last ranked with, if that is this version's key, and checked by
     * finding the user there; else searched again (three binary searches of the snapshot, most of a
     * standing's own lookup under writes). Read without a lock while {@link #plus} may write it: a
     * value torn or from another key at worst misses the user, and the search follows.
     */
    private int changedIndexOf(String user) {
        int slot = slots.find(user, slotUsers, mergedBySlot.length());
        if (slot < 0) {
            return -1;
        }
        Tally merged = mergedBySlot.get(slot);
        if (merged == null || !merged.hasVotes()) {
            return -1;
        }
        long key = kind.rankKey(merged);
        int remembered = slots.changedBaseBeforeIfKnown(slot, key);
        if (remembered >= 0) {
            int j = standings.changedIndex(key, user, remembered);
            if (j >= 0) {
                return j;
            }
        }
        return standings.changedIndex(key, user, base.countBefore(key, user));
    }

    /**
     * The snapshot's sketch of the user merged with the tail's, estimated. A user whose snapshot
     * sketch estimates {@link #KEPT_FROM_VOTERS} voters or more (past the sparse modes, where a
     * union costs about what the sketch holds) is merged once per version and the estimate kept
     * ({@link #mergedEstimates}): that union merges all 4,096 registers, about 20 microseconds, and
     * the popular users a tail changes are the ones every top page shows.
     */
    private long distinctVoters(String user, int basePosition) {
        return distinctVoters(user, basePosition, tailVoters(user));
    }

    /** As above, given the user's tail voters in this version (null: none). */
    private long distinctVoters(String user, int basePosition, byte[] tailVoters) {
        HllSketch snapshot = basePosition >= 0 ? base.voters(basePosition) : base.votersOf(user);
        HllSketch tail = VoterSketches.wrap(tailVoters);
        if (tail == null) {
            return snapshotEstimate(basePosition, snapshot);
        }
        if (snapshot == null) {
            return VoterSketches.estimate(tail);
        }
        if (snapshotEstimate(basePosition, snapshot) < KEPT_FROM_VOTERS) {
            return VoterSketches.estimateOfUnion(snapshot, tail);
        }
        return mergedEstimates.computeIfAbsent(
                user, ignored -> VoterSketches.estimateOfUnion(snapshot, tail));
    }

    /** The user's tail voters in this version, in the stored form; null if none. */
    private byte[] tailVoters(String user) {
        int slot = slots.find(user, slotUsers, tailVotersBySlot.length());
        return slot < 0 ? null : tailVotersBySlot.get(slot);
    }

    private static HllSketch union(HllSketch before, HllSketch added) {
        if (before == null || added == null) {
            return before == null ? added : before;
        }
        return VoterSketches.union(before, added);
    }

    /**
     * What the slots stand for in one version: the ids and snapshot positions as {@link Slots} had
     * them when the version was made (a slot's never change; later slots may be added to the same
     * arrays, or the arrays replaced, neither of which this version reads), and the version's
     * merged tallies. Final fields, so that any thread given the version sees what they held.
     */
    private record VersionEntries(String[] users, int[] basePositions, RefColumn<Tally> merged)
            implements ChangedLeaves.Entries {

        @Override
        public String user(int slot) {
            return users[slot];
        }

        @Override
        public Tally tally(int slot) {
            return merged.get(slot);
        }

        @Override
        public int basePosition(int slot) {
            return basePositions[slot];
        }
    }

    /**
     * A user the newest delta touched, with a counted vote, in its slot, with its tally's ranking
     * key (computed once, not at every comparison of the sort) and, in a large delta, its id's
     * {@link IdPrefixes} key.
     */
    private record Changed(String user, int slot, long key, long prefix) {

        /** Ranking order: higher key first, then user id. */
        static final java.util.Comparator<Changed> ORDER =
                (a, b) -> IdPrefixes.compare(a.key, a.prefix, a.user, b.key, b.prefix, b.user);
    }
}
