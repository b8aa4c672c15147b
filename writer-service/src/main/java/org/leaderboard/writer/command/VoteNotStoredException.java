package org.leaderboard.writer.command;

import java.util.UUID;

/**
 * Cassandra did not confirm the insert (timeout, too few replicas). The vote may or may not be
 * stored; because inserts are idempotent, the client's answer is to retry with the same voteId.
 */
public class VoteNotStoredException extends VoteRefusedException {

    VoteNotStoredException(UUID voteId, String what, Throwable cause) {
        super(
                voteId,
                what
                        + " ("
                        + cause.getMessage()
                        + "); vote "
                        + voteId
                        + " may or may not be stored: retry with the same voteId",
                cause);
    }

    static VoteNotStoredException insertFailed(UUID voteId, Throwable cause) {
        return new VoteNotStoredException(
                voteId, "the vote store did not confirm the insert", cause);
    }

    /**
     * The store confirmed the writes too late: the vote may be stored but a snapshot may already
     * have been taken without it, so it is not acknowledged.
     */
    static VoteNotStoredException completedTooLate(UUID voteId, String when) {
        return new VoteNotStoredException(
                voteId,
                "vote "
                        + voteId
                        + " is not acknowledged: "
                        + when
                        + ", so a snapshot may already have been taken without it");
    }

    private VoteNotStoredException(UUID voteId, String detail) {
        super(voteId, detail, null);
    }

    static VoteNotStoredException lookupFailed(UUID voteId, Throwable cause) {
        return new VoteNotStoredException(
                voteId, "the vote store could not tell whether this late vote is stored", cause);
    }

    @Override
    public int httpStatus() {
        return 503;
    }

    @Override
    public String title() {
        return "Vote not confirmed by the store";
    }
}
