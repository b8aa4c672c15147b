package org.leaderboard.query.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The in-memory views behind {@code ?consistency=eventual} (prefix {@code query.eventual}).
 *
 * @param refreshInterval pause between two refreshes of a board's view (a refresh reads the tail
 *     once for every query answered from the view until the next one)
 * @param idleTimeout a board not asked for this long stops being refreshed and is dropped
 * @param directRoute answer the common bounded-staleness reads straight from the servlet container,
 *     ahead of the request observation, the security filter chain and Spring MVC (the answers and
 *     their headers are the same; see the query service's {@code DirectReadRoute})
 */
@ConfigurationProperties("query.eventual")
public record EventualSettings(
        Duration refreshInterval, Duration idleTimeout, boolean directRoute) {

    public EventualSettings {
        if (refreshInterval == null || refreshInterval.isNegative() || refreshInterval.isZero()) {
            throw new IllegalArgumentException(
                    "query.eventual.refresh-interval must be positive, was " + refreshInterval);
        }
        if (idleTimeout == null || idleTimeout.compareTo(refreshInterval) < 0) {
            throw new IllegalArgumentException(
                    "query.eventual.idle-timeout must be at least the refresh interval, was "
                            + idleTimeout);
        }
    }
}
