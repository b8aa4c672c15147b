package org.leaderboard.query.config;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Clock;
import org.leaderboard.model.cassandra.BoardCache;
import org.leaderboard.model.cassandra.BoardDao;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.DriverResilience;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.springframework.boot.autoconfigure.cassandra.DriverConfigLoaderBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The shared-model DAOs, built on Spring Boot's auto-configured CqlSession (spring.cassandra.*).
 */
@Configuration(proxyBeanMethods = false)
class CassandraBeans {

    /** One node that stops answering costs a request a short delay, not its timeout. */
    @Bean
    DriverConfigLoaderBuilderCustomizer driverResilience() {
        return DriverResilience::apply;
    }

    /**
     * This service only reads; the write level is never used, so it is set to the read level rather
     * than offering a setting that does nothing.
     */
    @Bean
    Consistency consistency(QuerySettings settings) {
        return Consistency.of(settings.readConsistency(), settings.readConsistency());
    }

    @Bean
    BoardDao boardDao(CqlSession session, Consistency consistency) {
        return new BoardDao(session, consistency);
    }

    @Bean
    BoardCache boardCache(BoardDao boards) {
        return new BoardCache(boards);
    }

    @Bean
    SnapshotHeadDao snapshotHeadDao(CqlSession session, Consistency consistency) {
        return new SnapshotHeadDao(session, consistency);
    }

    @Bean
    SnapshotLayerDao snapshotLayerDao(CqlSession session, Consistency consistency) {
        return new SnapshotLayerDao(session, consistency);
    }

    @Bean
    EventFolds eventFolds(CqlSession session, Consistency consistency) {
        return EventFolds.on(session, consistency);
    }

    /** "Now" for the end of the tail; a bean so that it has one source. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
