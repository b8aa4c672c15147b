package org.leaderboard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.board.ScoreKind;

class RankTableTests {

    @Test
    void tiedRanksAreMarkedAndColumnsAligned() {
        List<LeaderboardEntry> shown =
                List.of(
                        entry(1, "abba", 9),
                        entry(2, "queen", 5),
                        entry(2, "a-ha", 5),
                        entry(4, "u2", 3));
        assertThat(RankTable.lines(shown, entry(4, "acdc", 3), "queen"))
                .containsExactly(
                        "  rank  user   votes  voters  count  mean",
                        "     1  abba       9       9      9  1.00",
                        ">   2=  queen      5       5      5  1.00",
                        "    2=  a-ha       5       5      5  1.00",
                        "    4=  u2         3       3      3  1.00");
    }

    @Test
    void aGameBoardShowsItsScoreAfterTheUser() {
        List<LeaderboardEntry> shown =
                List.of(
                        new LeaderboardEntry(
                                1, "ada", 163_594, 2, 81_204, 82_390, 81_797.0, 593.0, 1, 81_204),
                        new LeaderboardEntry(
                                2, "lin", 81_390, 1, 81_390, 81_390, 81_390.0, 0.0, 1, 81_390));
        assertThat(RankTable.lines(ScoreKind.LOWEST, shown, null, null))
                .containsExactly(
                        "  rank  user  lowest   votes  voters  count      mean",
                        "     1  ada    81204  163594       1      2  81797.00",
                        "     2  lin    81390   81390       1      1  81390.00");
    }

    private static LeaderboardEntry entry(long rank, String user, long votes) {
        return new LeaderboardEntry(rank, user, votes, votes, 1, 1, 1.0, 0.0, votes, votes);
    }
}
