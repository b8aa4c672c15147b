package org.leaderboard.writer.web;

import java.util.concurrent.atomic.AtomicInteger;
import org.leaderboard.writer.config.LoadSettings;
import org.springframework.stereotype.Component;

/**
 * The bound on votes received and not yet answered ({@code writer.load.max-votes-in-flight}). Past
 * it a request is refused at once ({@link WriterOverloadedException}, 503 with Retry-After) before
 * anything is stored: under overload the writer answers quickly and keeps its heap and the driver's
 * queues bounded, instead of queueing until requests time out.
 */
@Component
class InFlightVotes {

    private final AtomicInteger inFlight = new AtomicInteger();
    private final int maxVotesInFlight;
    private final long retryAfterSeconds;

    InFlightVotes(LoadSettings settings) {
        this.maxVotesInFlight = settings.maxVotesInFlight();
        this.retryAfterSeconds = settings.retryAfter().toSeconds();
    }

    /** Takes {@code votes} places, or throws if they would exceed the bound; pair with release. */
    void acquire(int votes) {
        if (inFlight.addAndGet(votes) > maxVotesInFlight) {
            inFlight.addAndGet(-votes);
            throw new WriterOverloadedException(maxVotesInFlight, retryAfterSeconds);
        }
    }

    void release(int votes) {
        inFlight.addAndGet(-votes);
    }
}
