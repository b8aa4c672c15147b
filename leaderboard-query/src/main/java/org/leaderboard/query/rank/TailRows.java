package org.leaderboard.query.rank;

import java.util.List;
import java.util.Map;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;

/**
 * A tail as the parts it was read in, each row a user's tally in one part and its voters there in
 * the stored form ({@link org.leaderboard.model.tally.VoterSketches#toCompactBytes}, null for
 * none): a user may have rows in several parts, and the tail holds their sum. A whole tail ranked
 * on a newer head ({@link TailRanking#of(RankedSnapshot, TailRows)}) sums each user's rows in its
 * own slot, instead of first into a map of hundreds of thousands of users that lived as long as the
 * ranking took.
 */
public interface TailRows {

    /** At least as many as the users the rows name (their count, each user counted per part). */
    int rows();

    /** Hands each row to {@code row}, in any order. */
    void forEach(Row row);

    /** One row: a user's tally in one part and its voters there (stored form, null for none). */
    @FunctionalInterface
    interface Row {
        void add(String user, Tally tally, byte[] voters);
    }

    /** The rows of one sum, a row per user. */
    static TailRows of(Tallies tallies) {
        return new TailRows() {
            @Override
            public int rows() {
                return tallies.users();
            }

            @Override
            public void forEach(Row row) {
                for (Map.Entry<String, Tally> entry : tallies.asMap().entrySet()) {
                    row.add(
                            entry.getKey(),
                            entry.getValue(),
                            tallies.compactVoters(entry.getKey()));
                }
            }
        };
    }

    /** The rows of all of {@code parts}. */
    static TailRows of(List<? extends TailRows> parts) {
        return new TailRows() {
            @Override
            public int rows() {
                int rows = 0;
                for (TailRows part : parts) {
                    rows += part.rows();
                }
                return rows;
            }

            @Override
            public void forEach(Row row) {
                for (TailRows part : parts) {
                    part.forEach(row);
                }
            }
        };
    }
}
