package org.leaderboard.writer.web;

/** More votes in flight than {@code writer.load.max-votes-in-flight}: nothing was stored. */
class WriterOverloadedException extends RuntimeException {

    private final long retryAfterSeconds;

    WriterOverloadedException(int maxVotesInFlight, long retryAfterSeconds) {
        super(
                "the writer already holds "
                        + maxVotesInFlight
                        + " votes in flight (writer.load.max-votes-in-flight); nothing was stored:"
                        + " retry after "
                        + retryAfterSeconds
                        + " s with the same voteId");
        this.retryAfterSeconds = retryAfterSeconds;
    }

    long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
