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
 * search in the snapshot each), then rebuilds the merged order's arrays in linear passes with no
 * search, sort or hashing of the users it did not touch. A tail read every few milliseconds then
 * costs O(touched users x log users + tail users) instead of the O(tail users x log users) of
 * ranking the whole tail again ({@link MergedStandings}'s own constructor).
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
    private final String[] changedUsers;
    private final Tally[] changedTallies;
    private final int[] changedBaseBefore;
    private final long[] changedKeys;
    private final int[] changedSlots;
    private final int[] changedBySlot;
    private final Tally[] mergedBySlot;
    private final HllSketch[] tailVotersBySlot;
    private final int[] removed;
    private final long[] removedKeysDescending;
    private final MergedStandings standings;

    /** The users' slots in the version arrays, shared by all versions of one snapshot. */
    private static final class Slots {
        final Map<String, Integer> byUser = new ConcurrentHashMap<>();
        int count;

        int slotOf(String user) {
            Integer slot = byUser.get(user);
            if (slot != null) {
                return slot;
            }
            byUser.put(user, count);
            return count++;
        }
    }

    private TailRanking(
            RankedSnapshot base,
            Slots slots,
            String[] changedUsers,
            Tally[] changedTallies,
            int[] changedBaseBefore,
            long[] changedKeys,
            int[] changedSlots,
            Tally[] mergedBySlot,
            HllSketch[] tailVotersBySlot,
            int[] removed,
            long[] removedKeysDescending) {
        this.base = base;
        this.kind = base.scoreKind();
        this.slots = slots;
        this.changedUsers = changedUsers;
        this.changedTallies = changedTallies;
        this.changedBaseBefore = changedBaseBefore;
        this.changedKeys = changedKeys;
        this.changedSlots = changedSlots;
        this.mergedBySlot = mergedBySlot;
        this.tailVotersBySlot = tailVotersBySlot;
        this.removed = removed;
        this.removedKeysDescending = removedKeysDescending;
        this.changedBySlot = new int[mergedBySlot.length];
        Arrays.fill(changedBySlot, -1);
        for (int j = 0; j < changedSlots.length; j++) {
            changedBySlot[changedSlots[j]] = j;
        }
        this.standings =
                new MergedStandings(
                        base,
                        changedUsers,
                        changedTallies,
                        changedBaseBefore,
                        changedKeys,
                        this::changedIndexOf,
                        removed,
                        removedKeysDescending,
                        this::distinctVoters);
    }

    /** The snapshot alone, no tail yet. */
    public static TailRanking of(RankedSnapshot base) {
        return new TailRanking(
                base,
                new Slots(),
                new String[0],
                new Tally[0],
                new int[0],
                new long[0],
                new int[0],
                new Tally[0],
                new HllSketch[0],
                new int[0],
                new long[0]);
    }

    /** The snapshot plus a whole tail. */
    public static TailRanking of(RankedSnapshot base, Tallies tail) {
        return of(base).plus(tail);
    }

    public RankedSnapshot base() {
        return base;
    }

    /** This version's merged standings (shared, immutable). */
    public MergedStandings standings() {
        return standings;
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
        Tally[] merged = Arrays.copyOf(mergedBySlot, slots.count + added.size());
        HllSketch[] voters = Arrays.copyOf(tailVotersBySlot, merged.length);
        boolean[] touched = new boolean[merged.length];
        List<Changed> fresh = new ArrayList<>(added.size());
        List<Integer> newlyRemoved = new ArrayList<>();
        for (Map.Entry<String, Tally> entry : added.entrySet()) {
            String user = entry.getKey();
            int slot = slots.slotOf(user);
            Tally before = merged[slot];
            if (before == null) {
                // First touched: its whole snapshot tally (unranked part included) is the start,
                // and its snapshot place is left.
                before = base.tallyOf(user);
                int position = base.position(user);
                if (position >= 0) {
                    newlyRemoved.add(position);
                }
            }
            Tally now = before.plus(entry.getValue());
            merged[slot] = now;
            voters[slot] = union(voters[slot], delta.voters(user));
            touched[slot] = true;
            if (now.hasVotes()) {
                fresh.add(new Changed(user, now, slot));
            }
        }
        int slotCount = slots.count;
        merged = Arrays.copyOf(merged, slotCount);
        voters = Arrays.copyOf(voters, slotCount);
        fresh.sort(Changed.order(kind));
        return mergeChanged(fresh, touched, merged, voters, newlyRemoved);
    }

    private TailRanking mergeChanged(
            List<Changed> fresh,
            boolean[] touched,
            Tally[] merged,
            HllSketch[] voters,
            List<Integer> newlyRemoved) {
        int kept = 0;
        for (int slot : changedSlots) {
            kept += touched[slot] ? 0 : 1;
        }
        int size = kept + fresh.size();
        String[] users = new String[size];
        Tally[] tallies = new Tally[size];
        int[] baseBefore = new int[size];
        long[] keys = new long[size];
        int[] slotsInOrder = new int[size];
        // Tail users share few ranking keys: each key's place in the snapshot is searched once.
        Map<Long, int[]> keyBounds = new HashMap<>();
        int old = 0;
        int next = 0;
        for (int j = 0; j < size; j++) {
            while (old < changedSlots.length && touched[changedSlots[old]]) {
                old++;
            }
            boolean takeFresh =
                    old >= changedSlots.length
                            || (next < fresh.size()
                                    && fresh.get(next)
                                                    .compareTo(
                                                            kind,
                                                            changedTallies[old],
                                                            changedUsers[old])
                                            < 0);
            if (takeFresh) {
                Changed c = fresh.get(next++);
                users[j] = c.user();
                tallies[j] = c.tally();
                long key = kind.rankKey(c.tally());
                int[] bounds =
                        keyBounds.computeIfAbsent(
                                key, k -> new int[] {base.countAbove(k), base.countAtLeast(k)});
                baseBefore[j] = base.countBefore(bounds[0], bounds[1], c.user());
                keys[j] = key;
                slotsInOrder[j] = c.slot();
            } else {
                users[j] = changedUsers[old];
                tallies[j] = changedTallies[old];
                baseBefore[j] = changedBaseBefore[old];
                keys[j] = changedKeys[old];
                slotsInOrder[j] = changedSlots[old];
                old++;
            }
        }
        int[] addedRemoved = newlyRemoved.stream().mapToInt(Integer::intValue).sorted().toArray();
        return new TailRanking(
                base,
                slots,
                users,
                tallies,
                baseBefore,
                keys,
                slotsInOrder,
                merged,
                voters,
                mergeAscending(removed, addedRemoved),
                mergeDescending(removedKeysDescending, descendingKeys(addedRemoved)));
    }

    private int changedIndexOf(String user) {
        Integer slot = slots.byUser.get(user);
        return slot == null || slot >= changedBySlot.length ? -1 : changedBySlot[slot];
    }

    /** The snapshot's sketch of the user merged with the tail's, estimated. */
    private long distinctVoters(String user, int basePosition) {
        HllSketch snapshot = basePosition >= 0 ? base.voters(basePosition) : base.votersOf(user);
        Integer slot = slots.byUser.get(user);
        HllSketch tail =
                slot == null || slot >= tailVotersBySlot.length ? null : tailVotersBySlot[slot];
        if (snapshot == null || tail == null) {
            return VoterSketches.estimate(snapshot == null ? tail : snapshot);
        }
        return VoterSketches.estimate(VoterSketches.union(snapshot, tail));
    }

    private static HllSketch union(HllSketch before, HllSketch added) {
        if (before == null || added == null) {
            return before == null ? added : before;
        }
        return VoterSketches.union(before, added);
    }

    private long[] descendingKeys(int[] positions) {
        long[] keys = new long[positions.length];
        for (int i = 0; i < positions.length; i++) {
            // Ascending positions have non-increasing keys: the snapshot is in ranking order.
            keys[i] = base.key(positions[i]);
        }
        return keys;
    }

    private static int[] mergeAscending(int[] a, int[] b) {
        int[] out = new int[a.length + b.length];
        int i = 0;
        int j = 0;
        for (int k = 0; k < out.length; k++) {
            out[k] = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i++] : b[j++];
        }
        return out;
    }

    private static long[] mergeDescending(long[] a, long[] b) {
        long[] out = new long[a.length + b.length];
        int i = 0;
        int j = 0;
        for (int k = 0; k < out.length; k++) {
            out[k] = j >= b.length || (i < a.length && a[i] >= b[j]) ? a[i++] : b[j++];
        }
        return out;
    }

    /** A user the newest delta touched, with a counted vote, in its slot. */
    private record Changed(String user, Tally tally, int slot) {

        static java.util.Comparator<Changed> order(ScoreKind kind) {
            return (a, b) -> a.compareTo(kind, b.tally(), b.user());
        }

        /** Ranking order: higher key first, then user id. */
        int compareTo(ScoreKind kind, Tally otherTally, String otherUser) {
            int byKey = Long.compare(kind.rankKey(otherTally), kind.rankKey(tally));
            return byKey != 0 ? byKey : user.compareTo(otherUser);
        }
    }
}
