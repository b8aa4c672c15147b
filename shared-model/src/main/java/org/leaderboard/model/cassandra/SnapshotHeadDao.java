package org.leaderboard.model.cassandra;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.TupleValue;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The {@code snapshot_heads} table: the commit markers of snapshots. A head is written only after
 * every layer it names is stored (see {@link SnapshotLayerDao}), so whoever reads a head can read a
 * complete snapshot.
 */
public final class SnapshotHeadDao {

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement selectLatestHead;
    private final PreparedStatement selectHeadAtOrBefore;
    private final PreparedStatement selectHeads;

    public SnapshotHeadDao(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.selectLatestHead =
                session.prepare(
                        selectFrom(keyspace, "snapshot_heads")
                                .all()
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .limit(1)
                                .build());
        this.selectHeadAtOrBefore =
                session.prepare(
                        selectFrom(keyspace, "snapshot_heads")
                                .all()
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("cutoff")
                                .isLessThanOrEqualTo(bindMarker())
                                .limit(1)
                                .build());
        this.selectHeads =
                session.prepare(
                        selectFrom(keyspace, "snapshot_heads")
                                .all()
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .build());
    }

    /** The newest complete snapshot of a board. */
    public Optional<SnapshotHead> latestHead(String board) {
        return Optional.ofNullable(
                        session.execute(
                                        selectLatestHead
                                                .bind(board)
                                                .setConsistencyLevel(consistency.read()))
                                .one())
                .map(SnapshotHeadDao::toHead);
    }

    /** As {@link #latestHead}, without waiting for the answer. */
    public CompletableFuture<Optional<SnapshotHead>> latestHeadAsync(String board) {
        return session.executeAsync(
                        selectLatestHead.bind(board).setConsistencyLevel(consistency.read()))
                .toCompletableFuture()
                .thenApply(rows -> Optional.ofNullable(rows.one()).map(SnapshotHeadDao::toHead));
    }

    /** The newest snapshot whose cutoff is at or before {@code time}. */
    public Optional<SnapshotHead> headAtOrBefore(String board, Instant time) {
        return Optional.ofNullable(
                        session.execute(
                                        selectHeadAtOrBefore
                                                .bind(board, time)
                                                .setConsistencyLevel(consistency.read()))
                                .one())
                .map(SnapshotHeadDao::toHead);
    }

    /** Every snapshot of a board, newest first. */
    public List<SnapshotHead> heads(String board) {
        return session
                .execute(selectHeads.bind(board).setConsistencyLevel(consistency.read()))
                .all()
                .stream()
                .map(SnapshotHeadDao::toHead)
                .toList();
    }

    private static SnapshotHead toHead(Row row) {
        List<LayerRef> layers =
                row.getList("layers", TupleValue.class).stream()
                        .map(l -> new LayerRef(l.getInstant(0), l.getInstant(1), l.getLong(2)))
                        .toList();
        return new SnapshotHead(
                row.getString("board"),
                row.getInstant("cutoff"),
                row.getInstant("previous_cutoff"),
                layers,
                row.getLong("events_folded"),
                row.getLong("total_events"),
                row.getInstant("created_at"));
    }
}
