package org.leaderboard.writer.command;

import java.util.UUID;

/**
 * The event is stored and in this writer's feed, but the writer is not registered (its {@code
 * writer_progress} row is not known to be there): a query service that has not found the row does
 * not ask this writer's feed, so a read right after an answer might not count the event. It counts
 * once the query services read the store; a retry with the same id is idempotent and is answered
 * once the writer is registered.
 */
public class WriterNotRegisteredException extends VoteRefusedException {

    private final int retryAfterSeconds;

    WriterNotRegisteredException(UUID voteId, String event, int retryAfterSeconds) {
        super(
                voteId,
                event
                        + " is stored, but this writer is not registered with the query services"
                        + " (its writer_progress row is not stored yet, or may have expired), so a"
                        + " read might not count it yet: retry after "
                        + retryAfterSeconds
                        + " s with the same voteId",
                null);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    @Override
    public int httpStatus() {
        return 503;
    }

    @Override
    public String title() {
        return "Writer not registered";
    }

    @Override
    public Integer retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
