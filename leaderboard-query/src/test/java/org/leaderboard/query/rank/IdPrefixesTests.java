package org.leaderboard.query.rank;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The prefix keys must never order two ids against {@link String#compareTo}: ranking sorts ties by
 * them before the ids, so a key out of order would rank a user at the wrong place.
 */
class IdPrefixesTests {

    private static final String[] PREFIXES = {"", "p", "player-", "player-0000", "é", "ユーザー"};

    @Property(tries = 300)
    void keysNeverOrderTwoIdsAgainstTheirStringOrder(
            @ForAll @IntRange(min = 0, max = 60) int size, @ForAll long seed) {
        Random random = new Random(seed);
        String shared = PREFIXES[random.nextInt(PREFIXES.length)];
        String[] users = new String[size];
        for (int i = 0; i < size; i++) {
            users[i] = shared + suffix(random);
        }
        long[] keys = IdPrefixes.of(users);
        for (int i = 0; i < size; i++) {
            for (int j = 0; j < size; j++) {
                int byKey = Long.signum(Long.compareUnsigned(keys[i], keys[j]));
                if (byKey != 0) {
                    assertThat(byKey)
                            .as("%s vs %s", users[i], users[j])
                            .isEqualTo(Integer.signum(users[i].compareTo(users[j])));
                }
            }
        }
    }

    @Property(tries = 20)
    void aLargeBatchIsSortedHigherKeyFirstThenByUserId(
            @ForAll @IntRange(min = 0, max = 3) int extra,
            @ForAll @IntRange(min = -1, max = 4) int droppedKey,
            @ForAll long seed) {
        Random random = new Random(seed);
        String shared = PREFIXES[random.nextInt(PREFIXES.length)];
        Map<String, Long> batch = new LinkedHashMap<>();
        while (batch.size() < IdPrefixes.WORTH_FROM + extra * 1000) {
            batch.putIfAbsent(shared + suffix(random), (long) random.nextInt(5));
        }
        // The keys are taken over the whole batch, as a ranking takes them before it knows which
        // of its users keep a counted vote; only those with another key than droppedKey are
        // sorted.
        long[] prefixes = IdPrefixes.ofBatch(batch);
        List<Item> items = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, Long> entry : batch.entrySet()) {
            long prefix = prefixes[i++];
            if (entry.getValue() != droppedKey) {
                items.add(new Item(entry.getKey(), entry.getValue(), prefix));
            }
        }
        List<Item> expected = new ArrayList<>(items);
        expected.sort(Comparator.comparingLong(Item::key).reversed().thenComparing(Item::user));
        items.sort(Item.ORDER);
        assertThat(items)
                .extracting(Item::user)
                .containsExactlyElementsOf(expected.stream().map(Item::user).toList());
    }

    @Test
    void aSmallBatchHasNoPrefixKeys() {
        assertThat(IdPrefixes.ofBatch(Map.of("a", 1, "b", 2))).isNull();
    }

    private record Item(String user, long key, long prefix) {

        static final Comparator<Item> ORDER =
                (a, b) -> IdPrefixes.compare(a.key, a.prefix, a.user, b.key, b.prefix, b.user);
    }

    @Test
    void idsThatDifferOnlyInTheirLastFewCharactersGetDistinctKeys() {
        String[] users = new String[1000];
        for (int i = 0; i < users.length; i++) {
            users[i] = "tournament-2026-player-" + (100_000 + i * 7);
        }
        Set<Long> distinct = new HashSet<>();
        Arrays.stream(IdPrefixes.of(users)).forEach(distinct::add);
        assertThat(distinct).hasSize(users.length);
    }

    /** Up to 12 characters: mostly digits and letters, sometimes char 0, 255, 256 or beyond. */
    private static String suffix(Random random) {
        StringBuilder suffix = new StringBuilder();
        int length = random.nextInt(13);
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(20);
            char c =
                    switch (kind) {
                        case 0 -> (char) 0;
                        case 1 -> (char) 255;
                        case 2 -> (char) 256;
                        case 3 -> (char) (0x3000 + random.nextInt(0x100));
                        case 4 -> (char) 0xFFFF;
                        default -> (char) ('0' + random.nextInt(3));
                    };
            suffix.append(c);
        }
        return suffix.toString();
    }
}
