package org.leaderboard.query.rank;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.datasketches.hll.HllSketch;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.model.tally.VoterSketches;

/**
 * The merged view must rank exactly like ranking the whole board from scratch ({@link Standings},
 * the simple and obviously right way): every page, every position, every rank.
 */
class MergedStandingsTests {

    @Property(tries = 200)
    void ranksExactlyLikeRankingEverythingFromScratch(
            @ForAll @IntRange(min = 0, max = 60) int snapshotUsers,
            @ForAll @IntRange(min = 0, max = 30) int tailUsers,
            @ForAll long seed) {
        Random random = new Random(seed);
        Map<String, Tally> snapshot = new HashMap<>();
        for (int i = 0; i < snapshotUsers; i++) {
            snapshot.put("u" + random.nextInt(80), RandomTallies.votes(random));
        }
        Map<String, Tally> tail = new HashMap<>();
        for (int i = 0; i < tailUsers; i++) {
            // Sometimes a retraction that takes a user's only vote away.
            String user = "u" + random.nextInt(100);
            Tally delta =
                    random.nextInt(5) == 0 && snapshot.containsKey(user)
                            ? RandomTallies.retractAll(snapshot.get(user))
                            : RandomTallies.votes(random);
            tail.merge(user, delta, Tally::plus);
        }
        Map<String, Tally> all = new HashMap<>(snapshot);
        tail.forEach((user, delta) -> all.merge(user, delta, Tally::plus));

        Standings expected = Standings.rank(all);
        MergedStandings merged =
                new MergedStandings(RankedSnapshot.of(snapshot), tail, (u, p) -> 0);

        assertThat(merged.totalUsers()).isEqualTo(expected.totalUsers());
        assertThat(merged.page(0, 1000)).isEqualTo(expected.page(0, 1000));
        assertThat(merged.page(3, 7)).isEqualTo(expected.page(3, 7));
        // A page's ranks are carried from entry to entry: pages starting at every position,
        // inside runs of tied users too, rank as the whole board does.
        for (int offset = 0; offset <= expected.totalUsers(); offset++) {
            assertThat(merged.page(offset, 4)).isEqualTo(expected.page(offset, 4));
        }
        for (String user : all.keySet()) {
            assertThat(merged.positionOf(user)).as(user).isEqualTo(expected.positionOf(user));
            // A user's standing: its place, and its neighbours as a page around it shows them.
            for (int around = 0; around <= 3; around++) {
                Optional<MergedStandings.Standing> standing = merged.standingOf(user, around);
                assertThat(standing.map(MergedStandings.Standing::position))
                        .as(user)
                        .isEqualTo(expected.positionOf(user).stream().boxed().findFirst());
                if (standing.isPresent()) {
                    int from = Math.max(0, standing.get().position() - around);
                    assertThat(standing.get().entries())
                            .as("%s around %d", user, around)
                            .isEqualTo(
                                    expected.page(
                                            from, standing.get().position() + around + 1 - from));
                }
            }
        }
        assertThat(merged.positionOf("nobody")).isEmpty();
        assertThat(merged.standingOf("nobody", 2)).isEmpty();

        // A new head: the snapshot plus the delta, merged linearly, ranks the same way.
        Standings plusDelta = Standings.rank(all);
        RankedSnapshot next = RankedSnapshot.of(snapshot).plus(tail);
        MergedStandings nextView = new MergedStandings(next, Map.of(), (u, p) -> 0);
        assertThat(nextView.page(0, 1000)).isEqualTo(plusDelta.page(0, 1000));
        for (String user : all.keySet()) {
            assertThat(next.position(user) >= 0).isEqualTo(all.get(user).hasVotes());
        }
    }

    /**
     * Tallies are a group: a layer may hold a retraction whose vote is in a later layer or in the
     * tail (a negative partial tally). However the events of a board fall between the snapshot, a
     * newer head's delta and the tail, the board equals the fold of all of them, and a snapshot
     * with a negative partial never loses it (a retracted vote must not come back).
     */
    @Property(tries = 300)
    void anySplitOfVotesAndRetractionsBetweenSnapshotDeltaAndTailRanksLikeTheWholeFold(
            @ForAll @IntRange(min = 1, max = 60) int events, @ForAll long seed) {
        Random random = new Random(seed);
        List<Map<String, Tally>> parts = List.of(new HashMap<>(), new HashMap<>(), new HashMap<>());
        Map<String, HllSketch> snapshotVoters = new HashMap<>();
        Map<String, Tally> all = new HashMap<>();
        for (int i = 0; i < events; i++) {
            String user = "u" + random.nextInt(12);
            long votes = random.nextInt(9) + 1;
            boolean retracted = random.nextInt(3) == 0;
            // The vote and, maybe, its retraction land in parts chosen independently.
            Map<String, Tally> votePart = parts.get(random.nextInt(3));
            votePart.merge(user, Tally.of(votes), Tally::plus);
            if (votePart == parts.get(0)) {
                snapshotVoters.merge(user, VoterSketches.of("voter-" + i), VoterSketches::union);
            }
            all.merge(user, Tally.of(votes), Tally::plus);
            if (retracted) {
                parts.get(random.nextInt(3)).merge(user, Tally.retraction(votes), Tally::plus);
                all.merge(user, Tally.retraction(votes), Tally::plus);
            }
        }
        Standings expected = Standings.rank(all);

        RankedSnapshot snapshot = RankedSnapshot.of(parts.get(0), snapshotVoters::get);
        RankedSnapshot newerHead = snapshot.plus(parts.get(1));
        MergedStandings merged = new MergedStandings(newerHead, parts.get(2), (u, p) -> 0);

        assertThat(merged.totalUsers()).isEqualTo(expected.totalUsers());
        // The places and tallies; a user the tail did not change shows the snapshot's voters,
        // which the whole fold here does not count.
        assertThat(merged.page(0, 1000))
                .usingRecursiveFieldByFieldElementComparatorIgnoringFields("distinctVoters")
                .isEqualTo(expected.page(0, 1000));
        for (String user : all.keySet()) {
            assertThat(merged.positionOf(user)).as(user).isEqualTo(expected.positionOf(user));
            // Voters of an unranked user survive too: a later vote's entry still counts them.
            if (snapshotVoters.containsKey(user)) {
                assertThat(newerHead.votersOf(user)).as(user).isNotNull();
            }
        }
    }

