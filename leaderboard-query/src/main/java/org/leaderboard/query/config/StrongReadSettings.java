package org.leaderboard.query.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Read-your-writes (strong) queries under more writes than the service can read (prefix {@code
 * query.strong}). A strong query waits for the board's shared tail read that starts after it; when
 * that takes longer than {@code timeout}, the query is answered 503 with {@code Retry-After}
 * instead of waiting on. New strong queries of the board are answered so at once, without waiting,
 * while the read running has already run longer than {@code timeout}, or when the board's last read
 * took so long that the wait it foretells (the running read's rest, then one more read) is longer.
 * The read goes on: a retry gets its result or a later one's.
 *
 * @param timeout the longest a strong query waits for its answer once the board has been read once:
 *     a read under the write rates the service holds takes milliseconds, so a wait of seconds means
 *     the board's votes arrive faster than the service reads them
 * @param firstReadTimeout the longest a strong query waits while the board has not been read yet
 *     (the first load of its snapshot: about 2-3 s for 1M users on a 2-core machine); longer than
 *     the first load of the largest board's snapshot
 * @param retryAfter the {@code Retry-After} of that 503, whole seconds
 * @param directRoute answer the common read-your-writes reads straight from the servlet container,
 *     ahead of the request observation, the security filter chain, Spring MVC and the query bus
 *     (the answers, refusals and their headers are the same; see the query service's {@code
 *     DirectReadRoute})
 */
@ConfigurationProperties("query.strong")
public record StrongReadSettings(
        Duration timeout, Duration firstReadTimeout, Duration retryAfter, boolean directRoute) {

    public StrongReadSettings {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException(
                    "query.strong.timeout must be positive, was " + timeout);
        }
        if (firstReadTimeout == null
                || firstReadTimeout.isNegative()
                || firstReadTimeout.isZero()) {
            throw new IllegalArgumentException(
                    "query.strong.first-read-timeout must be positive, was " + firstReadTimeout);
        }
        if (retryAfter == null || retryAfter.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException(
                    "query.strong.retry-after must be at least 1s, was " + retryAfter);
        }
    }
}
