package org.leaderboard.query.rank;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.memory.Memory;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.cassandra.LayerBlocks;
import org.leaderboard.model.cassandra.LayerColumns;
import org.leaderboard.model.cassandra.PackedLayer;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.model.tally.VoterSketches;

/**
 * The users of an immutable snapshot in ranking order (by the board's {@link ScoreKind}: votes
 * descending by default; ties by user id), held in columns instead of objects: about 70 bytes per
 * user, instead of several hundred for a map of tally records. Built once per snapshot; every query
 * then works on it with binary searches.
 *
 * <p>User ids are UTF-8 in one byte array; a user's position is found through an open-addressing
 * hash table of positions. Only users with at least one counted vote are ranked.
 *
 * <p>Tallies are a group, not a filtered monoid: a partial sum may hold a user with no counted vote
 * (every vote retracted, or a retraction folded in a layer before the layer of its vote), and that
 * tally must still be added when the rest of the user's events arrive, or a retracted vote would
 * come back. Such users are kept aside, unranked, with their sketches ({@link #unranked}); there
 * are few of them.
 *
 * <p>Distinct-voter sketches are held the same way, compact (HLL_4) in one byte array: 8 bytes plus
 * 4 per distinct voter while a user has few, at most about 2 KiB however many. So a query never
 * reads Cassandra for them, and a tail's sketch can be merged with the snapshot's in memory.
 */
public final class RankedSnapshot implements RankedUsers {

    private static final int EMPTY_SLOT = -1;

    private final ScoreKind kind;
    private final byte[] ids;
    private final int[] idStart;
    private final long[] sums;
    private final long[] counts;
    private final long[] mins;
    private final long[] maxs;
    private final long[] sumSqHigh;
    private final long[] sumSqLow;
    private final int[] slots;

    /** The column the board's score is in: the same array as sums, maxs, mins or counts. */
    private final long[] scores;

    private final byte[] sketches;

    /** A read-only view of {@link #sketches}, made once: each sketch read is a region of it. */
    private final Memory sketchMemory;

    private final int[] sketchStart;
    private final Map<String, Unranked> unranked;

    /**
     * Each position's distinct-voter estimate plus one, kept once asked (0: not yet), in pages of
     * {@value #ESTIMATE_PAGE} positions made on the first ask of one: a user's standing shows its
     * neighbours' estimates, each a sketch read in place and estimated, a third of a standing's CPU
     * under writes. Four bytes per ranked user at most, only for the parts of the ranking asked (or
     * carried from the snapshot before, for the users a newer head did not change). Threads may
     * race to fill an entry or make a page: each writes the same values.
     */
    private final int[][] estimates;

    private static final int ESTIMATE_PAGE = 4096;

    /** A user with no counted vote: kept so that its tally and voters still add up later. */
    private record Unranked(Tally tally, HllSketch voters) {}

    private RankedSnapshot(
            ScoreKind kind,
            int size,
            int idBytes,
            int sketchBytes,
            Map<String, Unranked> unranked) {
        this.kind = kind;
        this.unranked = Map.copyOf(unranked);
        this.ids = new byte[idBytes];
        this.idStart = new int[size + 1];
        this.sketches = new byte[sketchBytes];
        this.sketchMemory = Memory.wrap(sketches);
        this.sketchStart = new int[size + 1];
        this.sums = new long[size];
        this.counts = new long[size];
        this.mins = new long[size];
        this.maxs = new long[size];
        this.sumSqHigh = new long[size];
        this.sumSqLow = new long[size];
        this.scores =
                switch (kind) {
                    case SUM -> sums;
                    case BEST -> maxs;
                    case LOWEST -> mins;
                    case COUNT -> counts;
                };
        // Load factor at most 3/4: short probe runs, 5-11 bytes per user.
        this.slots = new int[Integer.highestOneBit(Math.max(2, size * 4 / 3 + 1)) * 2];
        Arrays.fill(slots, EMPTY_SLOT);
        this.estimates = new int[(size + ESTIMATE_PAGE - 1) / ESTIMATE_PAGE][];
    }

    public static final RankedSnapshot EMPTY = of(Map.of());

    /** No user yet, on a board ranked by {@code kind}. */
    public static RankedSnapshot empty(ScoreKind kind) {
        return of(kind, Map.of(), user -> null);
    }

    /** Ranks {@code tallies}, without distinct-voter sketches. */
    public static RankedSnapshot of(Map<String, Tally> tallies) {
        return of(tallies, user -> null);
    }

    /**
     * Ranks {@code tallies} with each user's distinct-voter sketch ({@code voters}, null for none);
     * the map and the sketches may be dropped afterwards.
     */
    public static RankedSnapshot of(
            Map<String, Tally> tallies, Function<String, HllSketch> voters) {
        return of(ScoreKind.SUM, tallies, voters);
    }

