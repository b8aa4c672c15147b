package org.leaderboard.writer.config;

import org.leaderboard.writer.store.ProgressMarks;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Health {@code writerFeed}, part of the readiness group: with the feed on, a writer that is not
 * registered answers no vote as stored (503), so it takes no traffic until it is; with the feed off
 * it is always up.
 */
@Component
class WriterFeedHealthIndicator implements HealthIndicator {

    private final WriterFeed feed;
    private final ProgressMarks progress;

    WriterFeedHealthIndicator(WriterFeed feed, ProgressMarks progress) {
        this.feed = feed;
        this.progress = progress;
    }

    @Override
    public Health health() {
        if (!feed.enabled()) {
            return Health.up().withDetail("feed", "off").build();
        }
        Health.Builder health = progress.registered() ? Health.up() : Health.outOfService();
        return health.withDetail("feed", feed.address())
                .withDetail("writer", feed.writer().toString())
                .withDetail("registered", progress.registered())
                .build();
    }
}
