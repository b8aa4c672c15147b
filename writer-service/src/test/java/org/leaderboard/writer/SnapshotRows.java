package org.leaderboard.writer;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.TupleType;
import java.util.List;
import org.leaderboard.model.cassandra.PartitionDigest;
import org.leaderboard.model.cassandra.SnapshotHead;

/**
 * The rows a snapshot worker commits, written the way the worker writes them, for tests of what the
 * writer reads back (a head, the digests of the partitions a fold read). The worker owns these
 * tables and its own tests cover the writing; the writer's tests cannot use the worker's store (the
 * worker's tests use the writer's), so the two statements are repeated here, in test code only.
 */
final class SnapshotRows {

    private final CqlSession session;
    private final PreparedStatement head;
    private final PreparedStatement digest;
    private final TupleType layer;

    SnapshotRows(CqlSession session) {
        this.session = session;
        this.head =
                session.prepare(
                        "INSERT INTO snapshot_heads (board, cutoff, previous_cutoff, layers,"
                                + " events_folded, total_events, created_at)"
                                + " VALUES (?, ?, ?, ?, ?, ?, ?)");
        this.digest =
                session.prepare(
                        "INSERT INTO folded_partitions (board, bucket, shard, events, id_hash)"
                                + " VALUES (?, ?, ?, ?, ?) USING TIMESTAMP ?");
        this.layer =
                (TupleType)
                        ((ListType) head.getVariableDefinitions().get("layers").getType())
                                .getElementType();
    }

    void writeHead(SnapshotHead snapshot) {
        session.execute(
                head.bind(
                        snapshot.board(),
                        snapshot.cutoff(),
                        snapshot.previousCutoff(),
                        snapshot.layers().stream()
                                .map(l -> layer.newValue(l.from(), l.to(), l.rows()))
                                .toList(),
                        snapshot.eventsFolded(),
                        snapshot.totalEvents(),
                        snapshot.createdAt()));
    }

    void writeDigests(String board, List<PartitionDigest> digests) {
        for (PartitionDigest d : digests) {
            session.execute(
                    digest.bind(board, d.bucket(), d.shard(), d.events(), d.idHash(), d.events()));
        }
    }
}
