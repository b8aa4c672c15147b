package org.leaderboard.snapshot.retention;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.deleteFrom;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.AsyncLanes;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.model.cassandra.Tables;

/**
 * The deletions of retention, and its mark ({@code retention_marks}). Only the snapshot worker
 * removes anything, and only what {@link RetentionPlan} says no reader inside the horizon needs.
 *
 * <p>Event partitions and fold digests are deleted whole, {@code USING TIMESTAMP Long.MAX_VALUE -
 * 1}: event rows are written with timestamps counting down from {@code Long.MAX_VALUE} (first write
 * wins), so a deletion at the current time would shadow nothing; at this timestamp it shadows every
 * write ever made to the partition, a late one included. (Not {@code Long.MAX_VALUE} itself:
 * compaction purges a tombstone only if its timestamp is below the oldest overlapping data's, and
 * nothing is below that.) Layers and heads are written at the current time and are deleted the same
 * way.
 */
final class RetentionDao {

    /** Above every event write's timestamp ({@code Long.MAX_VALUE - micros of the write}). */
    static final long SHADOW_EVERYTHING = Long.MAX_VALUE - 1;

    private static final int LANES = 32;

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement deleteEvents;
    private final PreparedStatement deleteDigests;
    private final PreparedStatement deleteBlocksChunk;
    private final PreparedStatement deleteRowsChunk;
    private final PreparedStatement deleteHeads;
    private final PreparedStatement selectMark;
    private final PreparedStatement insertMark;

    RetentionDao(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.deleteEvents =
                session.prepare(
                        deleteFrom(keyspace, "vote_events")
                                .usingTimestamp(bindMarker())
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("bucket")
                                .isEqualTo(bindMarker())
                                .whereColumn("shard")
                                .isEqualTo(bindMarker())
                                .build());
        this.deleteDigests =
                session.prepare(
                        deleteFrom(keyspace, "folded_partitions")
                                .usingTimestamp(bindMarker())
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("bucket")
                                .isEqualTo(bindMarker())
                                .build());
        this.deleteBlocksChunk = deleteLayerChunk(keyspace, "snapshot_layer_blocks");
        this.deleteRowsChunk = deleteLayerChunk(keyspace, "snapshot_layers");
        this.deleteHeads =
                session.prepare(
                        deleteFrom(keyspace, "snapshot_heads")
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("cutoff")
                                .isGreaterThanOrEqualTo(bindMarker())
                                .whereColumn("cutoff")
                                .isLessThanOrEqualTo(bindMarker())
                                .build());
        this.selectMark =
                session.prepare(
                        selectFrom(keyspace, "retention_marks")
                                .column("events_removed_before")
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .build());
        this.insertMark =
                session.prepare(
                        insertInto(keyspace, "retention_marks")
                                .value("board", bindMarker())
                                .value("events_removed_before", bindMarker())
                                .build());
    }

    /** Where the last round stopped removing events; empty before the first round. */
    Optional<Instant> eventsRemovedBefore(String board) {
        Row row =
                session.execute(selectMark.bind(board).setConsistencyLevel(consistency.read()))
                        .one();
        return Optional.ofNullable(row).map(r -> r.getInstant("events_removed_before"));
    }

    void markEventsRemovedBefore(String board, Instant before) {
        session.execute(insertMark.bind(board, before).setConsistencyLevel(consistency.write()));
    }

    /** Deletes every shard's events of each bucket, and the fold digests of the buckets. */
    CompletableFuture<Long> deleteEvents(BoardSettings board, List<Instant> buckets) {
        List<Object[]> partitions = new ArrayList<>();
        for (Instant bucket : buckets) {
            for (int shard = 0; shard < board.shards(); shard++) {
                partitions.add(new Object[] {bucket, shard});
            }
        }
        CompletableFuture<?> events =
                AsyncLanes.map(
                        partitions,
                        LANES,
                        p ->
                                session.executeAsync(
                                        deleteEvents
                                                .bind(SHADOW_EVERYTHING, board.board(), p[0], p[1])
                                                .setConsistencyLevel(consistency.write())));
        CompletableFuture<?> digests =
                AsyncLanes.map(
                        buckets,
                        LANES,
                        bucket ->
                                session.executeAsync(
                                        deleteDigests
                                                .bind(SHADOW_EVERYTHING, board.board(), bucket)
                                                .setConsistencyLevel(consistency.write())));
        return CompletableFuture.allOf(events, digests).thenApply(done -> (long) partitions.size());
    }

    /**
     * Deletes every chunk of each layer, packed and (for a layer written before the packed form) as
     * rows.
     */
    CompletableFuture<Void> deleteLayers(BoardSettings board, List<LayerRef> layers) {
        List<BoundStatement> deletes = new ArrayList<>();
        for (LayerRef layer : layers) {
            for (int chunk = 0; chunk < board.chunks(); chunk++) {
                for (PreparedStatement delete : List.of(deleteBlocksChunk, deleteRowsChunk)) {
                    deletes.add(
                            delete.bind(board.board(), layer.from(), layer.to(), chunk)
                                    .setConsistencyLevel(consistency.write()));
                }
            }
        }
        return AsyncLanes.map(deletes, LANES, session::executeAsync).thenApply(done -> null);
    }

    private PreparedStatement deleteLayerChunk(String keyspace, String table) {
        return session.prepare(
                deleteFrom(keyspace, table).where(SnapshotLayerDao.oneChunk()).build());
    }

    /** Deletes the heads with cutoffs in [first, last]. */
    void deleteHeads(String board, Instant first, Instant last) {
        session.execute(
                deleteHeads.bind(board, first, last).setConsistencyLevel(consistency.write()));
    }
}
