package org.leaderboard.model.tally;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class TallyTests {

    private final Random random = new Random();

    @RepeatedTest(50)
    void foldingInAnyOrderAndGroupingGivesTheSameTally() {
        List<Long> votes = randomVotes(200);
        Tally inOrder = votes.stream().map(Tally::of).reduce(Tally.EMPTY, Tally::plus);
        List<Long> shuffled = new ArrayList<>(votes);
        Collections.shuffle(shuffled, random);
        int split = random.nextInt(shuffled.size());
        Tally left =
                shuffled.subList(0, split).stream().map(Tally::of).reduce(Tally.EMPTY, Tally::plus);
        Tally right =
                shuffled.subList(split, shuffled.size()).stream()
                        .map(Tally::of)
                        .reduce(Tally.EMPTY, Tally::plus);

        assertThat(right.plus(left)).isEqualTo(inOrder);
        assertThat(left.plus(right)).isEqualTo(inOrder);
    }

    @RepeatedTest(20)
    void plusIsAssociativeAndEmptyIsItsIdentity() {
        Tally a = fold(randomVotes(10));
        Tally b = fold(randomVotes(10));
        Tally c = fold(randomVotes(10));
        assertThat(a.plus(b).plus(c)).isEqualTo(a.plus(b.plus(c)));
        assertThat(a.plus(Tally.EMPTY)).isEqualTo(a);
        assertThat(Tally.EMPTY.plus(a)).isEqualTo(a);
    }

    @Test
    void describesTheVotes() {
        Tally tally = fold(List.of(1L, 3L, -1L, 7L));
        assertThat(tally.sum()).isEqualTo(10);
        assertThat(tally.count()).isEqualTo(4);
        assertThat(tally.min()).isEqualTo(-1);
        assertThat(tally.max()).isEqualTo(7);
        assertThat(tally.mean()).isEqualTo(2.5);
        assertThat(tally.sumOfSquares()).isEqualTo(BigInteger.valueOf(1 + 9 + 1 + 49));
        assertThat(tally.stddev())
                .isCloseTo(Math.sqrt(60 / 4.0 - 6.25), org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void theSumOfSquaresStaysExactBeyondSixtyFourBits() {
        Tally big = Tally.EMPTY;
        for (int i = 0; i < 20; i++) {
            big = big.plusVote(1_000_000_000L);
        }
        assertThat(big.sumOfSquares())
                .isEqualTo(
                        BigInteger.valueOf(1_000_000_000L).pow(2).multiply(BigInteger.valueOf(20)));
        Tally stored = Tally.of(big.sum(), big.count(), big.min(), big.max(), big.sumOfSquares());
        assertThat(stored).isEqualTo(big);
    }

    private List<Long> randomVotes(int n) {
        List<Long> votes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long v = random.nextInt(2_000_000_001) - 1_000_000_000L;
            votes.add(v == 0 ? 1 : v);
        }
        return votes;
    }

    private static Tally fold(List<Long> votes) {
        return votes.stream().map(Tally::of).reduce(Tally.EMPTY, Tally::plus);
    }
}
