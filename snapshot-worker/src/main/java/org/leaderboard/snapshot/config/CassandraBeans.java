package org.leaderboard.snapshot.config;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Clock;
import org.leaderboard.model.cassandra.BoardDao;
import org.leaderboard.model.cassandra.DriverResilience;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.snapshot.store.FoldedPartitionWriter;
import org.leaderboard.snapshot.store.SnapshotWriter;
import org.springframework.boot.autoconfigure.cassandra.DriverConfigLoaderBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The worker's own stores (snapshots, folded partitions) and the shared reads it needs, over Spring
 * Boot's auto-configured CqlSession; and the clock.
 */
@Configuration(proxyBeanMethods = false)
class CassandraBeans {

    /** One node that stops answering costs a request a short delay, not its timeout. */
    @Bean
    DriverConfigLoaderBuilderCustomizer driverResilience() {
        return DriverResilience::apply;
    }

    @Bean
    BoardDao boardDao(CqlSession session, SnapshotSettings settings) {
        return new BoardDao(session, settings.consistency());
    }

    @Bean
    EventFolds eventFolds(CqlSession session, SnapshotSettings settings) {
        return EventFolds.on(session, settings.consistency());
    }

    @Bean
    SnapshotHeadDao snapshotHeadDao(CqlSession session, SnapshotSettings settings) {
        return new SnapshotHeadDao(session, settings.consistency());
    }

    @Bean
    SnapshotLayerDao snapshotLayerDao(CqlSession session, SnapshotSettings settings) {
        return new SnapshotLayerDao(session, settings.consistency());
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