    /** As above, ranked by the score of {@code kind}. */
    public static RankedSnapshot of(
            ScoreKind kind, Map<String, Tally> tallies, Function<String, HllSketch> voters) {
        return of(kind, tallies, voters, user -> compact(voters.apply(user)));
    }

    /**
     * Ranks a snapshot's summed layers by the score of {@code kind}: the sketches read back in
     * their stored form are copied as they are (the form this ranking holds them in).
     */
    public static RankedSnapshot of(ScoreKind kind, Tallies tallies) {
        return of(
                kind,
                tallies.asMap(),
                tallies::voters,
                user -> {
                    byte[] stored = tallies.compactVoters(user);
                    return stored == null ? new byte[0] : stored;
                });
    }

    /**
     * Ranks a whole snapshot read in its stored form ({@link LayerColumns}, users in id order):
     * each user's key is taken from the columns and the users are placed by key in the order they
     * come, which is already the order of ties, so nothing is sorted by id and no user becomes a
     * map entry or a tally object. Loading a 1M-user snapshot spent most of its time putting the
     * users into maps and sorting each key's users by id.
     */
    public static RankedSnapshot of(ScoreKind kind, LayerColumns layer) {
        Map<String, Unranked> unranked = new HashMap<>();
        int size = layer.size();
        int[] users = new int[size];
        long[] keys = new long[size];
        int ranked = 0;
        int idBytes = 0;
        int sketchBytes = 0;
        for (int user = 0; user < size; user++) {
            long count = layer.count(user);
            if (count <= 0) {
                byte[] sketch = layer.sketch(user);
                unranked.put(
                        layer.id(user),
                        new Unranked(
                                layer.tally(user),
                                sketch == null ? null : VoterSketches.fromBytes(sketch)));
                continue;
            }
            users[ranked] = user;
            keys[ranked] =
                    kind.rankKey(
                            kind.score(layer.sum(user), count, layer.min(user), layer.max(user)));
            idBytes += layer.idEnd(user) - layer.idStart(user);
            sketchBytes += layer.sketchEnd(user) - layer.sketchStart(user);
            ranked++;
        }
        KeyGroups groups = KeyGroups.of(keys, ranked);
        RankedSnapshot snapshot = new RankedSnapshot(kind, ranked, idBytes, sketchBytes, unranked);
        for (int position = 0; position < ranked; position++) {
            snapshot.put(position, layer, users[groups.order()[position]]);
        }
        return snapshot;
    }

    private static RankedSnapshot of(
            ScoreKind kind,
            Map<String, Tally> tallies,
            Function<String, HllSketch> voters,
            Function<String, byte[]> compactVoters) {
        Map<String, Unranked> unranked = new HashMap<>();
        // One pass over the map, in its own order: each user's tally and sketch are taken here,
        // not looked up again in ranking order (a cache miss each, a third of a 1M-user load).
        int size = tallies.size();
        String[] users = new String[size];
        Tally[] userTallies = new Tally[size];
        byte[][] sketches = new byte[size][];
        long[] keys = new long[size];
        int ranked = 0;
        for (Map.Entry<String, Tally> entry : tallies.entrySet()) {
            String user = entry.getKey();
            Tally tally = entry.getValue();
            if (!tally.hasVotes()) {
                unranked.put(user, new Unranked(tally, voters.apply(user)));
                continue;
            }
            users[ranked] = user;
            userTallies[ranked] = tally;
            keys[ranked] = kind.rankKey(tally);
            sketches[ranked] = compactVoters.apply(user);
            ranked++;
        }
        int[] order = inRankOrder(users, keys, ranked);
        byte[][] encoded = new byte[ranked][];
        int idBytes = 0;
        int sketchBytes = 0;
        for (int i = 0; i < ranked; i++) {
            encoded[i] = users[order[i]].getBytes(StandardCharsets.UTF_8);
            idBytes += encoded[i].length;
            sketchBytes += sketches[order[i]].length;
        }
        RankedSnapshot snapshot = new RankedSnapshot(kind, ranked, idBytes, sketchBytes, unranked);
        for (int i = 0; i < ranked; i++) {
            byte[] sketch = sketches[order[i]];
            snapshot.put(i, encoded[i], 0, encoded[i].length, userTallies[order[i]]);
            snapshot.putSketch(i, sketch, 0, sketch.length);
        }
        return snapshot;
    }

