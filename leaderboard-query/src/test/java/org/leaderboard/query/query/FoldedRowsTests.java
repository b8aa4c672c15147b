package org.leaderboard.query.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.VoterSketches;

/** A slice's rows kept as arrays sum to what the fold they were made from held. */
class FoldedRowsTests {

    @Test
    void foldedRowsAddTheSameTalliesAndVotersAsTheirFold() {
        Random random = new Random(7);
        for (int round = 0; round < 50; round++) {
            Tallies fold = new Tallies();
            int users = random.nextInt(40);
            boolean withVoters = random.nextBoolean();
            for (int i = 0; i < 3 * users; i++) {
                String user = "u" + random.nextInt(Math.max(1, users));
                long votes = 1 + random.nextInt(5);
                if (random.nextInt(10) == 0) {
                    fold.addRetraction(user, votes);
                } else if (withVoters && random.nextBoolean()) {
                    fold.addVote(user, "v" + random.nextInt(20), votes);
                } else {
                    fold.addVote(user, votes);
                }
            }
            // What the fold holds, taken before it is folded into rows (which packs its sketches).
            Tallies expected = new Tallies();
            expected.addAll(fold);

            FoldedRows rows = FoldedRows.of(fold);
            Tallies sum = new Tallies();
            sum.addVote("u0", "someone-else", 2);
            rows.addTo(sum);
            Tallies expectedSum = new Tallies();
            expectedSum.addVote("u0", "someone-else", 2);
            expectedSum.addAll(expected);

            assertThat(rows.users()).isEqualTo(expected.users());
            assertThat(sum.asMap()).isEqualTo(expectedSum.asMap());
            for (String user : expectedSum.asMap().keySet()) {
                assertThat(estimate(sum, user)).as(user).isEqualTo(estimate(expectedSum, user));
            }
        }
    }

    private static long estimate(Tallies tallies, String user) {
        return tallies.voters(user) == null ? 0 : VoterSketches.estimate(tallies.voters(user));
    }
}
