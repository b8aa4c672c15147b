package org.leaderboard.model.tally;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * The monoid laws the snapshots rely on, for tallies of votes and of retractions: any grouping and
 * any order of folding gives the same tally, and a retraction exactly removes its vote from sum,
 * count, mean and standard deviation.
 */
class TallyPropertiesTests {

    @Property
    void plusIsAssociative(
            @ForAll("tallies") Tally a, @ForAll("tallies") Tally b, @ForAll("tallies") Tally c) {
        assertThat(a.plus(b).plus(c)).isEqualTo(a.plus(b.plus(c)));
    }

    @Property
    void plusIsCommutative(@ForAll("tallies") Tally a, @ForAll("tallies") Tally b) {
        assertThat(a.plus(b)).isEqualTo(b.plus(a));
    }

    @Property
    void emptyIsTheIdentity(@ForAll("tallies") Tally a) {
        assertThat(a.plus(Tally.EMPTY)).isEqualTo(a);
        assertThat(Tally.EMPTY.plus(a)).isEqualTo(a);
    }

    @Property
    void retractingVotesLeavesTheTallyOfTheOthers(
            @ForAll @Size(min = 1, max = 40)
                    List<
                                    @net.jqwik.api.constraints.IntRange(
                                            min = -1_000_000,
                                            max = 1_000_000)
                                    Integer>
                            kept,
            @ForAll @Size(max = 40)
                    List<
                                    @net.jqwik.api.constraints.IntRange(
                                            min = -1_000_000,
                                            max = 1_000_000)
                                    Integer>
                            retracted) {
        Tally withRetractions = Tally.EMPTY;
        for (int v : kept) {
            withRetractions = withRetractions.plusVote(v);
        }
        for (int v : retracted) {
            withRetractions = withRetractions.plusVote(v).plus(Tally.retraction(v));
        }
        Tally onlyKept = kept.stream().map(v -> Tally.of(v)).reduce(Tally.EMPTY, Tally::plus);

        assertThat(withRetractions.sum()).isEqualTo(onlyKept.sum());
        assertThat(withRetractions.count()).isEqualTo(onlyKept.count());
        assertThat(withRetractions.sumOfSquares()).isEqualTo(onlyKept.sumOfSquares());
        assertThat(withRetractions.mean()).isEqualTo(onlyKept.mean());
        assertThat(withRetractions.stddev()).isEqualTo(onlyKept.stddev());
    }

    @Property
    void aRetractionFoldedBeforeItsVoteGivesTheSameTally(
            @ForAll("votes") long vote, @ForAll("tallies") Tally others) {
        Tally voteFirst = others.plus(Tally.of(vote)).plus(Tally.retraction(vote));
        Tally retractionFirst = Tally.retraction(vote).plus(others).plus(Tally.of(vote));
        assertThat(retractionFirst).isEqualTo(voteFirst);
    }

    @Provide
    Arbitrary<Long> votes() {
        return Arbitraries.longs()
                .between(-1_000_000_000L, 1_000_000_000L)
                .filter(v -> v != 0)
                .edgeCases(edges -> edges.add(1_000_000_000L));
    }

    /** Folds of votes and retractions, as layers hold them (a layer may be a lone retraction). */
    @Provide
    Arbitrary<Tally> tallies() {
        Arbitrary<Tally> event =
                Combinators.combine(votes(), Arbitraries.of(true, false))
                        .as((v, retraction) -> retraction ? Tally.retraction(v) : Tally.of(v));
        return event.list()
                .ofMaxSize(30)
                .map(
                        events -> {
                            List<Tally> all = new ArrayList<>(events);
                            return all.stream().reduce(Tally.EMPTY, Tally::plus);
                        });
    }
}
