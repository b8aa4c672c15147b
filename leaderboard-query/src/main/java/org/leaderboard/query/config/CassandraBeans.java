package org.leaderboard.query.config;

import com.datastax.oss.driver.api.core.CqlSession;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.StoreBoundClock;
import org.leaderboard.storebeans.SharedStoreBeans;
import org.leaderboard.storebeans.StoreClocks;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The read levels for the shared reads ({@link SharedStoreBeans}), and the clock. */
@Configuration(proxyBeanMethods = false)
@Import(SharedStoreBeans.class)
class CassandraBeans {

    /**
     * This service only reads; the write level is never used, so it is set to the read level rather
     * than offering a setting that does nothing.
     */
    @Bean
    Consistency consistency(QuerySettings settings) {
        return Consistency.of(settings.readConsistency(), settings.readConsistency());
    }

    /**
     * "Now" for the tail's reads; a bean so that it has one source. Never ahead of Cassandra's
     * clock ({@link StoreBoundClock}): a strong read holds the rows older than now minus {@code
     * query.tail.held-lag}, and writers mark the events that land behind that by their own clocks,
     * which never run behind Cassandra's. {@code query.clock-offset} moves this machine's clock
     * (for tests); the gauge {@code query.clock.ahead} shows how far it is ahead of Cassandra's, in
     * seconds.
     */
    @Bean
    StoreBoundClock clock(
            CqlSession session,
            @Value("${query.clock-offset:0s}") Duration offset,
            MeterRegistry meters) {
        return StoreClocks.bound(
                session, offset, "read-your-writes tail reads", meters, "query.clock.ahead");
    }
}