    /**
     * The indices of the first {@code ranked} users in ranking order ({@link RankOrder}: key
     * descending, then id): placed by key first (a counting sort over the distinct keys, which are
     * few on most boards), then each key's users sorted by id. Loading a 1M-user snapshot spent a
     * quarter of its time in a comparator sort of map entries, re-reading each tally for its key at
     * every comparison.
     */
    private static int[] inRankOrder(String[] users, long[] keys, int ranked) {
        KeyGroups groups = KeyGroups.of(keys, ranked);
        ById[] sorted = new ById[ranked];
        for (int i = 0; i < ranked; i++) {
            int user = groups.order()[i];
            sorted[i] = new ById(users[user], user);
        }
        int[] start = groups.start();
        for (int g = 0; g + 1 < start.length; g++) {
            Arrays.sort(sorted, start[g], start[g + 1]);
        }
        int[] order = new int[ranked];
        for (int i = 0; i < ranked; i++) {
            order[i] = sorted[i].index();
        }
        return order;
    }

    /**
     * The first {@code ranked} indices grouped by key, highest key first, each group in index order
     * (a counting sort over the distinct keys, which are few on most boards): {@code start[g]} is
     * where group g begins in {@code order}, {@code start[groups]} its end.
     */
    private record KeyGroups(int[] order, int[] start) {

        static KeyGroups of(long[] keys, int ranked) {
            long[] distinct = Arrays.copyOf(keys, ranked);
            Arrays.sort(distinct);
            int unique = 0;
            for (int i = 0; i < distinct.length; i++) {
                if (unique == 0 || distinct[unique - 1] != distinct[i]) {
                    distinct[unique++] = distinct[i];
                }
            }
            // Group g holds the g-th highest key.
            int[] groupOf = new int[ranked];
            int[] start = new int[unique + 1];
            for (int i = 0; i < ranked; i++) {
                groupOf[i] = unique - 1 - Arrays.binarySearch(distinct, 0, unique, keys[i]);
                start[groupOf[i] + 1]++;
            }
            for (int g = 0; g < unique; g++) {
                start[g + 1] += start[g];
            }
            int[] order = new int[ranked];
            int[] next = Arrays.copyOf(start, unique);
            for (int i = 0; i < ranked; i++) {
                order[next[groupOf[i]]++] = i;
            }
            return new KeyGroups(order, start);
        }
    }

    /** A user's index, ordered by its id. */
    private record ById(String user, int index) implements Comparable<ById> {
        @Override
        public int compareTo(ById other) {
            return user.compareTo(other.user);
        }
    }

    /**
     * This snapshot plus {@code delta} (the tallies of newer layers), ranked: a linear merge of
     * this order (minus the users the delta changes) with the changed users in their new order, so
     * a new head costs O(users + changed x log changed), not a sort of every user.
     */
    public RankedSnapshot plus(Map<String, Tally> delta) {
        return plus(delta, user -> null);
    }

    /**
     * As above, the delta's sketches ({@code deltaVoters}) merged into the users' sketches. Each
     * changed user is looked up in this snapshot once, by the merge that ranks them; its sketch is
     * read at the position found there.
     */
    public RankedSnapshot plus(Map<String, Tally> delta, Function<String, HllSketch> deltaVoters) {
        return plus(
                delta,
                deltaVoters,
                user -> {
                    HllSketch sketch = deltaVoters.apply(user);
                    return sketch == null ? null : VoterSketches.toCompactBytes(sketch);
                });
    }

    /**
     * This snapshot plus the summed tallies of newer layers, their sketches merged in the form the
     * layers were read in (not decoded into sketch objects).
     */
    public RankedSnapshot plus(Tallies delta) {
        return plus(delta.asMap(), delta::voters, delta::compactVoters);
    }

    /**
     * This snapshot plus newer layers read in their stored form ({@code delta}, summed as the
     * worker sums them), ranked from its columns: each of the layer's users looked up by its id's
     * bytes, its tally added column by column, and the changed users placed by key in the layer's
     * id order, which is the order of ties, then merged with this order in one walk. No user
     * becomes a map entry, a tally object or a String: a newer head's ranking spent half its time
     * making the changed users' objects, looking them up by String and sorting them. Where a user
     * is left with no counted vote, or this snapshot holds one aside, the layer is read into
     * tallies and added as such (a retraction's rare case).
     */
    public RankedSnapshot plus(PackedLayer delta) {
        RankedSnapshot next = plus(delta.columns());
        return next != null ? next : plus(delta.tallies());
    }

