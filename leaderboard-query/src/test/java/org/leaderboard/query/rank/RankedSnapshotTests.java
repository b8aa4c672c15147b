package org.leaderboard.query.rank;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.cassandra.PackedLayer;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;

/**
 * Placing a user among the snapshot's users of the same ranking key compares user ids: for ASCII
 * ids by their bytes (no String is made), else as Strings. Both must give String order, whatever
 * the other ids hold (accents, CJK, characters above U+E000, surrogate pairs).
 */
class RankedSnapshotTests {

    private static final List<String> IDS =
            List.of(
                    "alice",
                    "Bob",
                    "bob",
                    "bob2",
                    "zoë",
                    "émile",
                    "李",
                    "\uE000private",
                    "\uFFFDreplacement",
                    "😀grin",
                    "a😀",
                    "~tilde",
                    "");

    @Test
    void aUserIsPlacedInStringOrderAmongUsersOfItsKey() {
        Map<String, Tally> tallies = new HashMap<>();
        for (String id : IDS) {
            tallies.put(id, Tally.of(3));
        }
        tallies.put("top", Tally.of(9));
        tallies.put("bottom", Tally.of(1));
        RankedSnapshot snapshot = RankedSnapshot.of(tallies);
        long key = snapshot.key(snapshot.position("alice"));

        List<String> probes =
                List.of(
                        "alice", "alicf", "b", "bob1", "zz", "~", "é", "李子", "\uE001", "😀", "a",
                        "");
        for (String probe : probes) {
            long expected = 1 + IDS.stream().filter(id -> id.compareTo(probe) < 0).count();
            assertThat(snapshot.countBefore(key, probe))
                    .as("users before %s", probe)
                    .isEqualTo((int) expected);
        }
    }

