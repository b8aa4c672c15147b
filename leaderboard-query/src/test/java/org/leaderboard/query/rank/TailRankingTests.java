package org.leaderboard.query.rank;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.datasketches.hll.HllSketch;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.model.tally.VoterSketches;

/**
 * A tail ranked delta by delta must rank exactly like the snapshot and the whole tail ranked at
 * once ({@link MergedStandings}'s own constructor, itself checked against ranking from scratch):
 * every page, every position, every rank, on every kind of board, and no version may change once it
 * was handed out.
 */
class TailRankingTests {

    @Property(tries = 300)
    void rankingDeltaByDeltaEqualsRankingTheWholeTailAtOnce(
            @ForAll ScoreKind kind,
            @ForAll @IntRange(min = 0, max = 60) int snapshotUsers,
            @ForAll @IntRange(min = 1, max = 6) int deltas,
            @ForAll @IntRange(min = 1, max = 80) int leafSize,
            @ForAll @IntRange(min = 1, max = 150) int packFrom,
            @ForAll long seed) {
        Random random = new Random(seed);
        Map<String, Tally> snapshot = new HashMap<>();
        for (int i = 0; i < snapshotUsers; i++) {
            snapshot.merge("u" + random.nextInt(80), RandomTallies.votes(random), Tally::plus);
        }
        RankedSnapshot base = RankedSnapshot.of(kind, snapshot, user -> null);
        Map<String, Tally> tail = new HashMap<>();
        // Leaves from one user to more than the whole tail: split, emptied and shared leaves,
        // packed at some versions.
        TailRanking ranking = TailRanking.of(base, leafSize, packFrom);
        List<TailRanking> versions = new ArrayList<>();
        List<List<LeaderboardEntry>> pages = new ArrayList<>();
        for (int d = 0; d < deltas; d++) {
            Tallies delta = new Tallies();
            for (int i = random.nextInt(12); i > 0; i--) {
                String user = "u" + random.nextInt(100);
                Tally before =
                        snapshot.getOrDefault(user, Tally.EMPTY)
                                .plus(tail.getOrDefault(user, Tally.EMPTY));
                Tally added =
                        kind.retractable() && random.nextInt(5) == 0 && before.hasVotes()
                                ? RandomTallies.retractAll(before)
                                : RandomTallies.votes(random);
                delta.add(user, added);
                tail.merge(user, added, Tally::plus);
            }
            ranking = ranking.plus(delta);
            // An answer-only version on top (a fresh part) ranks like the whole tail with it, and
            // must leave the kept one as it was.
            Tallies fresh = freshPart(kind, random, snapshot, tail);
            Map<String, Tally> withFresh = new HashMap<>(tail);
            fresh.asMap().forEach((user, tally) -> withFresh.merge(user, tally, Tally::plus));
            MergedStandings expectedWithFresh = new MergedStandings(base, withFresh, (u, p) -> 0);
            assertThat(ranking.plus(fresh).standings().page(0, 1000))
                    .isEqualTo(expectedWithFresh.page(0, 1000));
            assertSameStandings(ranking.standingsWith(fresh), expectedWithFresh, 100);
            // The next reads on the same version send the same users again, some with more rows
            // (a new key), and the first fresh part once more: what the version remembers of each
            // user's place must follow the user's tally.
            Tallies later = new Tallies();
            later.addAll(fresh);
            later.addAll(freshPart(kind, random, snapshot, withFresh));
            Map<String, Tally> withLater = new HashMap<>(tail);
            later.asMap().forEach((user, tally) -> withLater.merge(user, tally, Tally::plus));
            assertSameStandings(
                    ranking.standingsWith(later),
                    new MergedStandings(base, withLater, (u, p) -> 0),
                    100);
            assertSameStandings(ranking.standingsWith(fresh), expectedWithFresh, 100);
            versions.add(ranking);
            pages.add(ranking.standings().page(0, 1000));

            MergedStandings expected = new MergedStandings(base, tail, (u, p) -> 0);
            MergedStandings actual = ranking.standings();
            assertSameStandings(actual, expected, 100);
            assertThat(actual.totalUsers()).isEqualTo(expected.totalUsers());
            assertThat(actual.page(0, 1000)).isEqualTo(expected.page(0, 1000));
            assertThat(actual.page(2, 5)).isEqualTo(expected.page(2, 5));
            for (int u = 0; u < 100; u++) {
                assertThat(actual.positionOf("u" + u))
                        .as("u" + u)
                        .isEqualTo(expected.positionOf("u" + u));
            }
        }
        for (int v = 0; v < versions.size(); v++) {
            assertThat(versions.get(v).standings().page(0, 1000)).isEqualTo(pages.get(v));
        }
    }

