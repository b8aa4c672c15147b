package org.leaderboard.model.cassandra;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A clock never ahead of Cassandra's, for the sides that must not run ahead of the writers.
 *
 * <ul>
 *   <li>The snapshot worker: a pass cuts at now minus the write window and the safety margin; with
 *       a worker clock running ahead by more than the margin, the cut would pass votes that writers
 *       (on good clocks) still acknowledge, and those votes would land behind a snapshot already
 *       taken: stored, acknowledged, never counted.
 *   <li>The query service: a strong read holds the tail rows older than its now minus the held lag,
 *       and finds later arrivals there only by the writers' late marks; a query clock ahead of the
 *       writers' would hold rows whose late arrivals no writer marks.
 * </ul>
 *
 * <p>So "now" is the earlier of this machine's clock and Cassandra's (a coordinator's time, read
 * every {@value #REMEASURE_SECONDS} s and carried forward on the monotonic clock), and a side ahead
 * of the store only goes less far. Writers never judge by a clock behind Cassandra's (their
 * catch-up clock); both sides then meet at the store's clock.
 *
 * <p>Cassandra's time is read as the coordinator answers, so carried forward from the moment the
 * answer arrived it never runs ahead of the store. If a read fails, the last one is carried
 * forward; with none yet, {@link #instant()} throws (a pass could not read the events either).
 */
public final class StoreBoundClock extends Clock {

    static final int REMEASURE_SECONDS = 10;

    private static final Logger log = LoggerFactory.getLogger(StoreBoundClock.class);
    private static final Duration WARN_AHEAD = Duration.ofSeconds(1);
    private static final long WARN_EVERY_NANOS = Duration.ofMinutes(1).toNanos();
    private static final long RETRY_NANOS = Duration.ofSeconds(1).toNanos();

    private final Clock own;
    private final String follows;
    private final Supplier<Instant> store;
    private final LongSupplier nanos;
    private Instant storeTime;
    private long measuredAt;
    private long warnedAt;
    private long retryAt;
    private boolean failing;
    private boolean warned;
    private volatile Duration ahead = Duration.ZERO;

    /**
     * @param own this machine's clock
     * @param store reads Cassandra's current time
     * @param nanos the monotonic clock ({@code System::nanoTime})
     * @param follows what follows Cassandra's clock instead, for the warning ("snapshot cutoffs")
     */
    public StoreBoundClock(Clock own, Supplier<Instant> store, LongSupplier nanos, String follows) {
        this.own = own;
        this.follows = follows;
        this.store = store;
        this.nanos = nanos;
    }

    @Override
    public synchronized Instant instant() {
        Instant mine = own.instant();
        Instant storeNow = storeNow();
        ahead = Duration.between(storeNow, mine);
        if (ahead.compareTo(WARN_AHEAD) > 0) {
            warn();
        }
        return mine.isAfter(storeNow) ? storeNow : mine;
    }

    /**
     * How far this machine's clock was ahead of Cassandra's at the last reading (negative: behind).
     */
    public Duration ahead() {
        return ahead;
    }

    private Instant storeNow() {
        long now = nanos.getAsLong();
        if (storeTime == null
                || (now - measuredAt > Duration.ofSeconds(REMEASURE_SECONDS).toNanos()
                        && now - retryAt >= 0)) {
            try {
                Instant read = store.get();
                storeTime = read;
                measuredAt = nanos.getAsLong();
                now = measuredAt;
                if (failing) {
                    failing = false;
                    log.info("Cassandra's clock is read again");
                }
            } catch (RuntimeException e) {
                if (storeTime == null) {
                    throw new IllegalStateException("Cassandra's clock cannot be read yet", e);
                }
                // Tried again at most every RETRY_NANOS, not at every call (each one a query that
                // may wait for its timeout), and said once per outage.
                retryAt = nanos.getAsLong() + RETRY_NANOS;
                if (!failing) {
                    failing = true;
                    log.warn(
                            "Cassandra's clock could not be read again ({}); carrying the last"
                                    + " reading forward, trying again every second",
                            e.toString());
                }
            }
        }
        return storeTime.plusNanos(now - measuredAt);
    }

    private void warn() {
        long now = nanos.getAsLong();
        if (warned && now - warnedAt < WARN_EVERY_NANOS) {
            return;
        }
        warned = true;
        warnedAt = now;
        log.warn(
                "this machine's clock is {} ahead of Cassandra's: {} follow Cassandra's clock (fix the"
                        + " machine's time sync)",
                ahead,
                follows);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("this clock works in UTC");
    }
}
