package org.leaderboard.storebeans;

import com.datastax.oss.driver.api.core.CqlSession;
import org.leaderboard.model.cassandra.BoardCache;
import org.leaderboard.model.cassandra.BoardDao;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.DriverResilience;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.FoldedPartitionDao;
import org.leaderboard.model.cassandra.RetractionClaimDao;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.model.cassandra.VoteEventDao;
import org.leaderboard.model.cassandra.VoterClaimDao;
import org.springframework.boot.autoconfigure.cassandra.DriverConfigLoaderBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;

/**
 * The reads every side shares, as beans on Spring Boot's auto-configured session ({@code
 * spring.cassandra.*}) at the service's {@link Consistency} bean: each service imports this class
 * and adds its own stores (the writer its event, claim and board writes, the snapshot worker its
 * snapshot writes). Every read is {@link Lazy}: a service prepares only the statements of the reads
 * it uses.
 */
@Configuration(proxyBeanMethods = false)
public class SharedStoreBeans {

    /** One node that stops answering costs a request a short delay, not its timeout. */
    @Bean
    DriverConfigLoaderBuilderCustomizer driverResilience() {
        return DriverResilience::apply;
    }

    @Bean
    @Lazy
    BoardDao boardDao(CqlSession session, Consistency consistency) {
        return new BoardDao(session, consistency);
    }

    @Bean
    @Lazy
    BoardCache boardCache(BoardDao boards) {
        return new BoardCache(boards);
    }

    @Bean
    @Lazy
    VoteEventDao voteEventDao(CqlSession session, Consistency consistency) {
        return new VoteEventDao(session, consistency);
    }

    @Bean
    @Lazy
    EventFolds eventFolds(
            VoteEventDao events, VoterClaimDao voterClaims, RetractionClaimDao retractionClaims) {
        return new EventFolds(events, voterClaims, retractionClaims);
    }

    @Bean
    @Lazy
    VoterClaimDao voterClaimDao(CqlSession session, Consistency consistency) {
        return new VoterClaimDao(session, consistency);
    }

    @Bean
    @Lazy
    RetractionClaimDao retractionClaimDao(CqlSession session, Consistency consistency) {
        return new RetractionClaimDao(session, consistency);
    }

    @Bean
    @Lazy
    SnapshotHeadDao snapshotHeadDao(CqlSession session, Consistency consistency) {
        return new SnapshotHeadDao(session, consistency);
    }

    @Bean
    @Lazy
    SnapshotLayerDao snapshotLayerDao(CqlSession session, Consistency consistency) {
        return new SnapshotLayerDao(session, consistency);
    }

    @Bean
    @Lazy
    FoldedPartitionDao foldedPartitionDao(CqlSession session, Consistency consistency) {
        return new FoldedPartitionDao(session, consistency);
    }
}