    /**
     * A whole tail handed over as the parts it was read in, as a newer head takes it up: a user in
     * several parts (some retracted whole in a later one), some with voters in several, must rank
     * exactly as the parts' sum, with each user's voters of every part; and the versions made on
     * top of it as well.
     */
    @Property(tries = 200)
    void aWholeTailInPartsRanksLikeItsSum(
            @ForAll ScoreKind kind,
            @ForAll @IntRange(min = 0, max = 60) int snapshotUsers,
            @ForAll @IntRange(min = 1, max = 6) int partCount,
            @ForAll @IntRange(min = 1, max = 80) int leafSize,
            @ForAll @IntRange(min = 1, max = 150) int packFrom,
            @ForAll long seed) {
        Random random = new Random(seed);
        Map<String, Set<String>> voters = new HashMap<>();
        Tallies snapshot = new Tallies();
        for (int i = 0; i < snapshotUsers; i++) {
            String user = "u" + random.nextInt(80);
            String voter = "v" + random.nextInt(30);
            snapshot.add(user, RandomTallies.votes(random), VoterSketches.of(voter));
            voters.computeIfAbsent(user, u -> new HashSet<>()).add(voter);
        }
        RankedSnapshot base = RankedSnapshot.of(kind, snapshot);
        Tallies sum = new Tallies();
        List<TailRows> parts = new ArrayList<>();
        for (int p = 0; p < partCount; p++) {
            Tallies part = new Tallies();
            for (int i = random.nextInt(30); i > 0; i--) {
                String user = "u" + random.nextInt(100);
                Tally before = snapshot.get(user).plus(sum.get(user)).plus(part.get(user));
                if (kind.retractable() && random.nextInt(5) == 0 && before.hasVotes()) {
                    part.add(user, RandomTallies.retractAll(before));
                } else if (random.nextBoolean()) {
                    String voter = "w" + random.nextInt(30);
                    part.add(user, RandomTallies.votes(random), VoterSketches.of(voter));
                    voters.computeIfAbsent(user, u -> new HashSet<>()).add(voter);
                } else {
                    part.add(user, RandomTallies.votes(random));
                }
            }
            sum.addAll(part);
            parts.add(TailRows.of(part.packVoters()));
        }

        TailRanking ranking = TailRanking.of(base, TailRows.of(parts), leafSize, packFrom);

        MergedStandings expected = new MergedStandings(base, sum.asMap(), (u, p) -> 0);
        assertSameStandings(ranking.standings(), expected, 100);
        Map<String, Long> shown = new HashMap<>();
        ranking.standings().page(0, 1000).forEach(e -> shown.put(e.user(), e.distinctVoters()));
        Map<String, Long> expectedVoters = estimates(voters);
        shown.forEach(
                (user, distinct) ->
                        assertThat(distinct)
                                .as("%s's distinct voters", user)
                                .isEqualTo(expectedVoters.getOrDefault(user, 0L)));
        Tallies delta = new Tallies();
        for (int i = 1 + random.nextInt(8); i > 0; i--) {
            delta.add("u" + random.nextInt(100), RandomTallies.votes(random));
        }
        sum.addAll(delta);
        assertSameStandings(
                ranking.plus(delta).standings(),
                new MergedStandings(base, sum.asMap(), (u, p) -> 0),
                100);
    }

