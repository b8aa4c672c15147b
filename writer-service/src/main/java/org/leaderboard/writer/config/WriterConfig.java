package org.leaderboard.writer.config;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import java.time.Clock;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.storebeans.SharedStoreBeans;
import org.leaderboard.writer.store.BoardWriter;
import org.leaderboard.writer.store.ClaimWriter;
import org.leaderboard.writer.store.VoteEventWriter;
import org.springframework.boot.autoconfigure.cassandra.DriverConfigLoaderBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The writer's own stores (events, claims, boards) and the shared reads it needs, on Spring Boot's
 * auto-configured session; and the clock.
 */
@Configuration(proxyBeanMethods = false)
@Import(SharedStoreBeans.class)
class WriterConfig {

    /**
     * Bounds the requests the driver puts on one connection: with the in-flight bound of the web
     * layer it keeps an overloaded writer from piling work up in the driver.
     */
    @Bean
    DriverConfigLoaderBuilderCustomizer connectionLimits(LoadSettings load) {
        return builder ->
                builder.withInt(
                        DefaultDriverOption.CONNECTION_MAX_REQUESTS,
                        load.maxRequestsPerConnection());
    }

    /**
     * Every "now" of the writer comes from this bean (window checks, generated voteIds, write
     * timestamps), so tests can move time instead of waiting for it, and fault tests can skew it
     * ({@code writer.clock-offset}).
     */
    @Bean
    Clock clock(WriterSettings settings) {
        return Clock.offset(Clock.systemUTC(), settings.clockOffset());
    }

    @Bean
    Consistency consistency(WriterSettings settings) {
        return settings.consistency();
    }

    @Bean
    VoteEventWriter voteEventWriter(CqlSession session, Consistency consistency) {
        return new VoteEventWriter(session, consistency);
    }

    @Bean
    ClaimWriter claimWriter(CqlSession session, Consistency consistency) {
        return new ClaimWriter(session, consistency);
    }

    @Bean
    BoardWriter boardWriter(CqlSession session, Consistency consistency) {
        return new BoardWriter(session, consistency);
    }
}
