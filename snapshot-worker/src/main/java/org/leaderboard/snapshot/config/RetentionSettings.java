package org.leaderboard.snapshot.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of retention (prefix {@code snapshot.retention}); how long a board keeps its history is
 * the board's own {@code retentionDays}. Defaults live in application.yml.
 *
 * @param enabled whether this worker removes what boards no longer keep
 * @param interval how often a board's retention runs at most (after one of its passes)
 * @param grace how much longer than the board's retention history is kept, so that a query which
 *     started just inside the horizon still finds everything it reads
 */
@ConfigurationProperties("snapshot.retention")
public record RetentionSettings(boolean enabled, Duration interval, Duration grace) {

    public RetentionSettings {
        if (interval == null || interval.isNegative()) {
            throw new IllegalArgumentException("snapshot.retention.interval must be >= 0");
        }
        if (grace == null || grace.isNegative()) {
            throw new IllegalArgumentException("snapshot.retention.grace must be >= 0");
        }
    }
}
