package org.leaderboard.writer.command;

import java.util.UUID;

/**
 * A vote the writer did not accept for a reason other than bad input. Carries the HTTP status it is
 * answered with, so the single-vote endpoint and a batch entry give the same answer.
 */
public abstract class VoteRefusedException extends RuntimeException {

    private final UUID voteId;

    VoteRefusedException(UUID voteId, String detail, Throwable cause) {
        super(detail, cause);
        this.voteId = voteId;
    }

    public UUID voteId() {
        return voteId;
    }

    public abstract int httpStatus();

    /** Short, fixed summary for the problem's title; the message is the detail. */
    public abstract String title();

    /** Seconds after which a retry may succeed (the Retry-After header of a 503), or null. */
    public Integer retryAfterSeconds() {
        return null;
    }
}
