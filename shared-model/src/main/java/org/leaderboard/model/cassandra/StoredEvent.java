package org.leaderboard.model.cassandra;

import java.util.UUID;
import org.leaderboard.model.tally.Tallies;

/**
 * A row of the event table as the fold reads it: a vote, or (with {@code retracts} set) the
 * compensating event that retracts vote {@code retracts}.
 */
public record StoredEvent(UUID voteId, String user, String voter, int votes, UUID retracts) {

    public boolean isRetraction() {
        return retracts != null;
    }

    /** Adds this event, which counts, to {@code tallies}: its vote, or its retraction. */
    public void foldInto(Tallies tallies) {
        if (isRetraction()) {
            tallies.addRetraction(user, votes);
        } else {
            tallies.addVote(user, voter, votes);
        }
    }
}
