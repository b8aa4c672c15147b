package org.leaderboard.query.rank;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.tally.Tally;

class StandingsTests {

    private final Standings standings =
            Standings.rank(
                    Map.of(
                            "dora", Tally.of(5),
                            "carl", Tally.of(9),
                            "bea", Tally.of(5),
                            "abe", Tally.of(9).plusVote(-4),
                            "eve", Tally.of(1),
                            "nobody", Tally.EMPTY));

    @Test
    void ranksByVotesDescendingTiesShareARankAndAreListedByUserId() {
        assertThat(standings.page(0, 10))
                .extracting(LeaderboardEntry::rank, LeaderboardEntry::user, LeaderboardEntry::votes)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(1L, "carl", 9L),
                        org.assertj.core.groups.Tuple.tuple(2L, "abe", 5L),
                        org.assertj.core.groups.Tuple.tuple(2L, "bea", 5L),
                        org.assertj.core.groups.Tuple.tuple(2L, "dora", 5L),
                        org.assertj.core.groups.Tuple.tuple(5L, "eve", 1L));
        assertThat(standings.totalUsers()).as("users without votes are not ranked").isEqualTo(5);
    }

    @Test
    void pagesConcatenateToTheWholeBoardAndEndEmpty() {
        List<LeaderboardEntry> all = standings.page(0, 100);
        assertThat(standings.page(0, 2)).isEqualTo(all.subList(0, 2));
        assertThat(standings.page(2, 2)).isEqualTo(all.subList(2, 4));
        assertThat(standings.page(4, 2)).isEqualTo(all.subList(4, 5));
        assertThat(standings.page(5, 2)).isEmpty();
        assertThat(standings.page(Integer.MAX_VALUE, Integer.MAX_VALUE)).isEmpty();
    }

    @Test
    void aroundAUserIncludesTheUserAndStopsAtTheEdges() {
        int bea = standings.positionOf("bea").orElseThrow();
        assertThat(standings.around(bea, 1))
                .extracting(LeaderboardEntry::user)
                .containsExactly("abe", "bea", "dora");
        assertThat(standings.around(0, 2))
                .extracting(LeaderboardEntry::user)
                .containsExactly("carl", "abe", "bea");
        assertThat(standings.positionOf("nobody")).isEmpty();
    }
}
