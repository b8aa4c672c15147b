package org.leaderboard.query.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How the read-your-writes tail is kept (prefix {@code query.tail}).
 *
 * @param settledMargin how long after a vote's write window closed its row counts as final: the
 *     service then keeps its fold and never reads it again. Must exceed the clock difference
 *     between writers and this service plus the writers' {@code writer.max-clock-skew} (claims of
 *     unique votes settle that long after they are written): the writer acknowledges a vote only
 *     while its time is inside the window by the writer's clock, so no acknowledged vote with time
 *     before {@code now - window - settledMargin} can appear later.
 * @param heldLag how far behind "now" a read stops holding rows: rows newer than this are sent
 *     again by every read, older ones are held and only counted. Votes still being stored when a
 *     read runs land there, so a lag longer than most inserts take keeps them from making a held
 *     range's count differ (which costs a re-read of the range, never a missed vote).
 */
@ConfigurationProperties("query.tail")
public record TailSettings(Duration settledMargin, Duration heldLag) {

    public TailSettings {
        if (settledMargin == null || settledMargin.isNegative()) {
            throw new IllegalArgumentException(
                    "query.tail.settled-margin must be zero or positive, was " + settledMargin);
        }
        if (heldLag == null || heldLag.isNegative()) {
            throw new IllegalArgumentException(
                    "query.tail.held-lag must be zero or positive, was " + heldLag);
        }
    }
}
