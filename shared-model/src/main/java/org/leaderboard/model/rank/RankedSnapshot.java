package org.leaderboard.model.rank;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.leaderboard.model.tally.Tally;

/**
 * The users of an immutable snapshot in ranking order (votes descending, ties by user id), held in
 * columns instead of objects: about 70 bytes per user, instead of several hundred for a map of
 * tally records. Built once per snapshot; every query then works on it with binary searches.
 *
 * <p>User ids are UTF-8 in one byte array; a user's position is found through an open-addressing
 * hash table of positions. Only users with at least one counted vote are held.
 */
public final class RankedSnapshot {

    private static final int EMPTY_SLOT = -1;

    private final byte[] ids;
    private final int[] idStart;
    private final long[] sums;
    private final long[] counts;
    private final long[] mins;
    private final long[] maxs;
    private final long[] sumSqHigh;
    private final long[] sumSqLow;
    private final int[] slots;

    private RankedSnapshot(int size, int idBytes) {
        this.ids = new byte[idBytes];
        this.idStart = new int[size + 1];
        this.sums = new long[size];
        this.counts = new long[size];
        this.mins = new long[size];
        this.maxs = new long[size];
        this.sumSqHigh = new long[size];
        this.sumSqLow = new long[size];
        // Load factor at most 3/4: short probe runs, 5-11 bytes per user.
        this.slots = new int[Integer.highestOneBit(Math.max(2, size * 4 / 3 + 1)) * 2];
        Arrays.fill(slots, EMPTY_SLOT);
    }

    public static final RankedSnapshot EMPTY = of(Map.of());

    /** Ranks {@code tallies}; the map may be dropped afterwards. */
    public static RankedSnapshot of(Map<String, Tally> tallies) {
        @SuppressWarnings("unchecked")
        Map.Entry<String, Tally>[] sorted =
                tallies.entrySet().stream()
                        .filter(e -> e.getValue().hasVotes())
                        .toArray(Map.Entry[]::new);
        Arrays.sort(sorted, Standings.ORDER);
        byte[][] encoded = new byte[sorted.length][];
        int idBytes = 0;
        for (int i = 0; i < sorted.length; i++) {
            encoded[i] = sorted[i].getKey().getBytes(StandardCharsets.UTF_8);
            idBytes += encoded[i].length;
        }
        RankedSnapshot snapshot = new RankedSnapshot(sorted.length, idBytes);
        for (int i = 0; i < sorted.length; i++) {
            snapshot.put(i, encoded[i], 0, encoded[i].length, sorted[i].getValue());
        }
        return snapshot;
    }

    /**
     * This snapshot plus {@code delta} (the tallies of newer layers), ranked: a linear merge of
     * this order (minus the users the delta changes) with the changed users in their new order, so
     * a new head costs O(users + changed x log changed), not a sort of every user.
     */
    public RankedSnapshot plus(Map<String, Tally> delta) {
        MergedStandings merged = new MergedStandings(this, delta, (user, position) -> 0);
        int total = merged.totalUsers();
        int idBytes = ids.length;
        for (String user : merged.changedUsers()) {
            idBytes += user.getBytes(StandardCharsets.UTF_8).length;
        }
        RankedSnapshot next = new RankedSnapshot(total, idBytes);
        merged.forEachInOrder(
                (position, basePosition, user, tally) -> {
                    if (basePosition >= 0) {
                        next.put(
                                position,
                                ids,
                                idStart[basePosition],
                                idStart[basePosition + 1] - idStart[basePosition],
                                tally(basePosition));
                    } else {
                        byte[] id = user.getBytes(StandardCharsets.UTF_8);
                        next.put(position, id, 0, id.length, tally);
                    }
                });
        return next;
    }

    private void put(int position, byte[] source, int from, int length, Tally tally) {
        System.arraycopy(source, from, ids, idStart[position], length);
        idStart[position + 1] = idStart[position] + length;
        sums[position] = tally.sum();
        counts[position] = tally.count();
        mins[position] = tally.min();
        maxs[position] = tally.max();
        sumSqHigh[position] = tally.sumSqHigh();
        sumSqLow[position] = tally.sumSqLow();
        int slot = hash(source, from, from + length) & (slots.length - 1);
        while (slots[slot] != EMPTY_SLOT) {
            slot = (slot + 1) & (slots.length - 1);
        }
        slots[slot] = position;
    }

    public int size() {
        return sums.length;
    }

    /** The user's position in ranking order, or -1 if the snapshot has no votes of the user. */
    public int position(String user) {
        byte[] id = user.getBytes(StandardCharsets.UTF_8);
        int slot = hash(id, 0, id.length) & (slots.length - 1);
        while (slots[slot] != EMPTY_SLOT) {
            int position = slots[slot];
            if (Arrays.equals(ids, idStart[position], idStart[position + 1], id, 0, id.length)) {
                return position;
            }
            slot = (slot + 1) & (slots.length - 1);
        }
        return -1;
    }

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

    public Tally tally(int position) {
        return new Tally(
                sums[position],
                counts[position],
                mins[position],
                maxs[position],
                sumSqHigh[position],
                sumSqLow[position]);
    }

    /** How many users have more votes than {@code sum}: the competition rank of sum is this + 1. */
    public int countAbove(long sum) {
        int low = 0;
        int high = sums.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (sums[middle] > sum) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /**
     * How many users rank before a user {@code user} with {@code sum} votes would (ranking order:
     * votes descending, then user id).
     */
    public int countBefore(long sum, String user) {
        int low = countAbove(sum);
        int high = sum == Long.MIN_VALUE ? sums.length : countAbove(sum - 1);
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (user(middle).compareTo(user) < 0) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /** Bytes held by the columns: what a user of this snapshot costs in memory. */
    public long retainedBytes() {
        long perUser = 7L * Long.BYTES + Integer.BYTES;
        return ids.length + perUser * size() + (long) slots.length * Integer.BYTES;
    }

    private static int hash(byte[] bytes, int from, int to) {
        int h = 1;
        for (int i = from; i < to; i++) {
            h = 31 * h + bytes[i];
        }
        return h ^ (h >>> 16);
    }
}
