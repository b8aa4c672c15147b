package org.leaderboard.writer;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** Real time plus an offset that a test moves, to let the write window pass without waiting. */
final class MovableClock extends Clock {

    private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);
    private final AtomicReference<Duration> afterNextRead = new AtomicReference<>();

    void advance(Duration by) {
        offset.updateAndGet(current -> current.plus(by));
    }

    /**
     * The next reading is the current time, and every later one is {@code by} later: what a request
     * sees whose insert, claim or lock wait took that long after it read the time.
     */
    void advanceAfterNextRead(Duration by) {
        afterNextRead.set(by);
    }

    void reset() {
        offset.set(Duration.ZERO);
        afterNextRead.set(null);
    }

    @Override
    public Instant instant() {
        Instant now = Instant.now().plus(offset.get());
        Duration jump = afterNextRead.getAndSet(null);
        if (jump != null) {
            advance(jump);
        }
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the writer works in UTC");
    }
}