    /**
     * Thousands of users, each ranked again read after read with a changing tally (as the fresh
     * rows of the last held lag are): what a version remembers of each user's place in the snapshot
     * must follow the user's new key, and survive the tables growing. Twenty thousand users, so the
     * columns span several of their chunks.
     */
    @Test
    void usersRankedAgainAndAgainKeepTheirPlacesRight() {
        Random random = new Random(7);
        Map<String, Tally> snapshot = new HashMap<>();
        for (int i = 0; i < 12_000; i++) {
            snapshot.merge(
                    "u" + random.nextInt(15_000), Tally.of(1 + random.nextInt(4)), Tally::plus);
        }
        RankedSnapshot base = RankedSnapshot.of(ScoreKind.SUM, snapshot, user -> null);
        Map<String, Tally> tail = new HashMap<>();
        TailRanking ranking = TailRanking.of(base);
        for (int read = 0; read < 6; read++) {
            Tallies delta = new Tallies();
            Tallies fresh = new Tallies();
            for (int i = 0; i < 4_000; i++) {
                delta.add("u" + random.nextInt(20_000), Tally.of(1 + random.nextInt(3)));
                fresh.add("u" + random.nextInt(20_000), Tally.of(1 + random.nextInt(3)));
            }
            delta.asMap().forEach((user, tally) -> tail.merge(user, tally, Tally::plus));
            ranking = ranking.plus(delta);
            Map<String, Tally> withFresh = new HashMap<>(tail);
            fresh.asMap().forEach((user, tally) -> withFresh.merge(user, tally, Tally::plus));

            MergedStandings expected = new MergedStandings(base, withFresh, (u, p) -> 0);
            MergedStandings actual = ranking.plus(fresh).standings();
            assertThat(actual.totalUsers()).isEqualTo(expected.totalUsers());
            assertThat(actual.page(0, 30_000)).isEqualTo(expected.page(0, 30_000));
            assertSameStandings(ranking.standingsWith(fresh), expected, 20_000);
            assertThat(ranking.standings().page(0, 30_000))
                    .isEqualTo(new MergedStandings(base, tail, (u, p) -> 0).page(0, 30_000));
        }
    }

    @Test
    void distinctVotersAddTheTailsSketchesToTheSnapshots() {
        Tallies history = new Tallies();
        history.addVote("alice", "v1", 1);
        RankedSnapshot base = RankedSnapshot.of(ScoreKind.SUM, history.asMap(), history::voters);
        Tallies first = new Tallies();
        first.addVote("alice", "v2", 1);
        first.addVote("bob", "v1", 1);
        Tallies second = new Tallies();
        second.addVote("alice", "v3", 1);
        second.addVote("alice", "v2", 1);

        TailRanking ranking = TailRanking.of(base).plus(first).plus(second);

        List<LeaderboardEntry> page = ranking.standings().page(0, 10);
        assertThat(page).extracting(LeaderboardEntry::user).containsExactly("alice", "bob");
        assertThat(page).extracting(LeaderboardEntry::votes).containsExactly(4L, 1L);
        assertThat(page).extracting(LeaderboardEntry::distinctVoters).containsExactly(3L, 1L);

        // A fresh part on top: bob's new voter and carol's count, alice's stay.
        Tallies fresh = new Tallies();
        fresh.addVote("bob", "v9", 1);
        fresh.addVote("carol", "v1", 1);
        List<LeaderboardEntry> withFresh = ranking.standingsWith(fresh).page(0, 10);
        assertThat(withFresh)
                .extracting(LeaderboardEntry::user)
                .containsExactly("alice", "bob", "carol");
        assertThat(withFresh).extracting(LeaderboardEntry::votes).containsExactly(4L, 2L, 1L);
        assertThat(withFresh)
                .extracting(LeaderboardEntry::distinctVoters)
                .containsExactly(3L, 2L, 1L);
    }

