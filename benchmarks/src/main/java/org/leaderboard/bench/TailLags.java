package org.leaderboard.bench;

import java.time.Duration;

/**
 * The two lags of the read-your-writes tail the benchmark runs with: the query service's {@code
 * query.tail.held-lag} (rows newer than now minus it are sent again by every strong read) and the
 * writer's {@code writer.late-after} (an event stored later than that after its time is marked
 * late). The services' defaults unless {@code -Dbench.held-lag=250ms} and {@code
 * -Dbench.late-after=100ms} say otherwise (for comparing with other lags); the harness passes both
 * to the services it starts, and uses them in scenario 6's own writes and figures.
 */
final class TailLags {

    static final Duration HELD_LAG = millis("bench.held-lag", 100);

    static final Duration LATE_AFTER = millis("bench.late-after", 50);

    /**
     * How far behind its own clock a writer's progress mark stays at least ({@code
     * writer.progress.lag}, 10 ms), for the writer service and scenario 6's own writes alike;
     * {@code -Dbench.progress-lag=3ms} for comparing.
     */
    static final Duration PROGRESS_LAG = millis("bench.progress-lag", 10);

    /**
     * How often a writer's progress mark moves and its row is rewritten ({@code
     * writer.progress.interval}, 5 ms), for the writer service and scenario 6's own writes alike;
     * {@code -Dbench.progress-interval=20ms} for comparing.
     */
    static final Duration PROGRESS_INTERVAL = millis("bench.progress-interval", 5);

    /**
     * Whether writers (the writer service, and scenario 6's own writes) keep progress marks and
     * query services hold their tail up to them (the default); {@code
     * -Dbench.writer-progress=false} turns all off, so that strong reads hold by the held lag
     * alone, for comparing.
     */
    static final boolean WRITER_PROGRESS =
            !"false".equalsIgnoreCase(System.getProperty("bench.writer-progress", "true").strip());

    private TailLags() {}

    private static Duration millis(String property, long defaultMillis) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            return Duration.ofMillis(defaultMillis);
        }
        String number = value.strip();
        if (!number.endsWith("ms")) {
            throw new IllegalArgumentException(property + " takes milliseconds, e.g. 250ms");
        }
        return Duration.ofMillis(Long.parseLong(number.substring(0, number.length() - 2)));
    }
}