    /** As above, or null where a user is, or would be, held aside with no counted vote. */
    private RankedSnapshot plus(LayerColumns delta) {
        if (!unranked.isEmpty()) {
            return null;
        }
        int changedCount = delta.size();
        int[] held = new int[changedCount];
        long[] keys = new long[changedCount];
        byte[][] unions = new byte[changedCount][];
        boolean[] changedHere = new boolean[size()];
        VoterSketches.Merger merger = new VoterSketches.Merger();
        int changedHeld = 0;
        int idBytes = ids.length;
        int sketchBytes = sketches.length;
        for (int i = 0; i < changedCount; i++) {
            int position = position(delta.idBytes(), delta.idStart(i), delta.idEnd(i));
            held[i] = position;
            long count = delta.count(i) + (position >= 0 ? counts[position] : 0);
            if (count <= 0) {
                return null;
            }
            keys[i] =
                    kind.rankKey(
                            position >= 0
                                    ? kind.score(
                                            Math.addExact(sums[position], delta.sum(i)),
                                            count,
                                            Math.min(mins[position], delta.min(i)),
                                            Math.max(maxs[position], delta.max(i)))
                                    : kind.score(delta.sum(i), count, delta.min(i), delta.max(i)));
            int deltaSketch = delta.sketchEnd(i) - delta.sketchStart(i);
            if (position < 0) {
                idBytes += delta.idEnd(i) - delta.idStart(i);
                sketchBytes += deltaSketch;
                continue;
            }
            changedHeld++;
            changedHere[position] = true;
            int heldSketch = sketchStart[position + 1] - sketchStart[position];
            if (heldSketch > 0 && deltaSketch > 0) {
                unions[i] =
                        merger.union(
                                sketches,
                                sketchStart[position],
                                heldSketch,
                                delta.sketchBytes(),
                                delta.sketchStart(i),
                                deltaSketch);
                sketchBytes += unions[i].length - heldSketch;
            } else {
                sketchBytes += deltaSketch;
            }
        }
        int[] order = KeyGroups.of(keys, changedCount).order();
        RankedSnapshot next =
                new RankedSnapshot(
                        kind, size() + changedCount - changedHeld, idBytes, sketchBytes, Map.of());
        // Every held user stays ranked here: the held position table is carried over when it keeps
        // its size (see the tallies' merge below).
        int[] moved = next.slots.length == slots.length ? new int[size()] : null;
        int[] added = moved == null ? null : new int[changedCount - changedHeld];
        int addedCount = 0;
        int kept = 0;
        int k = 0;
        for (int position = 0; position < next.size(); position++) {
            while (kept < size() && changedHere[kept]) {
                kept++;
            }
            int i = k < changedCount ? order[k] : -1;
            boolean changedFirst =
                    i >= 0
                            && (kept == size()
                                    || keys[i] > key(kept)
                                    || keys[i] == key(kept)
                                            && LayerBlocks.compareIds(
                                                            delta.idBytes(),
                                                            delta.idStart(i),
                                                            delta.idEnd(i) - delta.idStart(i),
                                                            ids,
                                                            idStart[kept],
                                                            idStart[kept + 1] - idStart[kept])
                                                    < 0);
            if (!changedFirst) {
                next.copyHeld(position, this, kept);
                if (moved == null) {
                    next.insertSlot(position);
                } else {
                    moved[kept] = position;
                }
                kept++;
                continue;
            }
            k++;
            next.putChanged(position, this, held[i], delta, i, unions[i]);
            if (moved == null) {
                next.insertSlot(position);
            } else if (held[i] >= 0) {
                moved[held[i]] = position;
            } else {
                added[addedCount++] = position;
            }
        }
        if (moved != null) {
            next.carrySlots(slots, moved, added);
        }
        return next;
    }

    /** User {@code from}'s id, tally, sketch and kept estimate from {@code held}, unchanged. */
    private void copyHeld(int position, RankedSnapshot held, int from) {
        sums[position] = held.sums[from];
        counts[position] = held.counts[from];
        mins[position] = held.mins[from];
        maxs[position] = held.maxs[from];
        sumSqHigh[position] = held.sumSqHigh[from];
        sumSqLow[position] = held.sumSqLow[from];
        copyId(position, held.ids, held.idStart[from], held.idStart[from + 1] - held.idStart[from]);
        putSketch(
                position,
                held.sketches,
                held.sketchStart[from],
                held.sketchStart[from + 1] - held.sketchStart[from]);
        keepEstimate(position, held.keptEstimate(from));
    }

