package org.leaderboard.query.query;

import java.time.Duration;

/**
 * A read-your-writes answer that was not ready within {@code query.strong.timeout} (or, before a
 * board's first read has completed, {@code query.strong.first-read-timeout}), or that would not be
 * by the last read's time: the board's newest votes arriving faster than this service reads them, a
 * first load of a large snapshot, or a slow database. Answered 503 with {@code Retry-After}; the
 * message says which wait ran out and what the caller may do, in one wording for both.
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
    public static ReadNotReadyException waitedFor(
            Duration timeout, boolean firstRead, Duration retryAfter) {
        return new ReadNotReadyException(
                "no read-your-writes answer within " + limit(timeout, firstRead) + CAUSES,
                retryAfter);
    }

    /** Refused at once: the read under way has already run longer than the timeout. */
    public static ReadNotReadyException alreadyRunning(
            Duration runningFor, Duration timeout, boolean firstRead, Duration retryAfter) {
        return new ReadNotReadyException(
                "the read under way has run for "
                        + runningFor.toSeconds()
                        + " s, longer than "
                        + limit(timeout, firstRead)
                        + CAUSES,
                retryAfter);
    }

    /**
     * Refused at once: the last read took {@code lastRead}, so the caller's wait (the read under
     * way's rest, then a read of its own) is foretold to be longer than the timeout.
     */
    public static ReadNotReadyException behind(
            Duration lastRead, Duration timeout, Duration retryAfter) {
        return new ReadNotReadyException(
                "the board's reads are behind: the last took "
                        + lastRead.toMillis()
                        + " ms, so this one would wait longer than "
                        + limit(timeout, false)
                        + CAUSES,
                retryAfter);
    }

    private static String limit(Duration timeout, boolean firstRead) {
        return (firstRead ? "query.strong.first-read-timeout (" : "query.strong.timeout (")
                + timeout.toSeconds()
                + " s)";
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
