package org.leaderboard.query.query;

import java.time.Duration;

/**
 * A read-your-writes answer that was not ready in time: the board's writes arrive faster than this
 * service reads them. Answered 503 with {@code Retry-After}.
 */
public class ReadNotReadyException extends RuntimeException {

    private final transient Duration retryAfter;

    public ReadNotReadyException(String message, Duration retryAfter) {
        super(message);
        this.retryAfter = retryAfter;
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
