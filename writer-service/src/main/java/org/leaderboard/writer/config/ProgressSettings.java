package org.leaderboard.writer.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The writer's progress mark (prefix {@code writer.progress}), which lets query services hold the
 * rows of their read-your-writes tail up to a few milliseconds before "now" instead of {@code
 * query.tail.held-lag}; defaults live in application.yml. See {@code ProgressMarks}.
 *
 * @param enabled keep a progress row; with false, query services fall back to their held lag only
 *     once they stop following progress ({@code query.tail.writer-progress: false}), since a writer
 *     with no row is not waited for
 * @param interval how often the row is rewritten (the mark moves that often)
 * @param lag how far behind this writer's "now" the mark stays at least: a vote stamped and not yet
 *     handed to the store (waiting for its turn) must not fall below it, or it is marked late
 * @param lease how long a row lives unless rewritten; a writer that could not rewrite it for all
 *     but 3 s of this marks every event late until it has registered again
 * @param registerWait how long a writer waits after storing its row before it reads the others'
 *     marks to start from; at least twice the time a query service gives its ask for the marks (250
 *     ms)
 */
@ConfigurationProperties("writer.progress")
public record ProgressSettings(
        Boolean enabled, Duration interval, Duration lag, Duration lease, Duration registerWait) {

    public ProgressSettings {
        enabled = enabled == null || enabled;
        interval = interval == null ? Duration.ofMillis(5) : interval;
        lag = lag == null ? Duration.ofMillis(10) : lag;
        lease = lease == null ? Duration.ofSeconds(10) : lease;
        registerWait = registerWait == null ? Duration.ofSeconds(1) : registerWait;
        if (interval.toMillis() < 1 || interval.compareTo(Duration.ofSeconds(1)) > 0) {
            throw new IllegalArgumentException(
                    "writer.progress.interval must be between 1ms and 1s, was " + interval);
        }
        if (lag.isNegative()) {
            throw new IllegalArgumentException(
                    "writer.progress.lag must be zero or positive, was " + lag);
        }
        // The writer takes its row for gone 3 s before it expires.
        if (lease.compareTo(Duration.ofSeconds(5)) < 0) {
            throw new IllegalArgumentException(
                    "writer.progress.lease must be at least 5s, was " + lease);
        }
        if (registerWait.compareTo(Duration.ofMillis(500)) < 0) {
            throw new IllegalArgumentException(
                    "writer.progress.register-wait must be at least 500ms (twice the 250 ms a query"
                            + " service gives its ask for the marks), was "
                            + registerWait);
        }
    }
}
