package org.leaderboard.query.rank;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.leaderboard.model.tally.Tally;

/**
 * A sequence kept in leaves must read and search like the plain list of its values, version after
 * version, and a version must never change once a newer one is made from it.
 */
class LeavesTests {

    @Property(tries = 100)
    void longsInsertedBatchByBatchReadAndSearchLikeTheSortedList(
            @ForAll @IntRange(min = 1, max = 70) int leafSize,
            @ForAll @IntRange(min = 1, max = 8) int batches,
            @ForAll @IntRange(min = 1, max = 3_000) int packFrom,
            @ForAll long seed) {
        Random random = new Random(seed);
        TreeSet<Long> distinct = new TreeSet<>();
        // Packed at some versions (or none), and values added to packed leaves after.
        LongLeaves leaves = LongLeaves.empty(leafSize, packFrom);
        List<LongLeaves> versions = new ArrayList<>();
        List<long[]> contents = new ArrayList<>();
        for (int b = 0; b < batches; b++) {
            TreeSet<Long> batch = new TreeSet<>();
            for (int i = random.nextInt(400); i > 0; i--) {
                long value = random.nextInt(5_000);
                if (distinct.add(value)) {
                    batch.add(value);
                }
            }
            leaves = leaves.with(batch.stream().mapToLong(Long::longValue).toArray());
            long[] expected = distinct.stream().mapToLong(Long::longValue).toArray();
            versions.add(leaves);
            contents.add(expected);

            assertThat(leaves.length()).isEqualTo(expected.length);
            assertThat(leaves.unpacked()).isBetween(0, expected.length);
            if (expected.length >= packFrom) {
                assertThat(leaves.unpacked())
                        .isLessThanOrEqualTo(expected.length / LongLeaves.PACK_SHARE);
            }
            for (int i = 0; i < expected.length; i++) {
                assertThat(leaves.get(i)).isEqualTo(expected[i]);
            }
            for (long probe = -1; probe <= 5_001; probe += 1 + random.nextInt(40)) {
                assertThat(leaves.binarySearch(probe))
                        .as("search %d", probe)
                        .isEqualTo(Arrays.binarySearch(expected, probe));
                int kept = (int) probe;
                int naive = 0;
                while (naive < expected.length && expected[naive] - naive <= kept) {
                    naive++;
                }
                assertThat(leaves.countValueMinusIndexAtMost(kept)).isEqualTo(naive);
            }
        }
        for (int v = 0; v < versions.size(); v++) {
            long[] expected = contents.get(v);
            assertThat(versions.get(v).length()).isEqualTo(expected.length);
            for (int i = 0; i < expected.length; i++) {
                assertThat(versions.get(v).get(i)).isEqualTo(expected[i]);
            }
        }
    }

