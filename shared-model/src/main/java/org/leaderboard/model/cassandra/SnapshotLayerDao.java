package org.leaderboard.model.cassandra;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.IntStream;
import org.apache.datasketches.hll.HllSketch;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.model.tally.VoterSketches;

/**
 * Reads of the {@code snapshot_layers} table; only the snapshot worker writes layers (its {@code
 * SnapshotWriter}). Layers are immutable and their content is a pure function of frozen events, so
 * any number of workers may write the same layer at once: they write identical rows. A layer
 * becomes part of a snapshot only when a head naming it is written.
 */
public final class SnapshotLayerDao {

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement selectLayerChunk;

    public SnapshotLayerDao(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.selectLayerChunk =
                session.prepare(
                        selectFrom(keyspace, "snapshot_layers")
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

    /** Reads a whole layer, every chunk at once. */
    public CompletableFuture<Tallies> readLayer(BoardSettings board, LayerRef layer) {
        List<Integer> chunks = IntStream.range(0, board.chunks()).boxed().toList();
        return AsyncLanes.map(chunks, 32, chunk -> readChunk(board.board(), layer, chunk))
                .thenApply(
                        parts -> {
                            Tallies all = Tallies.forUsers(layer.rows());
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
