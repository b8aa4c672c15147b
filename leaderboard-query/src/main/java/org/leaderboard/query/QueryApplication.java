package org.leaderboard.query;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The read side: answers leaderboard and user-standing queries from the newest complete snapshot
 * plus the events after its cutoff. It never writes to Cassandra.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class QueryApplication {

    public static void main(String[] args) {
        SpringApplication.run(QueryApplication.class, args);
    }
}
