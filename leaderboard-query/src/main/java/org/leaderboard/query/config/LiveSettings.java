package org.leaderboard.query.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The live page's Server-Sent Events (prefix {@code query.live}).
 *
 * @param interval how often each watched board page is looked at in the in-memory view; a stream
 *     gets at most one update per interval, and only when the page changed, however many votes
 *     arrive
 * @param heartbeat a stream without updates for this long gets a comment line, so that proxies keep
 *     the connection open and a browser that went away is noticed
 * @param streamTimeout a stream is closed after this long; browsers reconnect on their own
 */
@ConfigurationProperties("query.live")
public record LiveSettings(Duration interval, Duration heartbeat, Duration streamTimeout) {

    public LiveSettings {
        requirePositive("query.live.interval", interval);
        requirePositive("query.live.heartbeat", heartbeat);
        requirePositive("query.live.stream-timeout", streamTimeout);
        if (heartbeat.compareTo(interval) < 0) {
            throw new IllegalArgumentException(
                    "query.live.heartbeat must be at least query.live.interval, was " + heartbeat);
        }
    }

    private static void requirePositive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
    }
}
