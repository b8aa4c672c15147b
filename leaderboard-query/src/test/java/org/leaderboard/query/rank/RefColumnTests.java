package org.leaderboard.query.rank;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * A chunked column must read like the list it was built from: runs copied across chunk boundaries,
 * edits that never show in the column they were made from, growth past the end.
 */
class RefColumnTests {

    @Property(tries = 60)
    void runsCopiedFromOtherColumnsReadLikeTheListTheyWereCutFrom(
            @ForAll @IntRange(min = 0, max = 40_000) int size, @ForAll long seed) {
        Random random = new Random(seed);
        List<Integer> values = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            values.add(random.nextInt());
        }
        RefColumn<Integer> source = RefColumn.of(values);
        List<Integer> expected = new ArrayList<>();
        List<int[]> runs = new ArrayList<>();
        for (int start = 0; start < size; ) {
            int end = Math.min(size, start + 1 + random.nextInt(20_000));
            if (random.nextBoolean()) {
                runs.add(new int[] {start, end});
                expected.addAll(values.subList(start, end));
            }
            start = end;
        }
        RefColumn.Builder<Integer> builder = new RefColumn.Builder<>(expected.size() + 1);
        for (int[] run : runs) {
            builder.addRange(source, run[0], run[1]);
        }
        builder.add(-1);
        expected.add(-1);

        RefColumn<Integer> built = builder.build();

        assertThat(built.length()).isEqualTo(expected.size());
        assertThat(built.asList()).containsExactlyElementsOf(expected);
        assertThat(source.asList()).containsExactlyElementsOf(values);
    }

    @Property(tries = 60)
    void editsShowOnlyInTheColumnsBuiltFromThem(
            @ForAll @IntRange(min = 0, max = 30_000) int size,
            @ForAll @IntRange(min = 0, max = 20_000) int growth,
            @ForAll long seed) {
        Random random = new Random(seed);
        List<Integer> original = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            original.add(i);
        }
        RefColumn<Integer> before = RefColumn.of(original);
        int length = size + growth;
        List<Integer> expected = new ArrayList<>(original);
        expected.addAll(Collections.nCopies(growth, null));
        RefColumn.Edit<Integer> edit = before.edit();
        for (int n = 0; n < 500 && length > 0; n++) {
            int index = random.nextInt(length);
            edit.set(index, -index);
            expected.set(index, -index);
            assertThat(edit.get(index)).isEqualTo(-index);
        }

        RefColumn<Integer> after = edit.build(length);
        edit.set(0, 42);

        assertThat(after.asList()).containsExactlyElementsOf(expected);
        assertThat(before.asList()).containsExactlyElementsOf(original);
    }

    @Test
    void anEditKeepsGrowingAsASlotTable() {
        RefColumn.Edit<String> table = RefColumn.<String>empty().edit();
        for (int i = 0; i < 50_000; i++) {
            table.set(i, "u" + i);
        }
        assertThat(table.get(0)).isEqualTo("u0");
        assertThat(table.get(8_191)).isEqualTo("u8191");
        assertThat(table.get(8_192)).isEqualTo("u8192");
        assertThat(table.get(49_999)).isEqualTo("u49999");
        assertThat(table.get(50_000)).isNull();
        assertThat(table.get(1_000_000)).isNull();
    }
}