    /**
     * User {@code user} of {@code delta} at {@code position}: its tally added to the one {@code
     * held} has at {@code from} (-1: none), its sketch the {@code union} of both when each had one,
     * else whichever had.
     */
    private void putChanged(
            int position,
            RankedSnapshot held,
            int from,
            LayerColumns delta,
            int user,
            byte[] union) {
        if (from < 0) {
            putUnchanged(position, delta, user);
            return;
        }
        int idFrom = delta.idStart(user);
        copyId(position, delta.idBytes(), idFrom, delta.idEnd(user) - idFrom);
        int sketchFrom = delta.sketchStart(user);
        int sketchLength = delta.sketchEnd(user) - sketchFrom;
        sums[position] = Math.addExact(held.sums[from], delta.sum(user));
        counts[position] = held.counts[from] + delta.count(user);
        mins[position] = Math.min(held.mins[from], delta.min(user));
        maxs[position] = Math.max(held.maxs[from], delta.max(user));
        long low = held.sumSqLow[from] + delta.sumSqLow(user);
        long carry = Long.compareUnsigned(low, held.sumSqLow[from]) < 0 ? 1 : 0;
        sumSqHigh[position] = held.sumSqHigh[from] + delta.sumSqHigh(user) + carry;
        sumSqLow[position] = low;
        if (union != null) {
            putSketch(position, union, 0, union.length);
        } else if (sketchLength > 0) {
            putSketch(position, delta.sketchBytes(), sketchFrom, sketchLength);
        } else {
            putSketch(
                    position,
                    held.sketches,
                    held.sketchStart[from],
                    held.sketchStart[from + 1] - held.sketchStart[from]);
        }
    }

    private RankedSnapshot plus(
            Map<String, Tally> delta,
            Function<String, HllSketch> deltaVoters,
            Function<String, byte[]> deltaStored) {
        MergedStandings merged = new MergedStandings(this, delta, (user, position) -> 0);
        int total = merged.totalUsers();
        int changedCount = merged.changedCount();
        byte[][] changedIds = new byte[changedCount][];
        byte[][] changedSketches = new byte[changedCount][];
        int idBytes = ids.length;
        int sketchBytes = sketches.length;
        VoterSketches.Merger merger = new VoterSketches.Merger();
        int changedHeld = 0;
        for (int j = 0; j < changedCount; j++) {
            String user = merged.changedUser(j);
            int position = merged.changedBasePosition(j);
            changedHeld += position >= 0 ? 1 : 0;
            HllSketch before = position >= 0 ? voters(position) : unrankedVoters(user);
            changedIds[j] = user.getBytes(StandardCharsets.UTF_8);
            changedSketches[j] = merger.union(before, deltaStored.apply(user));
            idBytes += changedIds[j].length;
            sketchBytes += changedSketches[j].length;
        }
        // Usually no user is unranked, before or after: then nothing is looked up again for it.
        Map<String, Unranked> unrankedNext =
                unranked.isEmpty() && changedCount == delta.size()
                        ? Map.of()
                        : unrankedPlus(delta, deltaVoters);
        RankedSnapshot next = new RankedSnapshot(kind, total, idBytes, sketchBytes, unrankedNext);
        // A user's slot depends only on its id and the users held before it in the table: when
        // every held user stays ranked and the table keeps its size, the held table is carried
        // over with each position moved, and only the new users are entered (entering every id
        // again, a hash and a probe each, was a fifth of a newer head's ranking).
        int[] moved =
                merged.removedCount() == changedHeld && next.slots.length == slots.length
                        ? new int[size()]
                        : null;
        int[] added = moved == null ? null : new int[changedCount - changedHeld];
        int[] nextChanged = {0, 0};
        merged.forEachInOrder(
                (position, basePosition, user, tally) -> {
                    if (basePosition >= 0) {
                        next.putTally(position, tally(basePosition));
                        next.copyId(
                                position,
                                ids,
                                idStart[basePosition],
                                idStart[basePosition + 1] - idStart[basePosition]);
                        if (moved == null) {
                            next.insertSlot(position);
                        } else {
                            moved[basePosition] = position;
                        }
                        next.putSketch(
                                position,
                                sketches,
                                sketchStart[basePosition],
                                sketchStart[basePosition + 1] - sketchStart[basePosition]);
                        next.keepEstimate(position, keptEstimate(basePosition));
                    } else {
                        // Changed users are visited in their ranking order.
                        int j = nextChanged[0]++;
                        next.putTally(position, tally);
                        next.copyId(position, changedIds[j], 0, changedIds[j].length);
                        next.putSketch(position, changedSketches[j], 0, changedSketches[j].length);
                        int held = merged.changedBasePosition(j);
                        if (moved == null) {
                            next.insertSlot(position);
                        } else if (held >= 0) {
                            moved[held] = position;
                        } else {
                            added[nextChanged[1]++] = position;
                        }
                    }
                });
        if (moved != null) {
            next.carrySlots(slots, moved, added);
        }
        return next;
    }

    /**
     * This ranking's position table from {@code held}, the table of the snapshot before (same
     * size), each position {@code moved} to the one it has now, then the users {@code added}.
     */
    private void carrySlots(int[] held, int[] moved, int[] added) {
        for (int slot = 0; slot < held.length; slot++) {
            int position = held[slot];
            slots[slot] = position == EMPTY_SLOT ? EMPTY_SLOT : moved[position];
        }
        for (int position : added) {
            insertSlot(position);
        }
    }

