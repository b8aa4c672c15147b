package org.leaderboard.query.query;

import java.time.Duration;

/**
 * A read-your-writes answer that was not ready within {@code query.strong.timeout}: the board's
 * newest votes arriving faster than this service reads them, a first load of a large snapshot, or a
 * slow database. Answered 503 with {@code Retry-After}; the message says which wait ran out and
 * what the caller may do, in one wording for both.
 */
public class ReadNotReadyException extends RuntimeException {

    private static final String CAUSES =
            ": the board's newest votes, a first load of its snapshot or the database took longer;"
                    + " retry, or ask with consistency=eventual";

    private final transient Duration retryAfter;

    private ReadNotReadyException(String message, Duration retryAfter) {
        super(message);
        this.retryAfter = retryAfter;
    }

    /** The caller waited the whole timeout. */
    public static ReadNotReadyException waitedFor(Duration timeout, Duration retryAfter) {
        return new ReadNotReadyException(
                "no read-your-writes answer within " + limit(timeout) + CAUSES, retryAfter);
    }

    /** Refused at once: the read under way has already run longer than the timeout. */
    public static ReadNotReadyException alreadyRunning(
            Duration runningFor, Duration timeout, Duration retryAfter) {
        return new ReadNotReadyException(
                "the read under way has run for "
                        + runningFor.toSeconds()
                        + " s, longer than "
                        + limit(timeout)
                        + CAUSES,
                retryAfter);
    }

    private static String limit(Duration timeout) {
        return "query.strong.timeout (" + timeout.toSeconds() + " s)";
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
