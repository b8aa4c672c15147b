package org.leaderboard.query.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.tally.Tally;

/**
 * Game boards rank by their score kind: the best or lowest single submission, or the number of
 * submissions, as well as the sum. The ranked views must agree with the naive answer: each user's
 * submissions listed, scored, sorted, and ranked (competition ranking, ties by user id).
 */
class GameBoardRankingTests {

    @Test
    void aLowestBoardRanksTheFastestTimeFirstAndTiesShareARank() {
        Map<String, Tally> laps =
                Map.of(
                        "lin", Tally.of(81_390),
                        "bob", Tally.of(81_204).plusVote(90_000),
                        "ada", Tally.of(82_000).plusVote(81_204),
                        "cy", Tally.of(79_999).plusVote(1));

        Standings board = Standings.rank(ScoreKind.LOWEST, laps, user -> 0);

        assertThat(board.page(0, 10))
                .extracting(LeaderboardEntry::rank, LeaderboardEntry::user, LeaderboardEntry::score)
                .containsExactly(
                        tuple(1L, "cy", 1L),
                        tuple(2L, "ada", 81_204L),
                        tuple(2L, "bob", 81_204L),
                        tuple(4L, "lin", 81_390L));
    }

    @Test
    void aBestBoardRanksTheHighestSingleSubmissionNotTheSum() {
        Map<String, Tally> games =
                Map.of(
                        "grinder", Tally.of(10).plusVote(10).plusVote(10).plusVote(10),
                        "ace", Tally.of(35),
                        "zero", Tally.of(0));

        MergedStandings board =
                new MergedStandings(
                        RankedSnapshot.of(ScoreKind.BEST, games, user -> null),
                        Map.of("zero", Tally.of(0)),
                        (user, position) -> 0);

        assertThat(board.page(0, 10))
                .extracting(
                        LeaderboardEntry::user, LeaderboardEntry::score, LeaderboardEntry::votes)
                .containsExactly(
                        tuple("ace", 35L, 35L), tuple("grinder", 10L, 40L), tuple("zero", 0L, 0L));
        assertThat(board.scoreKind()).isEqualTo(ScoreKind.BEST);
    }

    @Test
    void aCountBoardRanksTheNumberOfSubmissions() {
        Map<String, Tally> plays =
                Map.of(
                        "few",
                        Tally.of(100).plusVote(100),
                        "many",
                        Tally.of(1).plusVote(0).plusVote(2));

        Standings board = Standings.rank(ScoreKind.COUNT, plays, user -> 0);

        assertThat(board.page(0, 10))
                .extracting(LeaderboardEntry::user, LeaderboardEntry::score)
                .containsExactly(tuple("many", 3L), tuple("few", 2L));
    }

    @Test
    void aSumBoardsScoreIsItsVotes() {
        Standings board =
                Standings.rank(Map.of("abba", Tally.of(3).plusVote(-1), "queen", Tally.of(1)));

        assertThat(board.page(0, 10))
                .allSatisfy(entry -> assertThat(entry.score()).isEqualTo(entry.votes()));
    }

    @Test
    void theExtremesOfTheVoteRangeRankWithoutOverflow() {
        Map<String, Tally> extremes =
                Map.of(
                        "low", Tally.of(-1_000_000_000),
                        "high", Tally.of(1_000_000_000),
                        "mid", Tally.of(0));

        for (ScoreKind kind : List.of(ScoreKind.LOWEST, ScoreKind.BEST)) {
            MergedStandings board =
                    new MergedStandings(
                            RankedSnapshot.of(kind, extremes, user -> null),
                            Map.of(),
                            (user, position) -> 0);
            assertThat(board.page(0, 10))
                    .extracting(LeaderboardEntry::user)
                    .as(kind.name())
                    .containsExactly(
                            kind == ScoreKind.LOWEST
                                    ? new String[] {"low", "mid", "high"}
                                    : new String[] {"high", "mid", "low"});
        }
    }

    /**
     * Submissions split at random between a snapshot, a newer head's delta and the tail rank, for
     * every score kind, exactly as the naive ranking of each user's submissions. SUM and COUNT
     * boards take retractions too; BEST and LOWEST boards refuse them, so they get none here.
     */
    @Property(tries = 300)
    void everyScoreKindRanksLikeTheNaiveRankingOfTheSubmissions(
            @ForAll ScoreKind kind,
            @ForAll @IntRange(min = 0, max = 80) int submissions,
            @ForAll long seed) {
        Random random = new Random(seed);
        List<Map<String, Tally>> parts = List.of(new HashMap<>(), new HashMap<>(), new HashMap<>());
        Map<String, List<Long>> accepted = new HashMap<>();
        for (int i = 0; i < submissions; i++) {
            String user = "u" + random.nextInt(15);
            // A narrow range, 0 and negatives included, so that ties are common.
            long value = random.nextInt(9) - 3;
            parts.get(random.nextInt(3)).merge(user, Tally.of(value), Tally::plus);
            if (kind.retractable() && random.nextInt(4) == 0) {
                parts.get(random.nextInt(3)).merge(user, Tally.retraction(value), Tally::plus);
            } else {
                accepted.computeIfAbsent(user, u -> new ArrayList<>()).add(value);
            }
        }

        RankedSnapshot snapshot = RankedSnapshot.of(kind, parts.get(0), user -> null);
        RankedSnapshot newerHead = snapshot.plus(parts.get(1));
        MergedStandings merged = new MergedStandings(newerHead, parts.get(2), (u, p) -> 0);

        List<NaiveRanking.Ranked> expected = NaiveRanking.of(kind, accepted);
        assertThat(merged.totalUsers()).isEqualTo(expected.size());
        assertThat(merged.page(0, 1000))
                .extracting(LeaderboardEntry::rank, LeaderboardEntry::user, LeaderboardEntry::score)
                .containsExactlyElementsOf(
                        expected.stream().map(r -> tuple(r.rank(), r.user(), r.score())).toList());
        for (int i = 0; i < expected.size(); i++) {
            assertThat(merged.positionOf(expected.get(i).user())).hasValue(i);
        }
    }
}
