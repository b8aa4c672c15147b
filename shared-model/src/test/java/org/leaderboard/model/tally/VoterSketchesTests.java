package org.leaderboard.model.tally;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;
import org.junit.jupiter.api.Test;

class VoterSketchesTests {

    /** 1.04 / sqrt(2^12): the relative standard error the sketch states for lgK 12. */
    private static final double RSE = 1.04 / Math.sqrt(1 << VoterSketches.LG_K);

    @Test
    void oneHundredThousandVotersAreEstimatedWithinThreeStandardErrors() {
        Tallies folded = new Tallies();
        for (int voter = 0; voter < 100_000; voter++) {
            // Every voter votes twice: distinct voters, not votes, is what is estimated.
            folded.addVote("song-7", "voter-" + voter, 1);
            folded.addVote("song-7", "voter-" + voter, 2);
        }

        long estimate = VoterSketches.estimate(folded.voters("song-7"));

        System.out.printf("distinct voters: %d estimated for 100000%n", estimate);
        assertThat(folded.get("song-7").count()).isEqualTo(200_000);
        assertThat((double) Math.abs(estimate - 100_000) / 100_000).isLessThan(3 * RSE);
    }

    @Test
    void sketchesMergeLikeTalliesAndSurviveStorage() {
        Tallies left = new Tallies();
        Tallies right = new Tallies();
        for (int voter = 0; voter < 30_000; voter++) {
            // 20,000 voters on each side, 10,000 of them on both: 30,000 distinct.
            if (voter < 20_000) {
                left.addVote("u", "v" + voter, 1);
            }
            if (voter >= 10_000) {
                right.addVote("u", "v" + voter, 1);
            }
        }
        HllSketch stored = VoterSketches.fromBytes(VoterSketches.toBytes(right.voters("u")));
        Tallies merged = new Tallies();
        merged.addAll(left);
        merged.add("u", right.get("u"), stored);

        long estimate = VoterSketches.estimate(merged.voters("u"));
        assertThat((double) Math.abs(estimate - 30_000) / 30_000).isLessThan(3 * RSE);
        // The inputs are untouched: layers are shared between queries.
        assertThat(VoterSketches.estimate(left.voters("u"))).isBetween(19_000L, 21_000L);
    }

    /**
     * The union's estimate without its sketch is the estimate of the union's sketch, from few
     * voters to past the sparse modes, in stored (wrapped) form too, call after call on one thread
     * (the union kept between calls starts empty each time).
     */
    @Test
    void aUnionsEstimateIsTheEstimateOfTheUnion() {
        Random random = new Random(5);
        for (int round = 0; round < 200; round++) {
            HllSketch a = new HllSketch(VoterSketches.LG_K);
            HllSketch b = new HllSketch(VoterSketches.LG_K);
            int size = round % 3 == 0 ? 5_000 : 1 + random.nextInt(round % 3 == 1 ? 20 : 600);
            for (int i = 0; i < size; i++) {
                a.update("v" + random.nextInt(2 * size));
            }
            for (int i = random.nextInt(size + 1); i > 0; i--) {
                b.update("v" + random.nextInt(2 * size));
            }
            HllSketch storedB = VoterSketches.wrap(VoterSketches.toCompactBytes(b));
            assertThat(VoterSketches.estimateOfUnion(a, b))
                    .as("round %d", round)
                    .isEqualTo(VoterSketches.estimate(VoterSketches.union(a, b)));
            assertThat(VoterSketches.estimateOfUnion(a, storedB))
                    .isEqualTo(VoterSketches.estimate(VoterSketches.union(a, storedB)));
            assertThat(VoterSketches.estimateOfUnion(null, storedB))
                    .isEqualTo(VoterSketches.estimate(storedB));
        }
    }

    @Test
    void smallCountsAreExactAndSmallToStore() {
        Tallies folded = new Tallies();
        folded.addVote("u", "ann", 1);
        folded.addVote("u", "bob", 1);
        folded.addVote("u", "ann", 1);
        assertThat(VoterSketches.estimate(folded.voters("u"))).isEqualTo(2);
        assertThat(VoterSketches.toBytes(folded.voters("u")).length).isLessThan(64);
    }

    @Test
    void retractionsDoNotRemoveVoters() {
        Tallies folded = new Tallies();
        folded.addVote("u", "ann", 3);
        folded.addRetraction("u", 3);
        assertThat(folded.get("u").hasVotes()).isFalse();
        assertThat(VoterSketches.estimate(folded.voters("u"))).isEqualTo(1);
    }