    /** The sketch of a user this snapshot holds without a counted vote (a copy); null if none. */
    private HllSketch unrankedVoters(String user) {
        Unranked aside = unranked.get(user);
        return aside == null || aside.voters() == null ? null : aside.voters().copy();
    }

    /** The users without a counted vote after adding {@code delta} to this snapshot. */
    private Map<String, Unranked> unrankedPlus(
            Map<String, Tally> delta, Function<String, HllSketch> deltaVoters) {
        Map<String, Unranked> next = new HashMap<>(unranked);
        delta.forEach(
                (user, tally) -> {
                    Tally sum = tallyOf(user).plus(tally);
                    if (sum.hasVotes()) {
                        next.remove(user);
                    } else {
                        next.put(
                                user,
                                new Unranked(
                                        sum,
                                        heapCopy(union(votersOf(user), deltaVoters.apply(user)))));
                    }
                });
        return next;
    }

    /**
     * The user's whole tally in this snapshot, ranked or not ({@link Tally#EMPTY} if it has no
     * event here).
     */
    @Override
    public Tally tallyOf(String user) {
        int position = position(user);
        return position >= 0 ? tally(position) : unrankedTally(user);
    }

    /** The tally of a user not ranked here: kept aside (a retraction), else empty. */
    public Tally unrankedTally(String user) {
        Unranked aside = unranked.get(user);
        return aside == null ? Tally.EMPTY : aside.tally();
    }

    /** At a known position, the tally is read there: no second search. */
    @Override
    public Tally tallyOf(String user, int position) {
        return position >= 0 ? tally(position) : tallyOf(user);
    }

    @Override
    public Tally tallyOfPlus(String user, int position, Tally delta) {
        return position >= 0 ? tallyPlus(position, delta) : tallyOf(user).plus(delta);
    }

    /** The tally at {@code position} plus {@code delta}, read from the columns (no copy made). */
    public Tally tallyPlus(int position, Tally delta) {
        return Tally.sum(
                sums[position],
                counts[position],
                mins[position],
                maxs[position],
                sumSqHigh[position],
                sumSqLow[position],
                delta);
    }

    /** The user's distinct-voter sketch in this snapshot, ranked or not; null if none. */
    public HllSketch votersOf(String user) {
        int position = position(user);
        if (position >= 0) {
            return voters(position);
        }
        return unrankedVoters(user);
    }

    /** Users with events in this snapshot but no counted vote (not ranked). */
    public int unrankedUsers() {
        return unranked.size();
    }

    /**
     * The distinct-voter sketch of the user at {@code position}, null if the user has none or the
     * position is -1: a read-only view of the bytes held (estimates and unions read it in place;
     * nothing is copied or rebuilt). Building a heap copy of each sketch (a hash set of up to a few
     * hundred voters) to estimate it was a tenth of a strong top-100's CPU.
     */
    public HllSketch voters(int position) {
        if (position < 0 || sketchStart[position + 1] == sketchStart[position]) {
            return null;
        }
        return HllSketch.wrap(
                sketchMemory.region(
                        sketchStart[position], sketchStart[position + 1] - sketchStart[position]));
    }

    /** The estimate of {@link #voters}'s sketch at {@code position}, kept once asked. */
    @Override
    public long distinctVoters(int position) {
        int kept = keptEstimate(position);
        if (kept != 0) {
            return kept - 1L;
        }
        long estimate = VoterSketches.estimate(voters(position));
        if (estimate < Integer.MAX_VALUE) {
            keepEstimate(position, (int) estimate + 1);
        }
        return estimate;
    }

    /**
     * The estimate kept for {@code position}, plus one (0: none kept). A newer head's ranking
     * carries each unchanged user's along with its sketch ({@link #keepEstimate}): a head replaced
     * every minute under writes lost every estimate its standings had made, and the standings after
     * it made them again, a sketch read each.
     */
    private int keptEstimate(int position) {
        int[] page = estimates[position / ESTIMATE_PAGE];
        return page == null ? 0 : page[position % ESTIMATE_PAGE];
    }

    /** Keeps {@code kept} ({@link #keptEstimate}'s form) for {@code position}: none if 0. */
    private void keepEstimate(int position, int kept) {
        if (kept == 0) {
            return;
        }
        int[] page = estimates[position / ESTIMATE_PAGE];
        if (page == null) {
            page = new int[ESTIMATE_PAGE];
            estimates[position / ESTIMATE_PAGE] = page;
        }
        page[position % ESTIMATE_PAGE] = kept;
    }

