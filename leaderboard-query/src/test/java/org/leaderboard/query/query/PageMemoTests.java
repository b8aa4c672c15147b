package org.leaderboard.query.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.query.rank.MergedStandings;
import org.leaderboard.query.rank.RankedSnapshot;

/**
 * The pages a live board keeps from read to read: an answer is always its own read's standings, and
 * only entries equal to those are answered from what was kept (with their JSON).
 */
class PageMemoTests {

    private final RankedSnapshot snapshot = snapshotOf(1_000);
    private final PageMemo memo = new PageMemo();

    @Test
    void theSameStandingsGiveTheKeptPage() {
        MergedStandings standings = withTail(Map.of());

        SharedEntries first = memo.page(standings, 0, 100);

        assertThat(first).isEqualTo(standings.page(0, 100)).hasSize(100);
        assertThat(memo.page(standings, 0, 100)).isSameAs(first);
    }

    @Test
    void newStandingsWithTheSamePageGiveTheKeptEntriesAndTheirJson() {
        SharedEntries first = memo.page(withTail(Map.of()), 0, 100);
        // A vote for a user far below the first page.
        MergedStandings later = withTail(Map.of("user-0500", Tally.of(1)));

        assertThat(later.page(0, 100)).isEqualTo(first);
        assertThat(memo.page(later, 0, 100)).isSameAs(first);
    }

    @Test
    void aChangeOnThePageGivesTheNewStandingsEntries() {
        SharedEntries first = memo.page(withTail(Map.of()), 0, 100);
        // A user from below climbs to the top, and the users it passes move down.
        MergedStandings later = withTail(Map.of("user-0500", Tally.of(5_000)));

        SharedEntries answered = memo.page(later, 0, 100);

        assertThat(answered).isNotSameAs(first).isEqualTo(later.page(0, 100));
        assertThat(answered.get(0).user()).isEqualTo("user-0500");
        assertThat(answered.get(1)).isNotEqualTo(first.get(1));
        // And the next read with those standings' page answers it from what was kept.
        MergedStandings after = withTail(Map.of("user-0500", Tally.of(5_000)));
        assertThat(memo.page(after, 0, 100)).isSameAs(answered);
    }

    @Test
    void eachPageIsKeptApart() {
        MergedStandings standings = withTail(Map.of());
        SharedEntries top = memo.page(standings, 0, 100);
        SharedEntries second = memo.page(standings, 100, 100);
        SharedEntries topTen = memo.page(standings, 0, 10);

        assertThat(second).isEqualTo(standings.page(100, 100));
        assertThat(topTen).isEqualTo(standings.page(0, 10));
        MergedStandings later = withTail(Map.of("user-0999", Tally.of(1)));
        assertThat(memo.page(later, 0, 100)).isSameAs(top);
        assertThat(memo.page(later, 100, 100)).isSameAs(second);
        assertThat(memo.page(later, 0, 10)).isSameAs(topTen);
    }

    @Test
    void pagesPastTheKeptNumberStillAnswerTheirStandings() {
        MergedStandings standings = withTail(Map.of());
        for (int offset = 0; offset < 3 * PageMemo.MAX_PAGES; offset++) {
            assertThat(memo.page(standings, offset, 10)).isEqualTo(standings.page(offset, 10));
        }
        MergedStandings later = withTail(Map.of("user-0001", Tally.of(5_000)));
        assertThat(memo.page(later, 0, 10)).isEqualTo(later.page(0, 10));
    }

    private MergedStandings withTail(Map<String, Tally> tail) {
        return new MergedStandings(snapshot, tail, (user, position) -> 0);
    }

    /** user-0000 first with the most votes, user-0999 last; every user's votes differ. */
    private static RankedSnapshot snapshotOf(int users) {
        Map<String, Tally> tallies = new HashMap<>();
        for (int i = 0; i < users; i++) {
            tallies.put(String.format("user-%04d", i), Tally.of(2L * (users - i)));
        }
        return RankedSnapshot.of(tallies);
    }
}
