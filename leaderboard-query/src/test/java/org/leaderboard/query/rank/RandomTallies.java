package org.leaderboard.query.rank;

import java.util.Random;
import org.leaderboard.model.tally.Tally;

/** Tallies for the ranking tests' random boards. */
final class RandomTallies {

    private RandomTallies() {}

    /** One to three votes from -2 to 4 (never 0): few distinct values, so ties are common. */
    static Tally votes(Random random) {
        Tally tally = Tally.EMPTY;
        for (int i = random.nextInt(3) + 1; i > 0; i--) {
            int vote = random.nextInt(7) - 2;
            tally = tally.plusVote(vote == 0 ? 1 : vote);
        }
        return tally;
    }

    /**
     * The compensating tally that takes every vote of {@code tally} away (what retracting does).
     */
    static Tally retractAll(Tally tally) {
        return new Tally(
                -tally.sum(),
                -tally.count(),
                Long.MAX_VALUE,
                Long.MIN_VALUE,
                ~tally.sumSqHigh() + (tally.sumSqLow() == 0 ? 1 : 0),
                -tally.sumSqLow());
    }
}
