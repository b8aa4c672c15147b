package org.leaderboard.model.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.model.tally.VoterSketches;

/**
 * The packed snapshot layer: what a worker writes is what a reader gets back, tallies and voter
 * estimates alike, and two workers holding the same users write the same blocks' users.
 */
class LayerBlocksTests {

    @Property(tries = 50)
    void aChunkReadsBackAsItWasWritten(
            @ForAll @IntRange(min = 0, max = 1_500) int users, @ForAll long seed) {
        Tallies written = randomTallies(users, new Random(seed));

        Tallies read = roundTrip(written);

        assertThat(read.asMap()).isEqualTo(written.asMap());
        for (String user : written.asMap().keySet()) {
            assertThat(VoterSketches.estimate(read.voters(user)))
                    .as("distinct voters of %s", user)
                    .isEqualTo(VoterSketches.estimate(written.voters(user)));
        }
    }

    @Property(tries = 20)
    void whichUsersShareABlockDependsOnlyOnTheUsers(
            @ForAll @IntRange(min = 1, max = 1_000) int users, @ForAll long seed) {
        Tallies one = randomTallies(users, new Random(seed));
        Tallies other = new Tallies();
        List<String> shuffled = new ArrayList<>(one.asMap().keySet());
        Collections.shuffle(shuffled, new Random(seed + 1));
        for (String user : shuffled) {
            // Other tallies and many more voters: other sketch sizes, same users.
            for (int v = 0; v < 1 + user.length() % 40; v++) {
                other.addVote(user, "other-voter-" + v, 3);
            }
        }

        List<byte[]> first = LayerBlocks.encode(List.copyOf(one.asMap().keySet()), one);
        List<byte[]> second = LayerBlocks.encode(shuffled, other);

        assertThat(second).hasSameSizeAs(first);
        for (int block = 0; block < first.size(); block++) {
            assertThat(usersOf(second.get(block))).isEqualTo(usersOf(first.get(block)));
        }
    }

    @Test
    void extremeTalliesAndIdsSurviveTheirEncoding() {
        Tallies written = new Tallies();
        for (int i = 0; i < 3; i++) {
            written.addVote("whale", 3_000_000_000L);
        }
        written.addRetraction("only-retracted", 7);
        written.addVote("négatif-☃", "voter", -2_000_000_000L);
        written.add("", Tally.of(1));

        Tallies read = roundTrip(written);

        assertThat(read.asMap()).isEqualTo(written.asMap());
        assertThat(written.get("whale").sumSqHigh()).isPositive();
        assertThat(read.get("whale").sumOfSquares()).isEqualTo(written.get("whale").sumOfSquares());
        assertThat(read.voters("only-retracted")).isNull();
        assertThat(VoterSketches.estimate(read.voters("négatif-☃"))).isEqualTo(1);
    }

    @Test
    void votesAddedToAUserReadBackKeepItsEarlierVoters() {
        Tallies written = new Tallies();
        written.addVote("alice", "v1", 1);
        written.addVote("alice", "v2", 1);
        Tallies read = roundTrip(written);

        read.addVote("alice", "v3", 1);
        read.addVote("alice", "v1", 1);
        Tallies more = new Tallies();
        more.addVote("alice", "v4", 1);
        read.addAll(more);

        assertThat(read.get("alice").count()).isEqualTo(5);
        assertThat(VoterSketches.estimate(read.voters("alice"))).isEqualTo(4);
        assertThat(VoterSketches.estimate(VoterSketches.fromBytes(read.compactVoters("alice"))))
                .isEqualTo(4);
    }

