package org.leaderboard.writer.command;

import org.leaderboard.model.api.CastVoteCommand;

/**
 * A batch holds one voteId twice, for different votes: the first is stored, the later one is
 * refused (422), since a voteId names one vote.
 */
public class VoteIdReusedException extends VoteRefusedException {

    VoteIdReusedException(CastVoteCommand repeat, int firstIndex) {
        super(
                repeat.voteId(),
                "voteId "
                        + repeat.voteId()
                        + " is already used by votes["
                        + firstIndex
                        + "] of this batch for a different vote; a voteId names one vote (user,"
                        + " voter and votes)",
                null);
    }

    @Override
    public int httpStatus() {
        return 422;
    }

    @Override
    public String title() {
        return "voteId used for two votes";
    }
}
