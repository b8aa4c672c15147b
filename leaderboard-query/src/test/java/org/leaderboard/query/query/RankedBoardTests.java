package org.leaderboard.query.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.api.UnknownUserException;
import org.leaderboard.model.api.UserStanding;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.query.rank.RankedSnapshot;

class RankedBoardTests {

    private static final Instant CUTOFF = Instant.parse("2025-01-01T10:00:00Z");

    @Test
    void snapshotPlusTailEqualsTheFoldOfAllVotes() {
        Snapshot snapshot = snapshot(Map.of("alice", votes(3, 2), "bob", votes(4)));
        EventFold tail = tail(Map.of("alice", List.of(-1, 5), "carol", List.of(1)));

        RankedBoard board = RankedBoard.merge("b", snapshot, tail);

        Leaderboard page = board.page(0, 10);
        assertThat(page.snapshotCutoff()).isEqualTo(CUTOFF);
        assertThat(page.tailEvents()).isEqualTo(3);
        assertThat(page.totalUsers()).isEqualTo(3);
        assertThat(page.entries())
                .containsExactly(
                        new LeaderboardEntry(
                                1, "alice", 9, 4, -1, 5, 2.25, stddev(3, 2, -1, 5), 2, 9),
                        new LeaderboardEntry(2, "bob", 4, 1, 4, 4, 4.0, 0.0, 0, 4),
                        new LeaderboardEntry(3, "carol", 1, 1, 1, 1, 1.0, 0.0, 1, 1));
    }

    @Test
    void mergingNeverChangesTheSharedSnapshot() {
        Snapshot snapshot = snapshot(Map.of("alice", votes(3)));

        RankedBoard.merge("b", snapshot, tail(Map.of("alice", List.of(7))));

        RankedSnapshot ranked = snapshot.ranked();
        assertThat(ranked.tally(ranked.position("alice"))).isEqualTo(votes(3));
    }

    @Test
    void tiedUsersShareACompetitionRankAndAreListedById() {
        RankedBoard board =
                RankedBoard.merge(
                        "b",
                        snapshot(Map.of("dave", votes(1), "carol", votes(3))),
                        tail(Map.of("bob", List.of(2, 1), "alice", List.of(5))));

        assertThat(board.page(0, 10).entries())
                .extracting(LeaderboardEntry::rank, LeaderboardEntry::user)
                .containsExactly(
                        tuple(1L, "alice"),
                        tuple(2L, "bob"),
                        tuple(2L, "carol"),
                        tuple(4L, "dave"));
    }

    @Test
    void pagesConcatenateToTheWholeBoardAndEndEmpty() {
        RankedBoard board = sevenUsers();
        List<LeaderboardEntry> concatenated = new ArrayList<>();
        for (int offset = 0; offset < 7; offset += 3) {
            concatenated.addAll(board.page(offset, 3).entries());
        }

        assertThat(concatenated).isEqualTo(board.page(0, 100).entries());
        assertThat(board.page(7, 3).entries()).isEmpty();
        assertThat(board.page(Integer.MAX_VALUE, 1000).entries()).isEmpty();
        assertThat(board.page(7, 3).totalUsers()).isEqualTo(7);
    }

    @Test
    void aUserStandingShowsTheNeighboursAboveAndBelow() {
        UserStanding standing = sevenUsers().standingOf("u4", 2);

        assertThat(standing.rank()).isEqualTo(4);
        assertThat(standing.votes()).isEqualTo(40);
        assertThat(standing.around())
                .extracting(LeaderboardEntry::user)
                .containsExactly("u2", "u3", "u4", "u5", "u6");
        LeaderboardEntry own = standing.around().get(2);
        assertThat(List.of(standing.user(), standing.rank(), standing.count(), standing.score()))
                .isEqualTo(List.of(own.user(), own.rank(), own.count(), own.score()));
    }

    @Test
    void neighboursStopAtTheEndsOfTheBoard() {
        RankedBoard board = sevenUsers();

        assertThat(board.standingOf("u1", 2).around())
                .extracting(LeaderboardEntry::user)
                .containsExactly("u1", "u2", "u3");
        assertThat(board.standingOf("u7", 0).around())
                .extracting(LeaderboardEntry::user)
                .containsExactly("u7");
        // The user's own fields at either end, and with no neighbours asked for.
        assertThat(List.of(board.standingOf("u1", 2).user(), board.standingOf("u1", 2).rank()))
                .isEqualTo(List.of("u1", 1L));
        assertThat(List.of(board.standingOf("u7", 2).user(), board.standingOf("u7", 2).rank()))
                .isEqualTo(List.of("u7", 7L));
        assertThat(List.of(board.standingOf("u6", 0).user(), board.standingOf("u6", 0).votes()))
                .isEqualTo(List.of("u6", board.standingOf("u6", 3).votes()));
    }

    @Test
    void aUserWithoutVotesIsUnknown() {
        assertThatThrownBy(() -> sevenUsers().standingOf("nobody", 1))
                .isInstanceOf(UnknownUserException.class)
                .hasMessage("user 'nobody' has no votes on board 'b'");
    }

    @Test
    void aUserWhoseVotesCancelOutStillHasAStanding() {
        RankedBoard board =
                RankedBoard.merge(
                        "b",
                        snapshot(Map.of("alice", votes(1))),
                        tail(Map.of("alice", List.of(-1))));

        assertThat(board.standingOf("alice", 0).votes()).isZero();
        assertThat(board.standingOf("alice", 0).count()).isEqualTo(2);
    }

    private static RankedBoard sevenUsers() {
        Tallies tallies = new Tallies();
        for (int i = 1; i <= 7; i++) {
            tallies.addVote("u" + i, 80 - 10L * i);
        }
        return RankedBoard.merge(
                "b", Snapshot.empty(CUTOFF, ScoreKind.SUM), new EventFold(tallies, 7, 1));
    }

    private static Snapshot snapshot(Map<String, Tally> tallies) {
        return new Snapshot(CUTOFF, RankedSnapshot.of(tallies), List.of());
    }

    private static EventFold tail(Map<String, List<Integer>> votesByUser) {
        Tallies tallies = new Tallies();
        // Each tail vote from its own voter: distinct voters are counted from the tail only.
        votesByUser.forEach(
                (user, votes) -> votes.forEach(v -> tallies.addVote(user, "voter" + v, v)));
        long events = votesByUser.values().stream().mapToLong(List::size).sum();
        return new EventFold(tallies, events, 1);
    }

    private static Tally votes(long... votes) {
        Tally tally = Tally.EMPTY;
        for (long v : votes) {
            tally = tally.plusVote(v);
        }
        return tally;
    }

    private static double stddev(long... votes) {
        return votes(votes).stddev();
    }
}
