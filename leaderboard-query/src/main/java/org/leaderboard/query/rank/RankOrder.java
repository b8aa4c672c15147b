package org.leaderboard.query.rank;

import java.util.Comparator;
import java.util.Map;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.tally.Tally;

/** The order of every ranking: the score kind's key descending (best first), then user id. */
final class RankOrder {

    private RankOrder() {}

    static Comparator<Map.Entry<String, Tally>> of(ScoreKind kind) {
        return Comparator.<Map.Entry<String, Tally>>comparingLong(e -> kind.rankKey(e.getValue()))
                .reversed()
                .thenComparing(Map.Entry::getKey);
    }
}
