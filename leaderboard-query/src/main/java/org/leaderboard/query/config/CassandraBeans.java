package org.leaderboard.query.config;

import java.time.Clock;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.storebeans.SharedStoreBeans;
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

    /** "Now" for the end of the tail; a bean so that it has one source. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