    private void putSketch(int position, byte[] source, int from, int length) {
        System.arraycopy(source, from, sketches, sketchStart[position], length);
        sketchStart[position + 1] = sketchStart[position] + length;
    }

    private static HllSketch union(HllSketch base, HllSketch delta) {
        if (base == null || delta == null) {
            return base == null ? delta : base;
        }
        return VoterSketches.union(base, delta);
    }

    /** A sketch kept beyond this snapshot: on the heap, not a view of this snapshot's bytes. */
    private static HllSketch heapCopy(HllSketch sketch) {
        return sketch == null || !sketch.isMemory()
                ? sketch
                : HllSketch.heapify(sketch.toCompactByteArray());
    }

    private static byte[] compact(HllSketch sketch) {
        return sketch == null ? new byte[0] : VoterSketches.toCompactBytes(sketch);
    }

    private void put(int position, byte[] source, int from, int length, Tally tally) {
        putTally(position, tally);
        copyId(position, source, from, length);
        insertSlot(position);
    }

    private void putTally(int position, Tally tally) {
        sums[position] = tally.sum();
        counts[position] = tally.count();
        mins[position] = tally.min();
        maxs[position] = tally.max();
        sumSqHigh[position] = tally.sumSqHigh();
        sumSqLow[position] = tally.sumSqLow();
    }

    /**
     * User {@code user} of {@code layer} at {@code position}, its id, tally and sketch, entered in
     * the position table.
     */
    private void put(int position, LayerColumns layer, int user) {
        putUnchanged(position, layer, user);
        insertSlot(position);
    }

    /** User {@code user} of {@code layer} at {@code position}: its id, tally and sketch as held. */
    private void putUnchanged(int position, LayerColumns layer, int user) {
        sums[position] = layer.sum(user);
        counts[position] = layer.count(user);
        mins[position] = layer.min(user);
        maxs[position] = layer.max(user);
        sumSqHigh[position] = layer.sumSqHigh(user);
        sumSqLow[position] = layer.sumSqLow(user);
        int from = layer.idStart(user);
        copyId(position, layer.idBytes(), from, layer.idEnd(user) - from);
        int sketchFrom = layer.sketchStart(user);
        putSketch(position, layer.sketchBytes(), sketchFrom, layer.sketchEnd(user) - sketchFrom);
    }

    private void copyId(int position, byte[] source, int from, int length) {
        System.arraycopy(source, from, ids, idStart[position], length);
        idStart[position + 1] = idStart[position] + length;
    }

    /** Enters the user at {@code position} (its id already copied) in the position table. */
    private void insertSlot(int position) {
        int slot = hash(ids, idStart[position], idStart[position + 1]) & (slots.length - 1);
        while (slots[slot] != EMPTY_SLOT) {
            slot = (slot + 1) & (slots.length - 1);
        }
        slots[slot] = position;
    }

    @Override
    public int size() {
        return sums.length;
    }

    /** The user's position in ranking order, or -1 if the snapshot has no votes of the user. */
    @Override
    public int position(String user) {
        // An ASCII id (most are) is hashed and compared as its chars, which are its UTF-8 bytes:
        // no array made for each lookup, hundreds of thousands of them when a newer head's tail
        // is ranked.
        int h = 1;
        for (int i = 0; i < user.length(); i++) {
            char c = user.charAt(i);
            if (c >= 0x80) {
                byte[] id = user.getBytes(StandardCharsets.UTF_8);
                return position(id, 0, id.length);
            }
            h = 31 * h + c;
        }
        int slot = mixed(h) & (slots.length - 1);
        while (slots[slot] != EMPTY_SLOT) {
            int position = slots[slot];
            if (idStart[position + 1] - idStart[position] == user.length()
                    && compareId(position, user, true) == 0) {
                return position;
            }
            slot = (slot + 1) & (slots.length - 1);
        }
        return -1;
    }

    /** The position of the user whose UTF-8 id is {@code id[from, to)}, or -1. */
    private int position(byte[] id, int from, int to) {
        int slot = hash(id, from, to) & (slots.length - 1);
        while (slots[slot] != EMPTY_SLOT) {
            int position = slots[slot];
            if (Arrays.equals(ids, idStart[position], idStart[position + 1], id, from, to)) {
                return position;
            }
            slot = (slot + 1) & (slots.length - 1);
        }
        return -1;
    }

    @Override
    public String user(int position) {
        return new String(
                ids,
                idStart[position],
                idStart[position + 1] - idStart[position],
                StandardCharsets.UTF_8);
    }

    public long sum(int position) {
        return sums[position];
    }

    /** How this snapshot ranks its users. */
    @Override
    public ScoreKind scoreKind() {
        return kind;
    }

