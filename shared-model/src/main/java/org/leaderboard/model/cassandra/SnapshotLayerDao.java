package org.leaderboard.model.cassandra;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.IntStream;
import org.apache.datasketches.hll.HllSketch;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.model.tally.VoterSketches;
import org.leaderboard.model.time.Hashing;

/**
 * The {@code snapshot_layers} table. Layers are immutable and their content is a pure function of
 * frozen events, so any number of workers may write the same layer at once: they write identical
 * rows. A layer becomes part of a snapshot only when a head naming it is written.
 */
public final class SnapshotLayerDao {

    private static final int WRITE_LANES = 32;
    private static final int BATCH_BYTES = 4096;
    private static final int ROW_OVERHEAD = 64;

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement insertLayerRow;
    private final PreparedStatement selectLayerChunk;

    public SnapshotLayerDao(CqlSession session, Consistency consistency) {
        this.session = session;
        this.consistency = consistency;
        this.insertLayerRow =
                session.prepare(
                        insertInto("snapshot_layers")
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
        this.selectLayerChunk =
                session.prepare(
                        selectFrom("snapshot_layers")
                                .columns(
                                        "user_id", "sum", "count", "min", "max", "sum_sq", "voters")
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("from_time")
                                .isEqualTo(bindMarker())
                                .whereColumn("to_time")
                                .isEqualTo(bindMarker())
                                .whereColumn("chunk")
                                .isEqualTo(bindMarker())
                                .build());
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

    /** Reads a whole layer, every chunk at once. */
    public CompletableFuture<Tallies> readLayer(BoardSettings board, LayerRef layer) {
        List<Integer> chunks = IntStream.range(0, board.chunks()).boxed().toList();
        return AsyncLanes.map(chunks, 32, chunk -> readChunk(board.board(), layer, chunk))
                .thenApply(
                        parts -> {
                            Tallies all = new Tallies();
                            parts.forEach(all::addAll);
                            return all;
                        });
    }

    private CompletionStage<Tallies> readChunk(String board, LayerRef layer, int chunk) {
        return session.executeAsync(
                        selectLayerChunk
                                .bind(board, layer.from(), layer.to(), chunk)
                                .setConsistencyLevel(consistency.read()))
                .thenCompose(page -> consume(page, new Tallies()));
    }

    private static HllSketch voters(ByteBuffer stored) {
        if (stored == null) {
            return null;
        }
        byte[] bytes = new byte[stored.remaining()];
        stored.duplicate().get(bytes);
        return VoterSketches.fromBytes(bytes);
    }

    private static CompletionStage<Tallies> consume(AsyncResultSet page, Tallies tallies) {
        for (Row row : page.currentPage()) {
            tallies.add(
                    row.getString(0),
                    Tally.of(
                            row.getLong(1),
                            row.getLong(2),
                            row.getLong(3),
                            row.getLong(4),
                            row.getBigInteger(5)),
                    voters(row.getByteBuffer(6)));
        }
        return page.hasMorePages()
                ? page.fetchNextPage().thenCompose(next -> consume(next, tallies))
                : CompletableFuture.completedFuture(tallies);
    }
}
