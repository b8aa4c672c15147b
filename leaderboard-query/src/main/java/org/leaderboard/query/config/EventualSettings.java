package org.leaderboard.query.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The in-memory views behind {@code ?consistency=eventual} (prefix {@code query.eventual}).
 *
 * @param refreshInterval pause between two refreshes of a board's view (a refresh reads the tail
 *     once for every query answered from the view until the next one)
 * @param idleTimeout a board not asked for this long stops being refreshed and is dropped
 * @param readTimeout how long a view's read (the first of a board, and each refresh) waits for the
 *     board's read; past it the view is made of what the service already holds (the board's last
 *     completed read, or its newest snapshot alone), older, its answers' staleness says how much
 * @param directRoute answer the common bounded-staleness reads straight from the servlet container,
 *     ahead of the request observation, the security filter chain and Spring MVC (the answers and
 *     their headers are the same; see the query service's {@code DirectReadRoute})
 */
@ConfigurationProperties("query.eventual")
public record EventualSettings(
        Duration refreshInterval, Duration idleTimeout, Duration readTimeout, boolean directRoute) {

    public EventualSettings {
        if (refreshInterval == null || refreshInterval.isNegative() || refreshInterval.isZero()) {
            throw new IllegalArgumentException(
                    "query.eventual.refresh-interval must be positive, was " + refreshInterval);
        }
        if (readTimeout == null || readTimeout.isNegative() || readTimeout.isZero()) {
            throw new IllegalArgumentException(
                    "query.eventual.read-timeout must be positive, was " + readTimeout);
        }
        if (idleTimeout == null || idleTimeout.compareTo(refreshInterval) < 0) {
            throw new IllegalArgumentException(
                    "query.eventual.idle-timeout must be at least the refresh interval, was "
                            + idleTimeout);
        }
    }
}
