package org.leaderboard.query.query;

import java.util.Map;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.query.rank.TailRows;

/**
 * A fold of tail rows that will not change any more, kept as three arrays (each user's id, tally
 * and voter sketch in its stored form) instead of a map: a slice of the tail lives until a snapshot
 * covers it, tens of seconds, and as a map it held two map entries per user besides the id, tally
 * and sketch themselves, which every young collection that found them alive copied. Summing it
 * ({@link #addTo}) adds the very same id, tally and sketch objects, so a tail ranked again on a
 * newer head holds no copies of them; and a newer head takes its rows as they are ({@link
 * TailRows}), without summing them first.
 */
final class FoldedRows implements TailRows {

    static final FoldedRows EMPTY = new FoldedRows(new String[0], new Tally[0], null);

    private final String[] users;
    private final Tally[] tallies;

    /**
     * Each user's voters in the stored form, null for a user without; null when no user has any.
     */
    private final byte[][] voters;

    private FoldedRows(String[] users, Tally[] tallies, byte[][] voters) {
        this.users = users;
        this.tallies = tallies;
        this.voters = voters;
    }

    /** The fold of {@code tallies}, which is not changed afterwards (its sketches are packed). */
    static FoldedRows of(Tallies tallies) {
        if (tallies.isEmpty()) {
            return EMPTY;
        }
        tallies.packVoters();
        Map<String, Tally> byUser = tallies.asMap();
        String[] users = new String[byUser.size()];
        Tally[] values = new Tally[users.length];
        byte[][] voters = null;
        int i = 0;
        for (Map.Entry<String, Tally> entry : byUser.entrySet()) {
            users[i] = entry.getKey();
            values[i] = entry.getValue();
            byte[] stored = tallies.compactVoters(users[i]);
            if (stored != null) {
                if (voters == null) {
                    voters = new byte[users.length][];
                }
                voters[i] = stored;
            }
            i++;
        }
        return new FoldedRows(users, values, voters);
    }

    int users() {
        return users.length;
    }

    @Override
    public int rows() {
        return users.length;
    }

    @Override
    public void forEach(Row row) {
        for (int i = 0; i < users.length; i++) {
            row.add(users[i], tallies[i], voters == null ? null : voters[i]);
        }
    }

    void addTo(Tallies sum) {
        forEach(sum::addStored);
    }
}
