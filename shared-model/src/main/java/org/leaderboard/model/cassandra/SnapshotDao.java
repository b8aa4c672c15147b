package org.leaderboard.model.cassandra;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.IntStream;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.model.time.Hashing;

/**
 * The {@code snapshot_heads} and {@code snapshot_layers} tables. Layers are immutable and their
 * content is a pure function of frozen events, so any number of workers may write the same layer at
 * once. A head is the commit marker: callers write it only after every layer it names is stored, so
 * whoever reads a head can read a complete snapshot.
 */
public final class SnapshotDao {

    private static final int WRITE_LANES = 64;

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement insertHead;
    private final PreparedStatement selectLatestHead;
    private final PreparedStatement selectHeadAtOrBefore;
    private final PreparedStatement selectHeads;
    private final PreparedStatement insertLayerRow;
    private final PreparedStatement selectLayerChunk;

    public SnapshotDao(CqlSession session, Consistency consistency) {
        this.session = session;
        this.consistency = consistency;
        this.insertHead =
                session.prepare(
                        insertInto("snapshot_heads")
                                .value("board", bindMarker())
                                .value("cutoff", bindMarker())
                                .value("previous_cutoff", bindMarker())
                                .value("layer_from", bindMarker())
                                .value("layer_to", bindMarker())
                                .value("layer_rows", bindMarker())
                                .value("events_folded", bindMarker())
                                .value("total_events", bindMarker())
                                .value("created_at", bindMarker())
                                .build());
        this.selectLatestHead =
                session.prepare(
                        selectFrom("snapshot_heads")
                                .all()
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .limit(1)
                                .build());
        this.selectHeadAtOrBefore =
                session.prepare(
                        selectFrom("snapshot_heads")
                                .all()
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("cutoff")
                                .isLessThanOrEqualTo(bindMarker())
                                .limit(1)
                                .build());
        this.selectHeads =
                session.prepare(
                        selectFrom("snapshot_heads")
                                .all()
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .build());
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
                                .build());
        this.selectLayerChunk =
                session.prepare(
                        selectFrom("snapshot_layers")
                                .columns("user_id", "sum", "count", "min", "max", "sum_sq")
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

    /** The newest complete snapshot of a board. */
    public Optional<SnapshotHead> latestHead(String board) {
        return Optional.ofNullable(
                        session.execute(
                                        selectLatestHead
                                                .bind(board)
                                                .setConsistencyLevel(consistency.read()))
                                .one())
                .map(SnapshotDao::toHead);
    }

    /** The newest snapshot whose cutoff is at or before {@code time}. */
    public Optional<SnapshotHead> headAtOrBefore(String board, Instant time) {
        return Optional.ofNullable(
                        session.execute(
                                        selectHeadAtOrBefore
                                                .bind(board, time)
                                                .setConsistencyLevel(consistency.read()))
                                .one())
                .map(SnapshotDao::toHead);
    }

    /** Every snapshot of a board, newest first. */
    public List<SnapshotHead> heads(String board) {
        return session
                .execute(selectHeads.bind(board).setConsistencyLevel(consistency.read()))
                .all()
                .stream()
                .map(SnapshotDao::toHead)
                .toList();
    }

    /** Commits a snapshot. Call only after every layer it names has been written. */
    public void writeHead(SnapshotHead head) {
        session.execute(
                insertHead
                        .bind(
                                head.board(),
                                head.cutoff(),
                                head.previousCutoff(),
                                head.layers().stream().map(LayerRef::from).toList(),
                                head.layers().stream().map(LayerRef::to).toList(),
                                head.layers().stream().map(LayerRef::rows).toList(),
                                head.eventsFolded(),
                                head.totalEvents(),
                                head.createdAt())
                        .setIdempotent(true)
                        .setConsistencyLevel(consistency.write()));
    }

    /** Stores the tallies of a layer; completes when every row is acknowledged. */
    public CompletableFuture<Void> writeLayer(
            BoardSettings board, LayerRef layer, Tallies tallies) {
        List<Map.Entry<String, Tally>> rows = new ArrayList<>(tallies.asMap().entrySet());
        return AsyncLanes.map(
                        rows,
                        WRITE_LANES,
                        row -> writeRow(board, layer, row.getKey(), row.getValue()))
                .thenApply(done -> null);
    }

    private CompletionStage<AsyncResultSet> writeRow(
            BoardSettings board, LayerRef layer, String user, Tally tally) {
        return session.executeAsync(
                insertLayerRow
                        .bind(
                                board.board(),
                                layer.from(),
                                layer.to(),
                                Hashing.chunkOf(user, board.chunks()),
                                user,
                                tally.sum(),
                                tally.count(),
                                tally.min(),
                                tally.max(),
                                tally.sumOfSquares())
                        .setIdempotent(true)
                        .setConsistencyLevel(consistency.write()));
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

    private static CompletionStage<Tallies> consume(AsyncResultSet page, Tallies tallies) {
        for (Row row : page.currentPage()) {
            tallies.add(
                    row.getString(0),
                    Tally.of(
                            row.getLong(1),
                            row.getLong(2),
                            row.getLong(3),
                            row.getLong(4),
                            row.getBigInteger(5)));
        }
        return page.hasMorePages()
                ? page.fetchNextPage().thenCompose(next -> consume(next, tallies))
                : CompletableFuture.completedFuture(tallies);
    }

    private static SnapshotHead toHead(Row row) {
        List<Instant> from = row.getList("layer_from", Instant.class);
        List<Instant> to = row.getList("layer_to", Instant.class);
        List<Long> rows = row.getList("layer_rows", Long.class);
        List<LayerRef> layers = new ArrayList<>();
        for (int i = 0; i < from.size(); i++) {
            layers.add(new LayerRef(from.get(i), to.get(i), rows.get(i)));
        }
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