    @Test
    void aRetractionFoldedBeforeItsVoteKeepsTheVoteOffTheBoard() {
        // The snapshot folded the retraction (-7) but not yet the vote (+7), which is in the tail.
        RankedSnapshot snapshot =
                RankedSnapshot.of(Map.of("p", Tally.retraction(7), "q", Tally.of(1)));
        MergedStandings board =
                new MergedStandings(snapshot, Map.of("p", Tally.of(7)), (u, x) -> 0);

        assertThat(board.totalUsers()).isEqualTo(1);
        assertThat(board.page(0, 10)).extracting(LeaderboardEntry::user).containsExactly("q");
        assertThat(board.positionOf("p")).isEmpty();
        // The same when the vote arrives in a newer head's layer instead of the tail.
        RankedSnapshot newer = snapshot.plus(Map.of("p", Tally.of(7).plusVote(2)));
        assertThat(new MergedStandings(newer, Map.of(), (u, x) -> 0).page(0, 10))
                .extracting(LeaderboardEntry::user, LeaderboardEntry::votes)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("p", 2L),
                        org.assertj.core.groups.Tuple.tuple("q", 1L));
    }

    @Test
    void findsUsersByIdAndKeepsDistinctVoters() {
        Map<String, Tally> snapshot = new HashMap<>();
        for (int i = 0; i < 10_000; i++) {
            snapshot.put("user-" + i + "-é", Tally.of(i % 97 + 1));
        }
        RankedSnapshot ranked = RankedSnapshot.of(snapshot);

        int position = ranked.position("user-4242-é");
        assertThat(ranked.user(position)).isEqualTo("user-4242-é");
        assertThat(ranked.tally(position)).isEqualTo(Tally.of(4242 % 97 + 1));
        assertThat(ranked.position("user-10000-é")).isEqualTo(-1);
        LeaderboardEntry first =
                new MergedStandings(ranked, Map.of(), (u, p) -> 0).page(0, 1).get(0);
        assertThat(first.votes()).isEqualTo(97);
        assertThat(first.rank()).isEqualTo(1);
        assertThat(ranked.retainedBytes() / ranked.size()).isLessThan(100);
    }

    @Test
    void keepsEachUsersVoterSketchAndMergesTheDeltasIntoIt() {
        Map<String, Tally> snapshot = new HashMap<>();
        Map<String, HllSketch> voters = new HashMap<>();
        for (int i = 0; i < 10_000; i++) {
            snapshot.put("u" + i, Tally.of(1));
            voters.put("u" + i, VoterSketches.of("voter-" + i));
        }
        HllSketch many = new HllSketch(VoterSketches.LG_K);
        for (int v = 0; v < 5_000; v++) {
            many.update("fan-" + v);
        }
        voters.put("u7", many);
        RankedSnapshot ranked = RankedSnapshot.of(snapshot, voters::get);

        RankedSnapshot next =
                ranked.plus(
                        Map.of("u7", Tally.of(1), "u8", Tally.of(1), "new", Tally.of(1)),
                        Map.of(
                                        "u7", VoterSketches.of("fan-1"),
                                        "u8", VoterSketches.of("someone-else"),
                                        "new", VoterSketches.of("x"))
                                ::get);

        assertThat(VoterSketches.estimate(ranked.voters(ranked.position("u1")))).isEqualTo(1);
        assertThat(VoterSketches.estimate(next.voters(next.position("u1")))).isEqualTo(1);
        assertThat(VoterSketches.estimate(next.voters(next.position("u8")))).isEqualTo(2);
        assertThat(VoterSketches.estimate(next.voters(next.position("new")))).isEqualTo(1);
        long fans = VoterSketches.estimate(next.voters(next.position("u7")));
        assertThat(fans).isEqualTo(VoterSketches.estimate(ranked.voters(ranked.position("u7"))));
        assertThat((double) fans)
                .isCloseTo(5_000, org.assertj.core.data.Percentage.withPercentage(5));
        assertThat(next.voters(-1)).isNull();
        // A user held unranked (its vote retracted first) keeps its voters when a vote ranks it.
        RankedSnapshot withRetraction =
                RankedSnapshot.of(
                        Map.of("r", Tally.retraction(7), "q", Tally.of(1)),
                        Map.of("r", VoterSketches.of("early"))::get);
        RankedSnapshot counted =
                withRetraction.plus(
                        Map.of("r", Tally.of(7).plusVote(2)),
                        Map.of("r", VoterSketches.of("late"))::get);
        assertThat(VoterSketches.estimate(counted.voters(counted.position("r")))).isEqualTo(2);
        assertThat(RankedSnapshot.of(snapshot).voters(0)).isNull();
        // One voter per user: 12 bytes of sketch; the 5,000-voter sketch about 2 KiB.
        assertThat(ranked.retainedBytes() / ranked.size()).isLessThan(100);
    }
}
