package org.leaderboard.model.cassandra;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.UUID;
import org.leaderboard.model.tally.Tallies;

/**
 * A row of the event table as the fold reads it: a vote, or (with {@code retracts} set) the
 * compensating event that retracts vote {@code retracts}. As JSON (a writer's feed, {@link
 * org.leaderboard.model.feed.FeedPage}) its five components, {@code retracts} left out for a vote.
 */
public record StoredEvent(
        UUID voteId,
        String user,
        String voter,
        int votes,
        @JsonInclude(JsonInclude.Include.NON_NULL) UUID retracts) {

    /** Not a property: a reader that refuses unknown fields must read what a writer wrote. */
    @JsonIgnore
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
