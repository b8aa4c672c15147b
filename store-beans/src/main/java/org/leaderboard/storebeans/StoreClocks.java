package org.leaderboard.storebeans;

import com.datastax.oss.driver.api.core.CqlSession;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import org.leaderboard.model.cassandra.CassandraTime;
import org.leaderboard.model.cassandra.StoreBoundClock;

/**
 * The clock of a service whose moments must never be ahead of Cassandra's (the snapshot worker's
 * cutoffs, the query service's read-your-writes tail reads): this machine's UTC clock, moved by a
 * configured offset (for tests), bound to Cassandra's ({@link StoreBoundClock}), with a gauge
 * showing how far this machine's clock is ahead of Cassandra's, in seconds.
 */
public final class StoreClocks {

    private StoreClocks() {}

    /**
     * @param offset moves this machine's clock, as a clock that runs ahead or behind would
     * @param follows what the clock is for, named in its log lines
     * @param gauge the gauge's name
     */
    public static StoreBoundClock bound(
            CqlSession session,
            Duration offset,
            String follows,
            MeterRegistry meters,
            String gauge) {
        StoreBoundClock clock =
                new StoreBoundClock(
                        Clock.offset(Clock.systemUTC(), offset),
                        new CassandraTime(session),
                        System::nanoTime,
                        follows);
        Gauge.builder(gauge, clock, c -> c.ahead().toMillis() / 1000.0)
                .description("How far this machine's clock is ahead of Cassandra's")
                .baseUnit("seconds")
                .register(meters);
        return clock;
    }
}