    /**
     * Distinct voters are estimated once per entry and kept with it, in leaves that later versions
     * share or copy: every version, asked again after newer ones were made, must still show each
     * user's voters of its own tail, and a user touched again must show its new voters.
     */
    @Property(tries = 100)
    void keptDistinctVotersFollowEachVersionsTail(
            @ForAll @IntRange(min = 1, max = 8) int leafSize,
            @ForAll @IntRange(min = 1, max = 60) int packFrom,
            @ForAll long seed) {
        Random random = new Random(seed);
        Map<String, Set<String>> voters = new HashMap<>();
        Tallies snapshot = new Tallies();
        for (int i = 0; i < 30; i++) {
            String user = "u" + random.nextInt(40);
            String voter = "v" + random.nextInt(60);
            snapshot.addVote(user, voter, 1);
            voters.computeIfAbsent(user, u -> new HashSet<>()).add(voter);
        }
        TailRanking ranking =
                TailRanking.of(RankedSnapshot.of(ScoreKind.SUM, snapshot), leafSize, packFrom);
        List<TailRanking> versions = new ArrayList<>();
        List<Map<String, Long>> expected = new ArrayList<>();
        for (int d = 0; d < 8; d++) {
            Tallies delta = new Tallies();
            for (int i = random.nextInt(6); i > 0; i--) {
                String user = "u" + random.nextInt(40);
                String voter = "v" + random.nextInt(60);
                delta.addVote(user, voter, 1);
                voters.computeIfAbsent(user, u -> new HashSet<>()).add(voter);
            }
            ranking = ranking.plus(delta);
            versions.add(ranking);
            expected.add(estimates(voters));
            // Every version so far, each asked twice (the second answer from what was kept).
            for (int v = 0; v < versions.size(); v++) {
                for (int ask = 0; ask < 2; ask++) {
                    Map<String, Long> shown = new HashMap<>();
                    versions.get(v)
                            .standings()
                            .page(0, 100)
                            .forEach(e -> shown.put(e.user(), e.distinctVoters()));
                    assertThat(shown).as("version %d, ask %d", v, ask).isEqualTo(expected.get(v));
                }
            }
            // The newest version with a few fresh votes on top, as a read answers: the fresh
            // users' voters with theirs, the others' as the version keeps them; a user's standing
            // shows the same entries as the page.
            Tallies fresh = new Tallies();
            Map<String, Set<String>> withFresh = new HashMap<>();
            voters.forEach((user, all) -> withFresh.put(user, new HashSet<>(all)));
            for (int i = random.nextInt(4); i > 0; i--) {
                String user = "u" + random.nextInt(40);
                String voter = "w" + random.nextInt(60);
                fresh.addVote(user, voter, 1);
                withFresh.computeIfAbsent(user, u -> new HashSet<>()).add(voter);
            }
            MergedStandings onTop = ranking.standingsWith(fresh);
            List<LeaderboardEntry> page = onTop.page(0, 100);
            for (int ask = 0; ask < 2; ask++) {
                Map<String, Long> shown = new HashMap<>();
                onTop.page(0, 100).forEach(e -> shown.put(e.user(), e.distinctVoters()));
                assertThat(shown)
                        .as("fresh on version %d, ask %d", d, ask)
                        .isEqualTo(estimates(withFresh));
            }
            for (LeaderboardEntry entry : page) {
                int position = page.indexOf(entry);
                assertThat(onTop.standingOf(entry.user(), 2).orElseThrow().entries())
                        .as("standing of %s", entry.user())
                        .isEqualTo(
                                page.subList(
                                        Math.max(0, position - 2),
                                        Math.min(page.size(), position + 3)));
            }
        }
    }

    private static Map<String, Long> estimates(Map<String, Set<String>> voters) {
        Map<String, Long> estimates = new HashMap<>();
        voters.forEach(
                (user, all) -> {
                    HllSketch sketch = new HllSketch(VoterSketches.LG_K);
                    all.forEach(sketch::update);
                    estimates.put(user, VoterSketches.estimate(sketch));
                });
        return estimates;
    }

    /**
     * Every page, position and rank of users u0 .. u(users - 1) the same (distinct voters are not
     * compared: the expected standings have none).
     */
    private static void assertSameStandings(
            MergedStandings actual, MergedStandings expected, int users) {
        assertThat(actual.totalUsers()).isEqualTo(expected.totalUsers());
        assertThat(withoutVoters(actual.page(0, 10_000)))
                .isEqualTo(withoutVoters(expected.page(0, 10_000)));
        assertThat(withoutVoters(actual.page(3, 7))).isEqualTo(withoutVoters(expected.page(3, 7)));
        // Pages of every length from every offset's neighbourhood: their kept users read from the
        // version in one walk, or one by one where its changed users' old places lie between.
        for (int offset = 0; offset <= expected.totalUsers(); offset += 1 + offset % 3) {
            int limit = 1 + offset % 11;
            assertThat(withoutVoters(actual.page(offset, limit)))
                    .as("page at %d of %d", offset, limit)
                    .isEqualTo(withoutVoters(expected.page(offset, limit)));
        }
        for (int u = 0; u < users; u++) {
            assertThat(actual.positionOf("u" + u))
                    .as("u" + u)
                    .isEqualTo(expected.positionOf("u" + u));
            // A standing finds the user's place and its neighbours' with searches of its own.
            for (int around : u < 300 ? new int[] {0, 1, 4} : new int[0]) {
                int a = around;
                OptionalInt position = expected.positionOf("u" + u);
                assertThat(
                                actual.standingOf("u" + u, a)
                                        .map(s -> s.position() + " " + withoutVoters(s.entries())))
                        .as("u%d's standing around %d", u, a)
                        .isEqualTo(
                                position.isEmpty()
                                        ? Optional.empty()
                                        : Optional.of(
                                                position.getAsInt()
                                                        + " "
                                                        + withoutVoters(
                                                                expected.around(
                                                                        position.getAsInt(), a))));
            }
        }
    }

