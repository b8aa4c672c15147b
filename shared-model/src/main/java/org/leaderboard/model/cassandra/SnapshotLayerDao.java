package org.leaderboard.model.cassandra;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.querybuilder.relation.Relation;
import java.nio.ByteBuffer;
import java.util.ArrayList;
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
 * Reads snapshot layers: packed ({@code snapshot_layer_blocks}, {@link LayerBlocks}), or for a
 * layer written before the packed form, its rows in {@code snapshot_layers}. Only the snapshot
 * worker writes layers (its {@code SnapshotWriter}). Layers are immutable and their content is a
 * pure function of frozen events, so any number of workers may write the same layer at once: they
 * write the same users' tallies. A layer becomes part of a snapshot only when a head naming it is
 * written, so a layer read through a head is complete: a read finding some of its users but not the
 * count the head gives fails rather than answer from part of it.
 */
public final class SnapshotLayerDao {

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement selectLayerChunk;
    private final PreparedStatement selectBlocks;

    public SnapshotLayerDao(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.selectLayerChunk =
                session.prepare(
                        selectFrom(keyspace, "snapshot_layers")
                                .columns(
                                        "user_id", "sum", "count", "min", "max", "sum_sq", "voters")
                                .where(oneChunk())
                                .build());
        this.selectBlocks =
                session.prepare(
                        selectFrom(keyspace, "snapshot_layer_blocks")
                                .column("data")
                                .where(oneChunk())
                                .build());
    }

    /**
     * The partition of one chunk of one layer, in either layer table: board, from_time, to_time and
     * chunk bound in that order.
     */
    public static List<Relation> oneChunk() {
        return List.of(
                Relation.column("board").isEqualTo(bindMarker()),
                Relation.column("from_time").isEqualTo(bindMarker()),
                Relation.column("to_time").isEqualTo(bindMarker()),
                Relation.column("chunk").isEqualTo(bindMarker()));
    }

    /**
     * Reads a whole layer, every chunk at once. The blocks are decoded once all have arrived, off
     * the driver's threads (they only collect them), into one map sized by the layer's row count.
     */
    public CompletableFuture<Tallies> readLayer(BoardSettings board, LayerRef layer) {
        List<Integer> chunks = IntStream.range(0, board.chunks()).boxed().toList();
        return AsyncLanes.map(chunks, 32, chunk -> readBlocks(board.board(), layer, chunk))
                .thenComposeAsync(
                        parts -> {
                            Tallies all = Tallies.forUsers(layer.rows());
                            long users = 0;
                            for (List<ByteBuffer> part : parts) {
                                for (ByteBuffer block : part) {
                                    users += LayerBlocks.decodeInto(block, all);
                                }
                            }
                            if (users == 0 && layer.rows() > 0) {
                                return readRows(board, layer);
                            }
                            if (users != layer.rows()) {
                                throw notWhatTheHeadSays(board, layer, users);
                            }
                            return CompletableFuture.completedFuture(all);
                        });
    }

    /**
     * Reads a whole layer in its stored form ({@link PackedLayer}), every chunk at once, for the
     * snapshot worker's merges; a layer written before the packed form is read as rows and packed.
     */
    public CompletableFuture<PackedLayer> readPacked(BoardSettings board, LayerRef layer) {
        List<Integer> chunks = IntStream.range(0, board.chunks()).boxed().toList();
        return AsyncLanes.map(chunks, 32, chunk -> readBlocks(board.board(), layer, chunk))
                .thenComposeAsync(
                        parts -> {
                            List<List<byte[]>> blocks = new ArrayList<>(parts.size());
                            for (List<ByteBuffer> part : parts) {
                                List<byte[]> chunk = new ArrayList<>(part.size());
                                for (ByteBuffer block : part) {
                                    byte[] bytes = new byte[block.remaining()];
                                    block.duplicate().get(bytes);
                                    chunk.add(bytes);
                                }
                                blocks.add(chunk);
                            }
                            PackedLayer packed = PackedLayer.ofBlocks(blocks);
                            if (packed.rows() == 0 && layer.rows() > 0) {
                                return readRows(board, layer)
                                        .thenApply(t -> PackedLayer.of(t, board.chunks()));
                            }
                            if (packed.rows() != layer.rows()) {
                                throw notWhatTheHeadSays(board, layer, packed.rows());
                            }
                            return CompletableFuture.completedFuture(packed);
                        });
    }

    /** A layer whose blocks hold another number of users than its head names: a block missing. */
    private static IllegalStateException notWhatTheHeadSays(
            BoardSettings board, LayerRef layer, long users) {
        return new IllegalStateException(
                "snapshot layer "
                        + layer
                        + " of board "
                        + board.board()
                        + " holds "
                        + users
                        + " users");
    }

    private CompletionStage<List<ByteBuffer>> readBlocks(String board, LayerRef layer, int chunk) {
        return session.executeAsync(
                        selectBlocks
                                .bind(board, layer.from(), layer.to(), chunk)
                                .setConsistencyLevel(consistency.read()))
                .thenCompose(page -> collect(page, new ArrayList<>()));
    }

    private static CompletionStage<List<ByteBuffer>> collect(
            AsyncResultSet page, List<ByteBuffer> blocks) {
        for (Row row : page.currentPage()) {
            blocks.add(row.getByteBuffer(0));
        }
        return page.hasMorePages()
                ? page.fetchNextPage().thenCompose(next -> collect(next, blocks))
                : CompletableFuture.completedFuture(blocks);
    }

    /** A layer written before the packed form: one row per user. */
    private CompletableFuture<Tallies> readRows(BoardSettings board, LayerRef layer) {
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
