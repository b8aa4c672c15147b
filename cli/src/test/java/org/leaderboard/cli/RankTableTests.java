package org.leaderboard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.LeaderboardEntry;

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

    private static LeaderboardEntry entry(long rank, String user, long votes) {
        return new LeaderboardEntry(rank, user, votes, votes, 1, 1, 1.0, 0.0, votes);
    }
}
