package org.leaderboard.model.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * Cassandra's current time, as the coordinator that answers reads it (milliseconds). The reference
 * both sides of the write window meet at: snapshot workers never cut by a clock ahead of it,
 * writers never judge the window by a clock behind it.
 */
public final class CassandraTime implements Supplier<Instant> {

    private final CqlSession session;
    private final PreparedStatement now;

    public CassandraTime(CqlSession session) {
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
