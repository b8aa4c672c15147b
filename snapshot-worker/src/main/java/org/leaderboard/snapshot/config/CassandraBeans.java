package org.leaderboard.snapshot.config;

import com.datastax.oss.driver.api.core.CqlSession;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.StoreBoundClock;
import org.leaderboard.snapshot.store.FoldedPartitionWriter;
import org.leaderboard.snapshot.store.SnapshotWriter;
import org.leaderboard.storebeans.SharedStoreBeans;
import org.leaderboard.storebeans.StoreClocks;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The worker's own stores (snapshots, folded partitions) and the shared reads it needs, over Spring
 * Boot's auto-configured CqlSession; and the clock.
 */
@Configuration(proxyBeanMethods = false)
@Import(SharedStoreBeans.class)
class CassandraBeans {

    /** The levels of every read and write of this worker, for the shared reads too. */
    @Bean
    Consistency consistency(SnapshotSettings settings) {
        return settings.consistency();
    }

    @Bean
    SnapshotWriter snapshotWriter(CqlSession session, SnapshotSettings settings) {
        return new SnapshotWriter(session, settings.consistency());
    }

    @Bean
    FoldedPartitionWriter foldedPartitionWriter(CqlSession session, SnapshotSettings settings) {
        return new FoldedPartitionWriter(session, settings.consistency());
    }

    /**
     * UTC wall clock, never ahead of Cassandra's ({@link StoreBoundClock}); cutoffs only depend on
     * it through the (bucket-aligned) safe cutoff. {@code snapshot.clock-offset} moves this
     * machine's clock, as a clock that runs ahead or behind would (for tests). The gauge {@code
     * snapshot.clock.ahead} shows how far this machine's clock is ahead of Cassandra's, in seconds.
     */
    @Bean
    StoreBoundClock clock(
            CqlSession session,
            @Value("${snapshot.clock-offset:0s}") Duration offset,
            MeterRegistry meters) {
        return StoreClocks.bound(
                session, offset, "snapshot cutoffs", meters, "snapshot.clock.ahead");
    }
}
