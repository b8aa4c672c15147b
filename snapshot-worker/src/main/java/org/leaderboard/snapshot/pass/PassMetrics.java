package org.leaderboard.snapshot.pass;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/**
 * Micrometer meters of the passes: events folded, passes by outcome, and pass duration. No
 * per-board tags: the number of boards is unbounded and per-board numbers are in the log line
 * instead.
 */
final class PassMetrics {

    static final String FAILED = "FAILED";

    private final MeterRegistry registry;
    private final Counter eventsFolded;
    private final Timer duration;

    PassMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.eventsFolded =
                Counter.builder("snapshot.events.folded")
                        .description("Vote events read and folded into snapshot layers")
                        .register(registry);
        this.duration =
                Timer.builder("snapshot.pass.duration")
                        .description("Time of one pass over one board")
                        .register(registry);
    }

    void folded(long events) {
        eventsFolded.increment(events);
    }

    void passed(String outcome, Duration took) {
        Counter.builder("snapshot.passes")
                .description("Passes over one board, by outcome")
                .tag("outcome", outcome)
                .register(registry)
                .increment();
        duration.record(took);
    }
}
