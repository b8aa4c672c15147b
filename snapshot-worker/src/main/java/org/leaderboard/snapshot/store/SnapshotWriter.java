package org.leaderboard.snapshot.store;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.TupleType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.AsyncLanes;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.LayerBlocks;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.PackedLayer;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.Tables;
import org.leaderboard.model.tally.Tallies;

/**
 * Writes snapshots: the layers of {@code snapshot_layer_blocks} and the heads of {@code
 * snapshot_heads} that commit them. The snapshot worker is their only writer; the other sides read
 * them through {@link org.leaderboard.model.cassandra.SnapshotLayerDao} and {@link
 * org.leaderboard.model.cassandra.SnapshotHeadDao}.
 *
 * <p>Layers are immutable and their content is a pure function of frozen events, so any number of
 * workers may write the same layer at once: they write the same blocks of the same users. A layer
 * becomes part of a snapshot only when a head naming it is written.
 */
public final class SnapshotWriter {

    private static final int WRITE_LANES = 32;

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement insertBlock;
    private final PreparedStatement insertHead;
    private final TupleType layer;

    public SnapshotWriter(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.insertBlock =
                session.prepare(
                        insertInto(keyspace, "snapshot_layer_blocks")
                                .value("board", bindMarker())
                                .value("from_time", bindMarker())
                                .value("to_time", bindMarker())
                                .value("chunk", bindMarker())
                                .value("block", bindMarker())
                                .value("data", bindMarker())
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
     * Stores the tallies of a layer, packed ({@link LayerBlocks}: each chunk's users in id order,
     * {@value LayerBlocks#USERS_PER_BLOCK} to a blob); completes when every block is acknowledged.
     */
    public CompletableFuture<Void> writeLayer(
            BoardSettings board, LayerRef layer, Tallies tallies) {
        return writeLayer(board, layer, PackedLayer.of(tallies, board.chunks()));
    }

    /**
     * Stores a layer in its packed form as it stands; completes when every block is acknowledged.
     * The blocks are written {@value #WRITE_LANES} at a time.
     */
    public CompletableFuture<Void> writeLayer(
            BoardSettings board, LayerRef layer, PackedLayer packed) {
        if (packed.chunks() != board.chunks()) {
            throw new IllegalArgumentException(
                    "a layer of "
                            + packed.chunks()
                            + " chunks for board "
                            + board.board()
                            + " of "
                            + board.chunks());
        }
        List<BoundStatement> blocks = new ArrayList<>();
        for (int chunk = 0; chunk < packed.chunks(); chunk++) {
            List<byte[]> encoded = packed.blocks(chunk);
            for (int block = 0; block < encoded.size(); block++) {
                blocks.add(
                        insertBlock
                                .bind(
                                        board.board(),
                                        layer.from(),
                                        layer.to(),
                                        chunk,
                                        block,
                                        ByteBuffer.wrap(encoded.get(block)))
                                .setIdempotent(true)
                                .setConsistencyLevel(consistency.write()));
            }
        }
        return AsyncLanes.map(blocks, WRITE_LANES, session::executeAsync).thenApply(done -> null);
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
