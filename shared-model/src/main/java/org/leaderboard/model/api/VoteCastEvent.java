package org.leaderboard.model.api;

import java.time.Instant;
import java.util.UUID;
import org.leaderboard.model.time.TimeUuids;

/** One stored vote: the unit of the event store. Its time is the time in its timeuuid. */
public record VoteCastEvent(UUID voteId, String board, String user, String voter, int votes) {

    public Instant time() {
        return TimeUuids.timeOf(voteId);
    }

    public static VoteCastEvent from(CastVoteCommand command) {
        return new VoteCastEvent(
                command.voteId(),
                command.board(),
                command.user(),
                command.voter(),
                command.votes());
    }
}
