package org.leaderboard.snapshot.config;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Clock;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.snapshot.store.FoldedPartitionWriter;
import org.leaderboard.snapshot.store.SnapshotWriter;
import org.leaderboard.storebeans.SharedStoreBeans;
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

    /** UTC wall clock; cutoffs only depend on it through the (bucket-aligned) safe cutoff. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
