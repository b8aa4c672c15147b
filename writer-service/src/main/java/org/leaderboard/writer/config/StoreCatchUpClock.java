package org.leaderboard.writer.config;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The writer's clock, never behind Cassandra's. A writer acknowledges a vote only if its writes
 * completed inside the write window by this clock; a clock running behind would keep acknowledging
 * votes (and stamping generated voteIds) in a past that snapshot workers may already have folded:
 * stored, acknowledged, never counted. So when Cassandra's clock (read from a coordinator every
 * {@value #MEASURE_SECONDS} s) is ahead of this machine's by more than {@value #DEADBAND_MILLIS}
 * ms, "now" is this machine's clock plus that difference. Snapshot workers never cut by a clock
 * ahead of Cassandra's, so both sides meet at the store's clock, within the snapshot safety margin.
 * Query services, whose clock is never ahead of Cassandra's either, count on writers never more
 * than the {@value #DEADBAND_MILLIS} ms behind: {@code writer.late-after} plus that must stay below
 * their {@code query.tail.held-lag}.
 *
 * <p>The difference is an upper bound (the coordinator's reading plus the round trip), kept in a
 * volatile field: {@link #instant()} is on every vote's path and takes no lock. A failed reading
 * keeps the last difference.
 */
public final class StoreCatchUpClock extends Clock implements AutoCloseable {

    static final int MEASURE_SECONDS = 10;
    static final int DEADBAND_MILLIS = 20;

    /** Readings per measurement, the tightest kept. */
    static final int READINGS = 3;

    /** Catching up by more than this is logged (less is routine on a machine kept in sync). */
    private static final int WARN_MILLIS = 100;

    private static final Logger log = LoggerFactory.getLogger(StoreCatchUpClock.class);

    private final Clock own;
    private final Supplier<Instant> store;
    private final LongSupplier nanos;
    private volatile long behindNanos;
    private volatile Duration behind = Duration.ZERO;
    private ScheduledExecutorService measuring;

    /**
     * @param own this machine's clock
     * @param store reads Cassandra's current time
     * @param nanos the monotonic clock ({@code System::nanoTime})
     */
    public StoreCatchUpClock(Clock own, Supplier<Instant> store, LongSupplier nanos) {
        this.own = own;
        this.store = store;
        this.nanos = nanos;
    }

    @Override
    public Instant instant() {
        Instant mine = own.instant();
        long catchUp = behindNanos;
        return catchUp > 0 ? mine.plusNanos(catchUp) : mine;
    }

    /**
     * How far this machine's clock was behind Cassandra's at the last reading (negative: ahead).
     */
    public Duration behind() {
        return behind;
    }

    /**
     * Reads Cassandra's clock {@value #READINGS} times and keeps the reading with the least
     * difference (each is an upper bound, so the least is the tightest; a reading slowed by a pause
     * or a busy coordinator would otherwise move this clock ahead for {@value #MEASURE_SECONDS} s);
     * returns whether any reading succeeded.
     */
    public boolean measure() {
        Duration difference = null;
        RuntimeException failed = null;
        for (int i = 0; i < READINGS; i++) {
            try {
                long sent = nanos.getAsLong();
                Instant storeTime = store.get();
                long received = nanos.getAsLong();
                // The coordinator's reading (to the millisecond) plus the round trip: the store's
                // time when the answer arrived is at most this.
                Instant storeAtMost = storeTime.plusMillis(1).plusNanos(received - sent);
                Duration reading = Duration.between(own.instant(), storeAtMost);
                if (difference == null || reading.compareTo(difference) < 0) {
                    difference = reading;
                }
            } catch (RuntimeException e) {
                failed = e;
            }
        }
        if (difference == null) {
            log.warn(
                    "Cassandra's clock could not be read ({}); keeping the last reading",
                    String.valueOf(failed));
            return false;
        }
        behind = difference;
        boolean catchUp = difference.toMillis() > DEADBAND_MILLIS;
        if (difference.toMillis() > WARN_MILLIS && behindNanos == 0) {
            log.warn(
                    "this machine's clock is {} behind Cassandra's: the writer judges write"
                            + " windows and stamps votes by Cassandra's clock (fix the machine's"
                            + " time sync)",
                    difference);
        }
        behindNanos = catchUp ? difference.toNanos() : 0;
        return true;
    }

    /** Measures now, then every {@value #MEASURE_SECONDS} s on a daemon thread. */
    public StoreCatchUpClock start() {
        measure();
        measuring =
                Executors.newSingleThreadScheduledExecutor(
                        task -> {
                            Thread thread = new Thread(task, "store-clock");
                            thread.setDaemon(true);
                            return thread;
                        });
        measuring.scheduleWithFixedDelay(
                this::measure, MEASURE_SECONDS, MEASURE_SECONDS, TimeUnit.SECONDS);
        return this;
    }

    @Override
    public void close() {
        if (measuring != null) {
            measuring.shutdownNow();
        }
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
