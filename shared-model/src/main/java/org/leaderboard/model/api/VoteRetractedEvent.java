package org.leaderboard.model.api;

import java.time.Instant;
import java.util.UUID;
import org.leaderboard.model.time.TimeUuids;

/**
 * A compensating event (invariant 9): vote {@code voteId} no longer counts. Stored in the event
 * table at its own time (the time in {@code retractionId}, when the retraction was made), with the
 * retracted vote's user, voter and votes, so that folding it subtracts exactly that vote.
 */
public record VoteRetractedEvent(
        UUID retractionId, String board, UUID voteId, String user, String voter, int votes) {

    public Instant time() {
        return TimeUuids.timeOf(retractionId);
    }
}
