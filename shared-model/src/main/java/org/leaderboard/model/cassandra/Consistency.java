package org.leaderboard.model.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;

/**
 * Consistency levels of the DAOs. The defaults (LOCAL_QUORUM both ways) overlap on a majority of
 * replicas, which is what gives read-your-writes to queries and makes snapshot reads see every
 * acknowledged vote (invariants 4 and 7).
 */
public record Consistency(ConsistencyLevel write, ConsistencyLevel read) {

    public static final Consistency DEFAULT =
            new Consistency(
                    DefaultConsistencyLevel.LOCAL_QUORUM, DefaultConsistencyLevel.LOCAL_QUORUM);

    public static Consistency of(String write, String read) {
        return new Consistency(
                DefaultConsistencyLevel.valueOf(write), DefaultConsistencyLevel.valueOf(read));
    }
}
