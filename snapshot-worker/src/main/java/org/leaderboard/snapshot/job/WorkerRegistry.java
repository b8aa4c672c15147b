package org.leaderboard.snapshot.job;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.deleteFrom;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.Tables;
import org.leaderboard.snapshot.config.SnapshotSettings;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The {@code snapshot_workers} table: which scheduled workers are alive. A worker announces itself
 * with a row that expires after {@code ttl}, renewed well before it expires, and deletes it when it
 * stops; the live workers are the rows not expired.
 */
@Component
class WorkerRegistry {

    private static final String SCOPE = "scheduled";

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement heartbeat;
    private final PreparedStatement live;
    private final PreparedStatement leave;

    @Autowired
    WorkerRegistry(CqlSession session, SnapshotSettings settings) {
        this(session, settings.consistency());
    }

    WorkerRegistry(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.heartbeat =
                session.prepare(
                        insertInto(keyspace, "snapshot_workers")
                                .value("scope", bindMarker())
                                .value("worker_id", bindMarker())
                                .usingTtl(bindMarker())
                                .build());
        this.live =
                session.prepare(
                        selectFrom(keyspace, "snapshot_workers")
                                .column("worker_id")
                                .whereColumn("scope")
                                .isEqualTo(bindMarker())
                                .build());
        this.leave =
                session.prepare(
                        deleteFrom(keyspace, "snapshot_workers")
                                .whereColumn("scope")
                                .isEqualTo(bindMarker())
                                .whereColumn("worker_id")
                                .isEqualTo(bindMarker())
                                .build());
    }

    /** Says that {@code workerId} is alive for {@code ttl} more. */
    void heartbeat(String workerId, Duration ttl) {
        session.execute(
                heartbeat
                        .bind(SCOPE, workerId, (int) Math.max(1, ttl.toSeconds()))
                        .setIdempotent(true)
                        .setConsistencyLevel(consistency.write()));
    }

    /** Forgets {@code workerId} at once: the others take its boards in their next round. */
    void leave(String workerId) {
        session.execute(
                leave.bind(SCOPE, workerId)
                        .setIdempotent(true)
                        .setConsistencyLevel(consistency.write()));
    }

    /** The workers whose last heartbeat has not expired. */
    List<String> live() {
        return session
                .execute(live.bind(SCOPE).setConsistencyLevel(consistency.read()))
                .all()
                .stream()
                .map(row -> row.getString(0))
                .toList();
    }
}
