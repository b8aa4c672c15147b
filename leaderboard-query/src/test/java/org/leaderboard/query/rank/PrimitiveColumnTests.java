package org.leaderboard.query.rank;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The chunked int and long columns must read and search like the arrays they stand for, across
 * chunk boundaries: runs copied from other columns, the searches the rankings use.
 */
class PrimitiveColumnTests {

    @Property(tries = 60)
    void anIntColumnCutFromRunsOfAnotherReadsAndSearchesLikeTheArray(
            @ForAll @IntRange(min = 0, max = 40_000) int size, @ForAll long seed) {
        Random random = new Random(seed);
        int[] values = new int[size];
        for (int i = 0; i < size; i++) {
            values[i] = random.nextInt(3 * size + 1);
        }
        Arrays.sort(values);
        IntColumn source = IntColumn.of(values);
        // The same values again, as runs of random length copied from the source.
        IntColumn.Builder copy = new IntColumn.Builder(size);
        int at = 0;
        while (at < size) {
            int end = Math.min(size, at + 1 + random.nextInt(20_000));
            copy.addRange(source, at, end);
            at = end;
        }
        IntColumn column = copy.build();
        assertThat(column.length()).isEqualTo(size);
        for (int i = 0; i < size; i++) {
            assertThat(column.get(i)).isEqualTo(values[i]);
        }
        for (int probe = 0; probe < 200; probe++) {
            int value = random.nextInt(3 * size + 2) - 1;
            int found = column.binarySearch(value);
            int expected = Arrays.binarySearch(values, value);
            // Arrays may find any of equal values: compare what the index says.
            if (expected >= 0) {
                assertThat(found).isNotNegative();
                assertThat(values[found]).isEqualTo(value);
            } else {
                assertThat(found).isEqualTo(expected);
            }
            int from = size == 0 ? 0 : random.nextInt(size + 1);
            int first = column.firstAtLeast(value, from);
            int naive = from;
            while (naive < size && values[naive] < value) {
                naive++;
            }
            assertThat(first).isEqualTo(naive);
        }
    }

    @Property(tries = 40)
    void aLongColumnCountsTheGreaterValuesOfADescendingArray(
            @ForAll @IntRange(min = 0, max = 30_000) int size, @ForAll long seed) {
        Random random = new Random(seed);
        long[] values = new long[size];
        for (int i = 0; i < size; i++) {
            values[i] = random.nextInt(100) - 50;
        }
        Arrays.sort(values);
        long[] descending = new long[size];
        for (int i = 0; i < size; i++) {
            descending[i] = values[size - 1 - i];
        }
        LongColumn.Builder builder = new LongColumn.Builder(size);
        int half = size / 2;
        builder.addRange(LongColumn.of(Arrays.copyOf(descending, half)), 0, half);
        for (int i = half; i < size; i++) {
            builder.add(descending[i]);
        }
        LongColumn column = builder.build();
        for (int i = 0; i < size; i++) {
            assertThat(column.get(i)).isEqualTo(descending[i]);
        }
        for (long key = -52; key <= 52; key++) {
            long k = key;
            assertThat(column.countGreater(key))
                    .isEqualTo((int) Arrays.stream(descending).filter(v -> v > k).count());
        }
    }

    @Property(tries = 20)
    void aFilledIntColumnHoldsTheFillButWhereSet(
            @ForAll @IntRange(min = 0, max = 30_000) int size, @ForAll long seed) {
        Random random = new Random(seed);
        IntColumn.Builder builder = new IntColumn.Builder(size).filled(-1);
        int[] expected = new int[size];
        Arrays.fill(expected, -1);
        for (int i = 0; size > 0 && i < 500; i++) {
            int index = random.nextInt(size);
            builder.set(index, i);
            expected[index] = i;
        }
        IntColumn column = builder.build();
        assertThat(column.length()).isEqualTo(size);
        for (int i = 0; i < size; i++) {
            assertThat(column.get(i)).isEqualTo(expected[i]);
        }
    }
}