    /**
     * A newer head (the held snapshot plus a layer) finds every user at its new position: the
     * changed, the new and the untouched alike, with the table of positions the same size as the
     * held one's or grown; and a user whose last counted vote was retracted not at all.
     */
    @Test
    void aNewerHeadFindsEveryUserAtItsNewPosition() {
        Map<String, Tally> tallies = new HashMap<>();
        for (int i = 0; i < 10_000; i++) {
            tallies.put("u" + i, Tally.of(1 + i % 50));
        }
        RankedSnapshot held = RankedSnapshot.of(tallies);
        Map<String, Tally> delta = new HashMap<>();
        for (int i = 0; i < 10_000; i += 7) {
            delta.put("u" + i, Tally.of(1 + i % 13));
        }
        for (int i = 0; i < 300; i++) {
            delta.put("new" + i, Tally.of(1 + i % 40));
        }
        RankedSnapshot sameSize = held.plus(delta);
        assertEveryUserAtItsPosition(sameSize, 10_300);

        delta.put("u3", Tally.retraction(1 + 3 % 50));
        RankedSnapshot withOneLeft = held.plus(delta);
        assertEveryUserAtItsPosition(withOneLeft, 10_299);
        assertThat(withOneLeft.position("u3")).isEqualTo(-1);

        Map<String, Tally> many = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            many.put("more" + i, Tally.of(1 + i % 30));
        }
        assertEveryUserAtItsPosition(held.plus(many), 30_000);
    }

    /**
     * A newer head whose layer changes thousands of users, most of them tied on their tally and
     * with ids of different lengths behind one shared prefix (sorted with prefix keys), ranks every
     * user as ranking the whole board again would.
     */
    @Test
    void aNewerHeadWithThousandsOfChangedUsersRanksAsTheWholeBoardWould() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(11);
        Map<String, Tally> tallies = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            tallies.put("player-" + random.nextInt(1_000_000), Tally.of(1 + random.nextInt(20)));
        }
        RankedSnapshot held = RankedSnapshot.of(tallies);
        Map<String, Tally> delta = new HashMap<>();
        for (int i = 0; i < 10_000; i++) {
            String user = i % 2 == 0 ? "player-" + i : "player-" + random.nextInt(1_000_000);
            delta.merge(user, Tally.of(1 + random.nextInt(4)), Tally::plus);
        }
        Map<String, Tally> whole = new HashMap<>(tallies);
        delta.forEach((user, tally) -> whole.merge(user, tally, Tally::plus));

        RankedSnapshot merged = held.plus(delta);
        RankedSnapshot ranked = RankedSnapshot.of(whole);

        assertThat(delta.size()).isGreaterThan(IdPrefixes.WORTH_FROM);
        assertThat(merged.size()).isEqualTo(ranked.size());
        for (int position = 0; position < ranked.size(); position++) {
            assertThat(merged.user(position))
                    .as("user at %d", position)
                    .isEqualTo(ranked.user(position));
            assertThat(merged.tally(position)).isEqualTo(ranked.tally(position));
        }
    }

    /**
     * A newer head's layer, read back in its stored form, merges into the held snapshot's voter
     * sketches as the same votes counted in one fold do: users with voters on both sides, on one
     * side only, new users, and a user whose voters outgrow the small form; and the users the layer
     * did not change keep the estimates the held snapshot had made of their voters, each at the
     * user's new position.
     */
    @Test
    void aLayerReadBackMergesItsVotersAsOneFoldOfAllTheVotes() {
        Tallies first = new Tallies();
        Tallies layer = new Tallies();
        Tallies all = new Tallies();
        for (int i = 0; i < 6_000; i++) {
            String user = "player-" + i;
            if (i % 3 != 2) {
                first.addVote(user, "early-" + i, 1);
                all.addVote(user, "early-" + i, 1);
            } else {
                first.addVote(user, 1);
                all.addVote(user, 1);
            }
            if (i % 2 == 0) {
                // Some voters already counted in the held snapshot, some new.
                String voter = i % 4 == 0 ? "early-" + i : "late-" + i;
                layer.addVote(user, voter, 2);
                all.addVote(user, voter, 2);
            }
        }
        for (int v = 0; v < 3_000; v++) {
            layer.addVote("player-1", "fan-" + v, 1);
            all.addVote("player-1", "fan-" + v, 1);
        }
        layer.addVote("newcomer", "someone", 4);
        all.addVote("newcomer", "someone", 4);
        RankedSnapshot held = RankedSnapshot.of(ScoreKind.SUM, first);
        // Each held user's estimate asked, as standings do: a newer head carries the unchanged
        // users' along.
        for (int position = 0; position < held.size(); position += 2) {
            held.distinctVoters(position);
        }
        // As a layer is read back: tallies and sketches in their stored form.
        Tallies stored = new Tallies();
        layer.asMap()
                .forEach((user, tally) -> stored.addStored(user, tally, layer.compactVoters(user)));

        RankedSnapshot merged = held.plus(stored);
        RankedSnapshot viaSketches = held.plus(layer.asMap(), layer::voters);
        RankedSnapshot whole = RankedSnapshot.of(ScoreKind.SUM, all);

        assertThat(merged.size()).isEqualTo(whole.size());
        for (int position = 0; position < whole.size(); position++) {
            String user = whole.user(position);
            assertThat(merged.user(position)).isEqualTo(user);
            assertThat(merged.tally(position)).isEqualTo(whole.tally(position));
            assertThat(merged.distinctVoters(position))
                    .as(user)
                    .isEqualTo(viaSketches.distinctVoters(position));
            if (!user.equals("player-1")) {
                // Few voters: counted exactly, as one fold counts them.
                assertThat(merged.distinctVoters(position))
                        .as(user)
                        .isEqualTo(whole.distinctVoters(position));
            }
        }
        // Thousands: estimated, a union's estimate within the sketches' error of one fold's.
        assertThat((double) merged.distinctVoters(merged.position("player-1")))
                .isCloseTo(3_001, org.assertj.core.data.Percentage.withPercentage(5));
    }

    /**
     * A whole snapshot ranked from its stored form (the columns of its packed layer, as a cold load
     * reads it) is the one ranked from its tallies, on every kind of board: each position's user,
     * tally and voters, ties in String order whatever the ids hold, and the users left with no
     * counted vote kept aside so that their later votes still add up.
     */
    @Property(tries = 30)
    void aSnapshotRankedFromItsStoredFormIsTheOneRankedFromItsTallies(
            @ForAll @IntRange(min = 0, max = 2_000) int users,
            @ForAll ScoreKind kind,
            @ForAll long seed) {
        Random random = new Random(seed);
        Tallies written = new Tallies();
        String[] stems = {"user-", "é-", "\uE000-", "\uD83D\uDE00-", "李", ""};
        for (int u = 0; u < users; u++) {
            String user = stems[random.nextInt(stems.length)] + random.nextInt(users + 1);
            long vote = random.nextInt(9) - 4;
            switch (random.nextInt(4)) {
                case 0 -> written.addVote(user, vote);
                case 1 -> written.addVote(user, "voter-" + random.nextInt(50), vote);
                case 2 -> {
                    written.addVote(user, "voter-" + random.nextInt(50), vote);
                    written.addRetraction(user, vote);
                }
                default -> written.addRetraction(user, vote);
            }
        }

        RankedSnapshot fromTallies = RankedSnapshot.of(kind, written);
        RankedSnapshot stored =
                RankedSnapshot.of(kind, PackedLayer.of(written, 1 + random.nextInt(16)).columns());

        assertSameRanking(stored, fromTallies);
        assertThat(stored.unrankedUsers()).isEqualTo(fromTallies.unrankedUsers());
        Tallies later = new Tallies();
        for (String user : written.asMap().keySet()) {
            if (!written.get(user).hasVotes()) {
                later.addVote(user, "voter-late", 2);
            }
        }
        assertSameRanking(stored.plus(later), fromTallies.plus(later));
    }

    /**
     * A newer layer added from its stored form (as the service reads a newer head's layers) gives
     * the ranking that adding its tallies gives, on every kind of board: new users, held users
     * moved up or down, ties in String order whatever the ids hold, the held users' kept estimates
     * carried, sketches joined; and, with retractions, users left with no counted vote kept aside.
     */
    @Property(tries = 40)
    void aNewerLayerAddedFromItsStoredFormIsTheOneAddedFromItsTallies(
            @ForAll @IntRange(min = 0, max = 1_500) int users,
            @ForAll ScoreKind kind,
            @ForAll boolean retractions,
            @ForAll long seed) {
        Random random = new Random(seed);
        RankedSnapshot fromTallies = RankedSnapshot.of(kind, randomLayer(random, users, false));
        RankedSnapshot stored = fromTallies;
        for (int position = 0; position < fromTallies.size(); position += 1 + random.nextInt(5)) {
            fromTallies.distinctVoters(position);
        }
        for (int head = 0; head < 3; head++) {
            Tallies newer = randomLayer(random, 1 + random.nextInt(users + 1), retractions);
            fromTallies = fromTallies.plus(newer);
            stored = stored.plus(PackedLayer.of(newer, 1 + random.nextInt(16)));
            assertSameRanking(stored, fromTallies);
            assertThat(stored.unrankedUsers()).isEqualTo(fromTallies.unrankedUsers());
        }
    }

    /**
     * Up to {@code users} random users' votes, some with voters, ids of every kind, a few votes
     * large; with {@code retractions}, some of them retracted.
     */
    private static Tallies randomLayer(Random random, int users, boolean retractions) {
        Tallies layer = new Tallies();
        String[] stems = {"user-", "é-", "\uE000-", "\uD83D\uDE00-", "李", ""};
        for (int u = 0; u < users; u++) {
            String user = stems[random.nextInt(stems.length)] + random.nextInt(users + 1);
            long vote = random.nextInt(9) - 4;
            if (user.startsWith("李") && random.nextBoolean()) {
                // Two votes whose squares add past 2^63: a user with them in two layers has sums
                // of squares that carry past 64 bits when the layers are added.
                vote = 3_000_000_000L;
                layer.addVote(user, vote);
            }
            if (random.nextBoolean()) {
                layer.addVote(user, vote);
            } else {
                layer.addVote(user, "voter-" + random.nextInt(50), vote);
            }
            if (retractions && random.nextInt(4) == 0) {
                layer.addRetraction(user, vote);
            }
        }
        return layer;
    }

    private static void assertSameRanking(RankedSnapshot actual, RankedSnapshot expected) {
        assertThat(actual.size()).isEqualTo(expected.size());
        for (int position = 0; position < expected.size(); position++) {
            String user = expected.user(position);
            assertThat(actual.user(position)).as("user at %d", position).isEqualTo(user);
            assertThat(actual.tally(position)).as(user).isEqualTo(expected.tally(position));
            assertThat(actual.distinctVoters(position))
                    .as("voters of %s", user)
                    .isEqualTo(expected.distinctVoters(position));
            assertThat(actual.position(user)).isEqualTo(position);
        }
    }

    private static void assertEveryUserAtItsPosition(RankedSnapshot snapshot, int users) {
        assertThat(snapshot.size()).isEqualTo(users);
        for (int position = 0; position < users; position++) {
            assertThat(snapshot.position(snapshot.user(position)))
                    .as(snapshot.user(position))
                    .isEqualTo(position);
        }
        assertThat(snapshot.position("nobody")).isEqualTo(-1);
    }
}
