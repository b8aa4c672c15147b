package org.leaderboard.snapshot.config;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Instant;
import java.util.function.Supplier;

/** Cassandra's current time, as the coordinator that answers reads it. */
final class CassandraTime implements Supplier<Instant> {

    private final CqlSession session;
    private final PreparedStatement now;

    CassandraTime(CqlSession session) {
        this.session = session;
        this.now = session.prepare("SELECT toUnixTimestamp(now()) FROM system.local");
    }

    @Override
    public Instant get() {
        return Instant.ofEpochMilli(
                session.execute(now.bind().setConsistencyLevel(DefaultConsistencyLevel.ONE))
                        .one()
                        .getLong(0));
    }
}