    @Property(tries = 100)
    void repeatedLongsAreCountedBelowTheirFirst(
            @ForAll @IntRange(min = 1, max = 10) int leafSize,
            @ForAll boolean packed,
            @ForAll long seed) {
        Random random = new Random(seed);
        long[] values = new long[random.nextInt(300)];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextInt(12);
        }
        Arrays.sort(values);
        LongLeaves leaves =
                LongLeaves.of(values, leafSize, Integer.MAX_VALUE).with(new long[] {3, 3, 7});
        long[] expected = Arrays.copyOf(values, values.length + 4);
        expected[values.length] = 3;
        expected[values.length + 1] = 3;
        expected[values.length + 2] = 7;
        expected[values.length + 3] = 3;
        // Packed, so that equal values run from a packed leaf into one of its own.
        leaves = (packed ? leaves.packed() : leaves).with(new long[] {3});
        Arrays.sort(expected);
        for (long probe = -1; probe <= 13; probe++) {
            int below = 0;
            while (below < expected.length && expected[below] < probe) {
                below++;
            }
            assertThat(leaves.countBelow(probe)).as("below %d", probe).isEqualTo(below);
        }
    }

    @Property(tries = 100)
    void changedUsersMovedVersionByVersionReadAndSearchLikeTheList(
            @ForAll @IntRange(min = 1, max = 70) int leafSize,
            @ForAll @IntRange(min = 1, max = 8) int versions,
            @ForAll @IntRange(min = 1, max = 2_000) int packFrom,
            @ForAll long seed) {
        Random random = new Random(seed);
        List<Expected> list = new ArrayList<>();
        ChangedLeaves leaves = ChangedLeaves.empty(leafSize, packFrom);
        List<ChangedLeaves> kept = new ArrayList<>();
        List<List<Expected>> contents = new ArrayList<>();
        // Slot n: the n-th user inserted, as every version's entries say.
        List<Expected> bySlot = new ArrayList<>();
        ChangedLeaves.Entries entries = new BySlot(bySlot);
        int next = 0;
        for (int v = 0; v < versions; v++) {
            // Drop some (ascending indices), then insert new users at ascending places of the
            // old sequence, each with a key and base count that keep the order sorted.
            int[] dropped =
                    random.ints(random.nextInt(list.size() + 1), 0, Math.max(1, list.size()))
                            .filter(i -> i < list.size())
                            .distinct()
                            .sorted()
                            .toArray();
            int[] places = random.ints(random.nextInt(300), 0, list.size() + 1).sorted().toArray();
            ChangedLeaves.Inserted inserted = new ChangedLeaves.Inserted(places.length);
            List<Expected> after = new ArrayList<>();
            int p = 0;
            int d = 0;
            for (int i = 0; i <= list.size(); i++) {
                while (p < places.length && places[p] == i) {
                    // Rank i of the old sequence, so the new entry sorts right before entry i.
                    Expected at = i < list.size() ? list.get(i) : null;
                    int before = at == null ? 1_000_000 : at.baseBefore();
                    long key = at == null ? -1_000_000 : at.key();
                    Expected added =
                            new Expected("n" + next, Tally.of(1 + next), key, before, next);
                    bySlot.add(added);
                    inserted.add(next, key, before);
                    next++;
                    after.add(added);
                    p++;
                }
                if (i == list.size()) {
                    break;
                }
                if (d < dropped.length && dropped[d] == i) {
                    d++;
                } else {
                    after.add(list.get(i));
                }
            }
            leaves = leaves.with(dropped, places, inserted, entries);
            assertThat(leaves.unpackedEntries()).isBetween(0, leaves.length());
            if (leaves.length() >= packFrom) {
                // Packed once a long enough sequence has more than its share in leaves of its own.
                assertThat(leaves.unpackedEntries())
                        .isLessThanOrEqualTo(leaves.length() / LongLeaves.PACK_SHARE);
            }
            if (random.nextInt(4) == 0) {
                // Packed into shared arrays: the same entries, and the next versions move users
                // out of and into the packed leaves.
                leaves = leaves.packed();
                assertThat(leaves.unpackedEntries()).isZero();
            }
            list.clear();
            list.addAll(after);
            kept.add(leaves);
            contents.add(List.copyOf(after));

            assertThat(leaves.length()).isEqualTo(list.size());
            for (int i = 0; i < list.size(); i++) {
                assertEntry(leaves, i, list.get(i));
            }
        }
        for (int v = 0; v < kept.size(); v++) {
            List<Expected> expected = contents.get(v);
            for (int i = 0; i < expected.size(); i++) {
                assertEntry(kept.get(v), i, expected.get(i));
            }
        }
    }

    @Property(tries = 100)
    void theFirstUsersKeepTheirOrderAndEstimatesPackedAtOnceOrNot(
            @ForAll @IntRange(min = 1, max = 20) int leafSize,
            @ForAll @IntRange(min = 1, max = 300) int packFrom,
            @ForAll long seed) {
        Random random = new Random(seed);
        int size = random.nextInt(400);
        List<Expected> list = new ArrayList<>();
        ChangedLeaves.Inserted inserted = new ChangedLeaves.Inserted(size);
        long[] estimates = new long[size];
        int before = 0;
        long key = 1_000;
        for (int i = 0; i < size; i++) {
            before += random.nextInt(3);
            key -= random.nextInt(3);
            estimates[i] = random.nextInt(3) == 0 ? random.nextInt(50) : -1;
            list.add(new Expected(String.format("u%04d", i), Tally.of(1), key, before, i));
            inserted.add(i, key, before, estimates[i]);
        }
        ChangedLeaves made = ChangedLeaves.of(inserted, leafSize, packFrom, new BySlot(list));
        // As many as a packing is made for are packed at once, none left in leaves of their own.
        assertThat(made.unpackedEntries()).isEqualTo(size >= packFrom ? 0 : size);
        assertThat(made.length()).isEqualTo(size);
        for (int i = 0; i < size; i++) {
            assertEntry(made, i, list.get(i));
            assertThat(made.keptEstimate(i)).as("estimate %d", i).isEqualTo(estimates[i]);
        }
    }

    @Property(tries = 100)
    void changedUsersAreSearchedByBaseCountAndKeyLikeTheList(
            @ForAll @IntRange(min = 1, max = 20) int leafSize,
            @ForAll boolean packed,
            @ForAll long seed) {
        Random random = new Random(seed);
        int size = random.nextInt(400);
        // Non-decreasing base counts and non-increasing keys, with runs of equal ones.
        List<Expected> list = new ArrayList<>();
        ChangedLeaves.Inserted slots = new ChangedLeaves.Inserted(size);
        int before = 0;
        long key = 1_000;
        for (int i = 0; i < size; i++) {
            before += random.nextInt(3) == 0 ? random.nextInt(4) : 0;
            key -= random.nextInt(3) == 0 ? random.nextInt(4) : 0;
            // Ids in the order of the list: ranking order among equal counts and keys.
            list.add(new Expected(String.format("u%04d", i), Tally.of(1), key, before, i));
            slots.add(i, key, before);
        }
        ChangedLeaves made = ChangedLeaves.of(slots, leafSize, Integer.MAX_VALUE, new BySlot(list));
        assertThat(made.unpackedEntries()).isEqualTo(size);
        ChangedLeaves leaves = packed ? made.packed() : made;
        for (int probe = -1; probe <= before + 1; probe++) {
            for (int from = 0; from <= size; from += 1 + random.nextInt(30)) {
                int expected = from;
                while (expected < size && list.get(expected).baseBefore() < probe) {
                    expected++;
                }
                assertThat(leaves.firstBeforeAtLeast(probe, from))
                        .as("before %d from %d", probe, from)
                        .isEqualTo(expected);
            }
        }
        // A user placed among them: those with fewer snapshot users before rank before it, and
        // those with as many and a higher key or an equal key and a lower id.
        for (int probe = 0; probe < 200; probe++) {
            int probeBefore = random.nextInt(before + 2);
            long probeKey = key - 1 + random.nextInt((int) (1_002 - key));
            String probeUser =
                    String.format("u%04d", random.nextInt(size + 1))
                            + (random.nextBoolean() ? "x" : "");
            int from = random.nextInt(size + 1);
            int expected = from;
            for (int i = from; i < size; i++) {
                Expected c = list.get(i);
                boolean ranksBefore =
                        c.baseBefore() < probeBefore
                                || (c.baseBefore() == probeBefore
                                        && (c.key() > probeKey
                                                || (c.key() == probeKey
                                                        && c.user().compareTo(probeUser) < 0)));
                if (ranksBefore) {
                    expected = i + 1;
                }
            }
            assertThat(leaves.countBefore(probeKey, probeUser, probeBefore, from))
                    .as("%s with key %d after %d from %d", probeUser, probeKey, probeBefore, from)
                    .isEqualTo(expected);
        }
        for (long probe = key - 1; probe <= 1_001; probe++) {
            long k = probe;
            long expected = list.stream().filter(c -> c.key() > k).count();
            assertThat(leaves.countKeysGreater(probe)).as("above %d", probe).isEqualTo(expected);
        }
    }

    /** A changed user as the leaves read it back. */
    private record Expected(String user, Tally tally, long key, int baseBefore, int basePosition) {}

    /** Slot n: the n-th of a list (which may grow after the leaves are made). */
    private record BySlot(List<Expected> users) implements ChangedLeaves.Entries {

        @Override
        public String user(int slot) {
            return users.get(slot).user();
        }

        @Override
        public Tally tally(int slot) {
            return users.get(slot).tally();
        }

        @Override
        public int basePosition(int slot) {
            return users.get(slot).basePosition();
        }
    }

    private static void assertEntry(ChangedLeaves leaves, int index, Expected expected) {
        assertThat(
                        new Expected(
                                leaves.user(index),
                                leaves.tally(index),
                                leaves.key(index),
                                leaves.baseBefore(index),
                                leaves.basePosition(index)))
                .as("entry %d", index)
                .isEqualTo(expected);
    }
}
