package org.leaderboard.query;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.leaderboard.model.cassandra.StoreBoundClock;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * The service's clock, held on the threads of the boards' shared reads ({@code board-reads}) while
 * a gate is set: their first look at the clock waits for the gate (at most a minute), so such a
 * read stands for a slow database and cannot finish in time, however the threads are scheduled.
 * Every other thread gets the clock's time at once. A test imports {@link Config} and calls {@link
 * #hold} and {@link #release} (one test class at a time: the gate is shared).
 */
final class HeldReadsClock extends Clock {

    /** The latch held reads wait for; null while reads are not held. */
    private static volatile CountDownLatch gate;

    private final Clock clock;

    HeldReadsClock(Clock clock) {
        this.clock = clock;
    }

    /** From now on the boards' shared reads wait at their first look at the clock. */
    static void hold() {
        gate = new CountDownLatch(1);
    }

    /** Lets the held reads go on, and the next ones run. */
    static void release() {
        CountDownLatch held = gate;
        gate = null;
        if (held != null) {
            held.countDown();
        }
    }

    /**
     * The service's clock, held on the threads of the boards' shared reads while reads are held.
     */
    @TestConfiguration
    static class Config {
        @Bean
        @Primary
        Clock heldOnSharedReads(StoreBoundClock clock) {
            return new HeldReadsClock(clock);
        }
    }

    @Override
    public Instant instant() {
        CountDownLatch held = gate;
        if (held != null && Thread.currentThread().getName().equals("board-reads")) {
            try {
                held.await(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return clock.instant();
    }

    @Override
    public ZoneId getZone() {
        return clock.getZone();
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return clock.withZone(zone);
    }
}
