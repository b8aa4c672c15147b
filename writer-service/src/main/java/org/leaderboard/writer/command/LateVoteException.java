package org.leaderboard.writer.command;

import java.time.Instant;
import java.util.UUID;

/**
 * A stored vote older than its write window that cannot be confirmed as counted (see {@link
 * LateRetries}): 503 with Retry-After while the snapshot of its time is not taken yet, 422 when it
 * landed after that snapshot (it never counts) or when that cannot be told.
 */
public class LateVoteException extends StatusRefusal {

    /** About one snapshot pass: the worker folds a time once its window and margin have passed. */
    private static final int RETRY_AFTER_SECONDS = 5;

    private LateVoteException(UUID voteId, int status, String title, String detail) {
        super(voteId, status, title, detail);
    }

    static LateVoteException notYetFolded(UUID voteId, Instant time) {
        return new LateVoteException(
                voteId,
                503,
                "Vote not confirmed yet",
                "vote "
                        + voteId
                        + " is stored, but its write window has closed and the snapshot of its"
                        + " time ("
                        + time
                        + ") is not taken yet, so whether it counts cannot be confirmed now; retry"
                        + " with the same voteId in a few seconds");
    }

    static LateVoteException busy(UUID voteId) {
        return new LateVoteException(
                voteId,
                503,
                "Vote not confirmed yet",
                "vote "
                        + voteId
                        + " is older than its write window and checking it reads its whole"
                        + " partition; too many such checks are running: retry with the same voteId"
                        + " in a few seconds");
    }

    static LateVoteException storedAfterSnapshot(UUID voteId, Instant time) {
        return new LateVoteException(
                voteId,
                422,
                "Vote not counted",
                "vote "
                        + voteId
                        + " (time "
                        + time
                        + ") was stored after the snapshot of its time had been taken (its first"
                        + " attempt was never acknowledged), so it does not count");
    }

    static LateVoteException cannotTell(UUID voteId, long lateEvents) {
        return new LateVoteException(
                voteId,
                422,
                "Vote not confirmed",
                "vote "
                        + voteId
                        + " is stored, but "
                        + lateEvents
                        + " events of its partition were stored after the snapshot of its time had"
                        + " been taken, and whether this vote is one of them cannot be told");
    }

    @Override
    public Integer retryAfterSeconds() {
        return httpStatus() == 503 ? RETRY_AFTER_SECONDS : null;
    }
}