    /**
     * A layer read into columns holds every user once, in String order across all its chunks (ids
     * past ASCII included), each with the tally and voters it was written with.
     */
    @Property(tries = 40)
    void aLayerDecodesIntoColumnsInIdOrder(
            @ForAll @IntRange(min = 0, max = 1_200) int users,
            @ForAll @IntRange(min = 1, max = 20) int chunks,
            @ForAll long seed) {
        Random random = new Random(seed);
        Tallies written = new Tallies();
        for (String user : idsWithAwkwardOrder(users, random)) {
            addRandomVotes(written, user, random);
        }

        LayerColumns columns = PackedLayer.of(written, chunks).columns();

        List<String> expected = new ArrayList<>(written.asMap().keySet());
        Collections.sort(expected);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            String user = columns.id(i);
            ids.add(user);
            assertThat(columns.tally(i)).as("tally of %s", user).isEqualTo(written.get(user));
            byte[] sketch = columns.sketch(i);
            assertThat(
                            sketch == null
                                    ? null
                                    : VoterSketches.estimate(VoterSketches.fromBytes(sketch)))
                    .as("distinct voters of %s", user)
                    .isEqualTo(
                            written.voters(user) == null
                                    ? null
                                    : VoterSketches.estimate(written.voters(user)));
        }
        assertThat(ids).isEqualTo(expected);
    }

    /** A user stored in two chunks (no writer does that) is refused, not ranked twice. */
    @Test
    void aLayerHoldingAUserTwiceIsRefused() {
        Tallies written = new Tallies();
        written.addVote("alice", 1);
        written.addVote("bob", 1);
        List<byte[]> chunk = LayerBlocks.encode(List.of("alice", "bob"), written);
        PackedLayer twice = PackedLayer.ofBlocks(List.of(chunk, List.of(chunk.get(0))));

        assertThatThrownBy(twice::columns)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("out of order or twice");
    }

    @Test
    void aDamagedBlockIsRefusedNotReadAsOtherTallies() {
        Tallies written = randomTallies(10, new Random(7));
        byte[] block = LayerBlocks.encode(List.copyOf(written.asMap().keySet()), written).get(0);

        byte[] truncated = Arrays.copyOf(block, block.length - 3);
        byte[] longer = Arrays.copyOf(block, block.length + 1);
        byte[] unknown = block.clone();
        unknown[0] = 9;

        for (byte[] damaged : List.of(truncated, longer, unknown)) {
            assertThatThrownBy(
                            () -> LayerBlocks.decodeInto(ByteBuffer.wrap(damaged), new Tallies()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("snapshot layer block");
        }
    }

    @Property(tries = 60)
    void twoChunksMergedAreTheChunkOfTheirSummedTallies(
            @ForAll @IntRange(min = 0, max = 900) int users,
            @ForAll @IntRange(min = 0, max = 100) int sharedPercent,
            @ForAll long seed) {
        Random random = new Random(seed);
        List<String> pool = idsWithAwkwardOrder(users, random);
        Tallies earlier = new Tallies();
        Tallies later = new Tallies();
        for (String user : pool) {
            boolean both = random.nextInt(100) < sharedPercent;
            boolean inEarlier = both || random.nextBoolean();
            addRandomVotes(inEarlier ? earlier : later, user, random);
            if (both) {
                addRandomVotes(later, user, random);
            }
        }
        List<byte[]> earlierBlocks = encode(earlier);
        List<byte[]> laterBlocks = encode(later);
        // What merging read the two layers into tallies and encoded them again gave.
        Tallies summed = new Tallies();
        for (byte[] block : earlierBlocks) {
            LayerBlocks.decodeInto(ByteBuffer.wrap(block), summed);
        }
        for (byte[] block : laterBlocks) {
            LayerBlocks.decodeInto(ByteBuffer.wrap(block), summed);
        }

        List<byte[]> merged = LayerBlocks.merge(earlierBlocks, laterBlocks);

        List<byte[]> expected = encode(summed);
        assertThat(merged).hasSameSizeAs(expected);
        for (int block = 0; block < expected.size(); block++) {
            assertThat(merged.get(block)).as("block %d", block).isEqualTo(expected.get(block));
        }
        assertThat(merged.stream().mapToInt(LayerBlocks::usersIn).sum()).isEqualTo(summed.users());
    }

    @Test
    void layersMergedChunkByChunkHoldEveryUserOnceWithItsSummedTally() {
        Tallies earlier = randomTallies(2_000, new Random(11));
        Tallies later = randomTallies(700, new Random(12));
        for (String user : List.copyOf(earlier.asMap().keySet()).subList(0, 300)) {
            later.addVote(user, "late-voter", 5);
        }

        PackedLayer merged = PackedLayer.of(earlier, 4).plus(PackedLayer.of(later, 4));

        Tallies read = merged.tallies();
        Tallies summed = new Tallies();
        summed.addAll(earlier);
        summed.addAll(later);
        assertThat(merged.rows()).isEqualTo(summed.users()).isEqualTo(2_000 + 700);
        assertThat(read.asMap()).isEqualTo(summed.asMap());
        String shared = List.copyOf(earlier.asMap().keySet()).get(0);
        assertThat(VoterSketches.estimate(read.voters(shared)))
                .isEqualTo(VoterSketches.estimate(summed.voters(shared)));
    }

    @Test
    void aDamagedBlockIsRefusedByAMergeToo() {
        Tallies written = randomTallies(10, new Random(7));
        byte[] block = encode(written).get(0);
        List<byte[]> other = encode(randomTallies(10, new Random(8)));

        byte[] truncated = Arrays.copyOf(block, block.length - 3);
        byte[] longer = Arrays.copyOf(block, block.length + 1);
        byte[] unknown = block.clone();
        unknown[0] = 9;

        for (byte[] damaged : List.of(truncated, longer, unknown)) {
            assertThatThrownBy(() -> LayerBlocks.merge(other, List.of(damaged)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("snapshot layer block");
        }
    }

    private static List<byte[]> encode(Tallies tallies) {
        return LayerBlocks.encode(List.copyOf(tallies.asMap().keySet()), tallies);
    }

    /**
     * Ids whose UTF-8 bytes sort otherwise than the strings do (characters past the surrogates
     * against characters outside the basic plane), besides plain and accented ones.
     */
    private static List<String> idsWithAwkwardOrder(int users, Random random) {
        String[] stems = {"user-", "é-", "\uE000-", "\uD83D\uDE00-", "\uFFFD", ""};
        List<String> ids = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (ids.size() < users) {
            String id =
                    stems[random.nextInt(stems.length)]
                            + Long.toString(random.nextLong(1L << 20), 36);
            if (seen.add(id)) {
                ids.add(id);
            }
        }
        return ids;
    }

    private static void addRandomVotes(Tallies tallies, String user, Random random) {
        int votes = 1 + random.nextInt(4);
        for (int v = 0; v < votes; v++) {
            long value = random.nextInt(10) == 0 ? -random.nextInt(1000) : random.nextInt(1000);
            switch (random.nextInt(3)) {
                case 0 -> tallies.addVote(user, value);
                case 1 -> tallies.addVote(user, "voter-" + random.nextInt(5_000), value);
                default -> tallies.addRetraction(user, value);
            }
        }
    }

    private static Tallies roundTrip(Tallies written) {
        List<byte[]> blocks = LayerBlocks.encode(List.copyOf(written.asMap().keySet()), written);
        assertThat(blocks).hasSize((written.users() + 255) / 256);
        Tallies read = Tallies.forUsers(written.users());
        int users = 0;
        for (byte[] block : blocks) {
            users += LayerBlocks.decodeInto(ByteBuffer.wrap(block), read);
        }
        assertThat(users).isEqualTo(written.users());
        return read;
    }

    private static List<String> usersOf(byte[] block) {
        Tallies read = new Tallies();
        LayerBlocks.decodeInto(ByteBuffer.wrap(block), read);
        return read.asMap().keySet().stream().sorted().toList();
    }

    private static Tallies randomTallies(int users, Random random) {
        Tallies tallies = new Tallies();
        for (int u = 0; u < users; u++) {
            addRandomVotes(tallies, "user-" + Long.toString(random.nextLong(1L << 40), 36), random);
        }
        return tallies;
    }
}
