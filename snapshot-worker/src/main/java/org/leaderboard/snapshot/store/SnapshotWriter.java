package org.leaderboard.snapshot.store;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.TupleType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.datasketches.hll.HllSketch;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.AsyncLanes;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.Tables;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.model.tally.VoterSketches;
import org.leaderboard.model.time.Hashing;

/**
 * Writes snapshots: the layers of {@code snapshot_layers} and the heads of {@code snapshot_heads}
 * that commit them. The snapshot worker is their only writer; the other sides read them through
 * {@link org.leaderboard.model.cassandra.SnapshotLayerDao} and {@link
 * org.leaderboard.model.cassandra.SnapshotHeadDao}.
 *
 * <p>Layers are immutable and their content is a pure function of frozen events, so any number of
 * workers may write the same layer at once: they write identical rows. A layer becomes part of a
 * snapshot only when a head naming it is written.
 */
public final class SnapshotWriter {

    private static final int WRITE_LANES = 32;
    private static final int BATCH_BYTES = 4096;
    private static final int ROW_OVERHEAD = 64;

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement insertLayerRow;
    private final PreparedStatement insertHead;
    private final TupleType layer;

    public SnapshotWriter(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.insertLayerRow =
                session.prepare(
                        insertInto(keyspace, "snapshot_layers")
                                .value("board", bindMarker())
                                .value("from_time", bindMarker())
                                .value("to_time", bindMarker())
                                .value("chunk", bindMarker())
                                .value("user_id", bindMarker())
                                .value("sum", bindMarker())
                                .value("count", bindMarker())
                                .value("min", bindMarker())
                                .value("max", bindMarker())
                                .value("sum_sq", bindMarker())
                                .value("voters", bindMarker())
                                .build());
        this.insertHead =
                session.prepare(
                        insertInto(keyspace, "snapshot_heads")
                                .value("board", bindMarker())
                                .value("cutoff", bindMarker())
                                .value("previous_cutoff", bindMarker())
                                .value("layers", bindMarker())
                                .value("events_folded", bindMarker())
                                .value("total_events", bindMarker())
                                .value("created_at", bindMarker())
                                .build());
        this.layer =
                (TupleType)
                        ((ListType) insertHead.getVariableDefinitions().get("layers").getType())
                                .getElementType();
    }

    /**
     * Stores the tallies of a layer; completes when every row is acknowledged. Rows go in unlogged
     * batches of one chunk's partition each (one mutation per batch on the replica, not one per
     * row), kept under {@value #BATCH_BYTES} bytes so that they stay below Cassandra's default
     * batch-size warning; the batches run {@value #WRITE_LANES} at a time.
     */
    public CompletableFuture<Void> writeLayer(
            BoardSettings board, LayerRef layer, Tallies tallies) {
        Map<Integer, List<BoundStatement>> byChunk = new HashMap<>();
        Map<Integer, Integer> bytesByChunk = new HashMap<>();
        List<BatchStatement> batches = new ArrayList<>();
        for (Map.Entry<String, Tally> row : tallies.asMap().entrySet()) {
            String user = row.getKey();
            int chunk = Hashing.chunkOf(user, board.chunks());
            HllSketch voters = tallies.voters(user);
            byte[] sketch = voters == null ? null : VoterSketches.toBytes(voters);
            int bytes = ROW_OVERHEAD + user.length() * 3 + (sketch == null ? 0 : sketch.length);
            List<BoundStatement> pending = byChunk.computeIfAbsent(chunk, c -> new ArrayList<>());
            if (!pending.isEmpty() && bytesByChunk.getOrDefault(chunk, 0) + bytes > BATCH_BYTES) {
                batches.add(batch(pending));
                pending.clear();
                bytesByChunk.put(chunk, 0);
            }
            pending.add(row(board, layer, chunk, user, row.getValue(), sketch));
            bytesByChunk.merge(chunk, bytes, Integer::sum);
        }
        byChunk.values().stream().filter(p -> !p.isEmpty()).forEach(p -> batches.add(batch(p)));
        return AsyncLanes.map(batches, WRITE_LANES, session::executeAsync).thenApply(done -> null);
    }

    private BatchStatement batch(List<BoundStatement> rows) {
        return BatchStatement.newInstance(DefaultBatchType.UNLOGGED, List.copyOf(rows))
                .setIdempotent(true)
                .setConsistencyLevel(consistency.write());
    }

    private BoundStatement row(
            BoardSettings board,
            LayerRef layer,
            int chunk,
            String user,
            Tally tally,
            byte[] sketch) {
        return insertLayerRow.bind(
                board.board(),
                layer.from(),
                layer.to(),
                chunk,
                user,
                tally.sum(),
                tally.count(),
                tally.min(),
                tally.max(),
                tally.sumOfSquares(),
                sketch == null ? null : ByteBuffer.wrap(sketch));
    }

    /** Commits a snapshot. Call only after every layer it names has been written. */
    public void writeHead(SnapshotHead head) {
        session.execute(
                insertHead
                        .bind(
                                head.board(),
                                head.cutoff(),
                                head.previousCutoff(),
                                head.layers().stream()
                                        .map(l -> layer.newValue(l.from(), l.to(), l.rows()))
                                        .toList(),
                                head.eventsFolded(),
                                head.totalEvents(),
                                head.createdAt())
                        .setIdempotent(true)
                        .setConsistencyLevel(consistency.write()));
    }
}