    /** The ranking key of the user at {@code position} (see {@link ScoreKind#rankKey}). */
    @Override
    public long key(int position) {
        // One column read: binary searches call this O(log users) times per changed user.
        return kind.rankKey(scores[position]);
    }

    @Override
    public Tally tally(int position) {
        return new Tally(
                sums[position],
                counts[position],
                mins[position],
                maxs[position],
                sumSqHigh[position],
                sumSqLow[position]);
    }

    /**
     * How many users have a higher ranking key than {@code key}: the competition rank of key is
     * this + 1.
     */
    @Override
    public int countAbove(long key) {
        int low = 0;
        int high = sums.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (key(middle) > key) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /**
     * How many users rank before a user {@code user} with ranking key {@code key} would (ranking
     * order: key descending, then user id).
     */
    public int countBefore(long key, String user) {
        return countBefore(countAbove(key), countAtLeast(key), user);
    }

    /** How many users have a ranking key of at least {@code key}. */
    @Override
    public int countAtLeast(long key) {
        return key == Long.MIN_VALUE ? sums.length : countAbove(key - 1);
    }

    /**
     * As {@link #countBefore(long, String)}, given the key's users: positions [{@code from}, {@code
     * to}), which {@link #countAbove} and {@link #countAtLeast} give (callers that place many users
     * of few keys look those up once per key).
     */
    public int countBefore(int from, int to, String user) {
        return search(from, to, user, isAscii(user));
    }

    /** The first position in [low, high) whose id is not before {@code user}'s. */
    private int search(int low, int high, String user, boolean ascii) {
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (compareId(middle, user, ascii) < 0) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    @Override
    public int countBefore(long key, String user, Map<Long, int[]> keyBounds) {
        int[] bounds =
                keyBounds.computeIfAbsent(key, k -> new int[] {countAbove(k), countAtLeast(k)});
        return countBefore(bounds[0], bounds[1], user);
    }

    /**
     * Searches forward from {@code atLeast}, in steps that double, then by halves: users placed in
     * ranking order, a quarter of a snapshot's users or more, are a few positions apart, so each
     * costs a few id comparisons instead of a search of its whole key's users.
     */
    @Override
    public int countBefore(long key, String user, Map<Long, int[]> keyBounds, int atLeast) {
        int[] bounds =
                keyBounds.computeIfAbsent(key, k -> new int[] {countAbove(k), countAtLeast(k)});
        int low = Math.max(bounds[0], atLeast);
        int high = bounds[1];
        if (low >= high) {
            return high;
        }
        boolean ascii = isAscii(user);
        for (int step = 1; low + step - 1 < high; step <<= 1) {
            int probe = low + step - 1;
            if (compareId(probe, user, ascii) < 0) {
                low = probe + 1;
            } else {
                high = probe;
                break;
            }
        }
        return search(low, high, user, ascii);
    }

    /** The id at {@code position} against {@code user} ({@code ascii}: whether it is ASCII). */
    private int compareId(int position, String user, boolean ascii) {
        if (!ascii) {
            return user(position).compareTo(user);
        }
        // For an ASCII id, unsigned UTF-8 byte order is String order, and its chars are its
        // bytes: neither a String nor the id's bytes made.
        int from = idStart[position];
        int length = idStart[position + 1] - from;
        int common = Math.min(length, user.length());
        for (int i = 0; i < common; i++) {
            int difference = (ids[from + i] & 0xff) - user.charAt(i);
            if (difference != 0) {
                return difference;
            }
        }
        return length - user.length();
    }

    /** Bytes held by the columns: what a user of this snapshot costs in memory. */
    public long retainedBytes() {
        long perUser = 6L * Long.BYTES + 2L * Integer.BYTES;
        return ids.length
                + sketches.length
                + perUser * size()
                + (long) slots.length * Integer.BYTES;
    }

    /** Whether every char of the id is ASCII. */
    private static boolean isAscii(String user) {
        for (int i = 0; i < user.length(); i++) {
            if (user.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /**
     * The id's polynomial hash, finished with MurmurHash3's 32-bit mixer. Ids are often numbered
     * ("u123456", "player-42"), and the polynomial hashes of numbered ids fall in regular runs (ids
     * that differ in their last digit differ by 1): with linear probing those runs made clusters,
     * and on a 1M-user board of "u0" to "u999999" a lookup probed 6.5 slots on average (up to
     * 1,533) and a user not in the table 8.9, each probe a comparison in the id bytes. Mixed, every
     * input bit moves every slot bit: 1.5 and 2.3.
     */
    private static int hash(byte[] bytes, int from, int to) {
        int h = 1;
        for (int i = from; i < to; i++) {
            h = 31 * h + bytes[i];
        }
        return mixed(h);
    }

    /** MurmurHash3's 32-bit finishing mixer. */
    private static int mixed(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }
}