    private static List<LeaderboardEntry> withoutVoters(List<LeaderboardEntry> page) {
        return page.stream()
                .map(
                        e ->
                                new LeaderboardEntry(
                                        e.rank(),
                                        e.user(),
                                        e.votes(),
                                        e.count(),
                                        e.min(),
                                        e.max(),
                                        e.mean(),
                                        e.stddev(),
                                        0,
                                        e.score()))
                .toList();
    }

    /**
     * A popular user's distinct voters (a dense sketch in the snapshot) merged with the tail's, in
     * each version: estimated as the union of both, and a version answers as it did after newer
     * versions came (its kept estimate is its own).
     */
    @Test
    void aPopularUsersDistinctVotersAreTheSnapshotsAndTheTailsInEachVersion() {
        Tallies snapshotVotes = new Tallies();
        for (int i = 0; i < 2_000; i++) {
            snapshotVotes.addVote("popular", "fan" + i, 1);
        }
        snapshotVotes.addVote("quiet", "fan0", 1);
        RankedSnapshot base = RankedSnapshot.of(ScoreKind.SUM, snapshotVotes);
        Tallies first = new Tallies();
        for (int i = 1_900; i < 2_100; i++) {
            first.addVote("popular", "fan" + i, 1);
        }
        first.addVote("quiet", "fan1", 1);
        TailRanking one = TailRanking.of(base).plus(first);
        Tallies second = new Tallies();
        for (int i = 2_100; i < 3_100; i++) {
            second.addVote("popular", "fan" + i, 1);
        }
        TailRanking two = one.plus(second);

        long expectedOne =
                VoterSketches.estimate(
                        VoterSketches.union(
                                snapshotVotes.voters("popular"), first.voters("popular")));
        HllSketch tailTwo = VoterSketches.union(first.voters("popular"), second.voters("popular"));
        long expectedTwo =
                VoterSketches.estimate(
                        VoterSketches.union(snapshotVotes.voters("popular"), tailTwo));
        assertThat(voters(one, "popular")).isEqualTo(expectedOne).isBetween(2_030L, 2_170L);
        assertThat(voters(two, "popular")).isEqualTo(expectedTwo).isBetween(3_000L, 3_200L);
        assertThat(voters(two, "popular")).isEqualTo(expectedTwo);
        assertThat(voters(one, "popular")).isEqualTo(expectedOne);
        assertThat(voters(two, "quiet")).isEqualTo(2);
        // With a fresh part on top that has no voter of the popular user: the version's estimate.
        Tallies fresh = new Tallies();
        fresh.addVote("quiet", "fan2", 1);
        assertThat(voters(two.standingsWith(fresh), "popular")).isEqualTo(expectedTwo);
        assertThat(voters(two.standingsWith(fresh), "quiet")).isEqualTo(3);
    }

    private static long voters(TailRanking ranking, String user) {
        return voters(ranking.standingsWith(new Tallies()), user);
    }

    private static long voters(MergedStandings standings, String user) {
        return standings.page(0, 10).stream()
                .filter(entry -> entry.user().equals(user))
                .findFirst()
                .orElseThrow()
                .distinctVoters();
    }

    /** A few users' newest rows: votes, and on retractable boards whole retractions. */
    private static Tallies freshPart(
            ScoreKind kind, Random random, Map<String, Tally> snapshot, Map<String, Tally> tail) {
        Tallies fresh = new Tallies();
        for (int i = 1 + random.nextInt(5); i > 0; i--) {
            String user = "u" + random.nextInt(100);
            Tally before =
                    snapshot.getOrDefault(user, Tally.EMPTY)
                            .plus(tail.getOrDefault(user, Tally.EMPTY))
                            .plus(fresh.asMap().getOrDefault(user, Tally.EMPTY));
            fresh.add(
                    user,
                    kind.retractable() && random.nextInt(4) == 0 && before.hasVotes()
                            ? RandomTallies.retractAll(before)
                            : RandomTallies.votes(random));
        }
        return fresh;
    }
}