    @Test
    void packedTalliesKeepTheirEstimatesAndMergeInStoredForm() {
        // Two parts of a tail as a query service keeps them: sketches packed once folded.
        Tallies first = new Tallies();
        Tallies second = new Tallies();
        for (int voter = 0; voter < 3_000; voter++) {
            // 2,000 voters in each part, 1,000 in both: 3,000 distinct, past the sparse modes.
            if (voter < 2_000) {
                first.addVote("popular", "v" + voter, 1);
            }
            if (voter >= 1_000) {
                second.addVote("popular", "v" + voter, 1);
            }
        }
        first.addVote("quiet", "ann", 1);
        second.addVote("quiet", "ann", 2);
        second.addVote("quiet", "bob", 1);
        long before = VoterSketches.estimate(first.voters("popular"));
        first.packVoters();
        second.packVoters();
        assertThat(VoterSketches.estimate(first.voters("popular"))).isEqualTo(before);

        Tallies sum = new Tallies();
        sum.addAll(first);
        sum.addAll(second);

        assertThat(sum.get("quiet").count()).isEqualTo(3);
        assertThat(VoterSketches.estimate(sum.voters("quiet"))).isEqualTo(2);
        long popular = VoterSketches.estimate(sum.voters("popular"));
        assertThat((double) Math.abs(popular - 3_000) / 3_000).isLessThan(3 * RSE);
        // The parts are untouched, and a packed sum still takes votes.
        assertThat(VoterSketches.estimate(first.voters("quiet"))).isEqualTo(1);
        sum.addVote("quiet", "cy", 1);
        assertThat(VoterSketches.estimate(sum.voters("quiet"))).isEqualTo(3);
        assertThat(VoterSketches.estimate(second.voters("quiet"))).isEqualTo(2);
    }

    @Test
    void storedFormsUnionLikeSketches() {
        Tallies left = new Tallies();
        Tallies right = new Tallies();
        left.addVote("u", "ann", 1);
        right.addVote("u", "ann", 1);
        right.addVote("u", "bob", 1);
        byte[] both = VoterSketches.union(left.compactVoters("u"), right.compactVoters("u"));
        assertThat(VoterSketches.estimate(VoterSketches.wrap(both))).isEqualTo(2);
        assertThat(VoterSketches.union(null, both)).isSameAs(both);
        assertThat(VoterSketches.wrap(null)).isNull();
    }

    /**
     * Stored sketches unioned as they are held (each inside a larger array) give the bytes a
     * DataSketches union gives: lists of a few voters each, overlapping or not, unioned to a list
     * or past it to a hash set, and larger sketches. Unions of lists that stay lists are made
     * without a union object; the check that some were is part of the property.
     */
    @Test
    void storedFormsUnionByteForByteAsAUnionMakesThem() {
        Random random = new Random(17);
        VoterSketches.Merger merger = new VoterSketches.Merger();
        int madeAsLists = 0;
        for (int round = 0; round < 20_000; round++) {
            int pool = 4 + random.nextInt(round % 10 == 0 ? 400 : 12);
            byte[] a = stored(random, pool, round % 10 == 0 ? 300 : 1 + random.nextInt(9));
            byte[] b = stored(random, pool, round % 10 == 1 ? 300 : 1 + random.nextInt(9));
            Union union = new Union(VoterSketches.LG_K);
            union.update(VoterSketches.wrap(a));
            union.update(VoterSketches.wrap(b));
            byte[] expected = union.getResult(TgtHllType.HLL_4).toCompactByteArray();

            int aFrom = random.nextInt(5);
            int bFrom = random.nextInt(5);
            byte[] heldA = within(a, aFrom, random);
            byte[] heldB = within(b, bFrom, random);
            byte[] lists =
                    VoterSketches.unionOfLists(heldA, aFrom, a.length, heldB, bFrom, b.length);
            if (lists != null) {
                madeAsLists++;
                assertThat(lists).as("round %d", round).isEqualTo(expected);
            } else {
                assertThat(expected.length)
                        .as("round %d: a list union made by a union object", round)
                        .isGreaterThan(8 + 4 * 7);
            }
            assertThat(merger.union(heldA, aFrom, a.length, heldB, bFrom, b.length))
                    .isEqualTo(expected);
            assertThat(merger.union(a, b)).isEqualTo(expected);
            assertThat(VoterSketches.union(a, b)).isEqualTo(expected);
        }
        System.out.printf("%d of 20000 unions made as lists%n", madeAsLists);
        assertThat(madeAsLists).isGreaterThan(5_000);
    }

    /** A sketch of {@code voters} random voters of {@code pool}, in the stored form. */
    private static byte[] stored(Random random, int pool, int voters) {
        HllSketch sketch = new HllSketch(VoterSketches.LG_K, TgtHllType.HLL_8);
        for (int i = 0; i < voters; i++) {
            sketch.update("voter-" + random.nextInt(pool));
        }
        return VoterSketches.toCompactBytes(sketch);
    }

    /** {@code stored} at {@code from} in a larger array of random bytes. */
    private static byte[] within(byte[] stored, int from, Random random) {
        byte[] held = new byte[from + stored.length + random.nextInt(5)];
        random.nextBytes(held);
        System.arraycopy(stored, 0, held, from, stored.length);
        return held;
    }
}
