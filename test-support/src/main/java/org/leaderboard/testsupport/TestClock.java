package org.leaderboard.testsupport;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock a test moves instead of waiting: either stopped at an instant and moved by hand (so a
 * snapshot's cutoffs are chosen, not raced against), or real time plus an offset (so a writer's
 * window passes without waiting). Always UTC.
 */
public final class TestClock extends Clock {

    /** Null for real time. */
    private final Instant stoppedAt;

    private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);
    private final AtomicReference<Duration> afterNextRead = new AtomicReference<>();

    private TestClock(Instant stoppedAt) {
        this.stoppedAt = stoppedAt;
    }

    /** Reads {@code time} until the test moves it. */
    public static TestClock stoppedAt(Instant time) {
        return new TestClock(time);
    }

    /** Real time, until the test moves it ahead. */
    public static TestClock realTime() {
        return new TestClock(null);
    }

    /** Reads {@code time} now (and real time on from it, if this clock follows real time). */
    public void set(Instant time) {
        offset.set(Duration.between(base(), time));
    }

    public void advance(Duration by) {
        offset.updateAndGet(current -> current.plus(by));
    }

    /**
     * The next reading is the current time, and every later one is {@code by} later: what a request
     * sees whose insert, claim or lock wait took that long after it read the time.
     */
    public void advanceAfterNextRead(Duration by) {
        afterNextRead.set(by);
    }

    /** Back to where the clock started, with nothing pending. */
    public void reset() {
        offset.set(Duration.ZERO);
        afterNextRead.set(null);
    }

    @Override
    public Instant instant() {
        Instant now = base().plus(offset.get());
        Duration jump = afterNextRead.getAndSet(null);
        if (jump != null) {
            advance(jump);
        }
        return now;
    }

    private Instant base() {
        return stoppedAt == null ? Instant.now() : stoppedAt;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
