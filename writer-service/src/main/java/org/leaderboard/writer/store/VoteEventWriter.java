package org.leaderboard.writer.store;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import com.datastax.oss.driver.api.querybuilder.insert.RegularInsert;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.api.VoteRetractedEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.Tables;
import org.leaderboard.model.time.Hashing;

/**
 * Appends to the {@code vote_events} table, the event store; the writer is its only writer (the
 * other sides read it through {@link org.leaderboard.model.cassandra.VoteEventDao}). Writes are
 * single idempotent INSERTs: no read before write, no counter, no lightweight transaction.
 *
 * <p>Every insert carries {@code USING TIMESTAMP (Long.MAX_VALUE - now in micros)}, so of several
 * writes of the same voteId the <em>earliest</em> one wins on every replica. A retry with the same
 * content changes nothing; a client bug that reuses a voteId for a different vote cannot replace a
 * vote that was already acknowledged.
 */
public final class VoteEventWriter {

    /** Most rows in one unlogged batch: about 4 KB, under Cassandra's default 5 KB warning. */
    private static final int MAX_ROWS_PER_BATCH = 32;

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement insert;
    private final PreparedStatement insertRetraction;
    private final ProgressMarks progress;

    public VoteEventWriter(CqlSession session, Consistency consistency) {
        this(session, consistency, null);
    }

    /**
     * @param progress this writer's progress mark (null: none), which waits for every write started
     *     here until it completes ({@link ProgressMarks#writing})
     */
    public VoteEventWriter(CqlSession session, Consistency consistency, ProgressMarks progress) {
        String keyspace = Tables.keyspaceOf(session);
        this.progress = progress;
        this.session = session;
        this.consistency = consistency;
        this.insert = session.prepare(eventRow(keyspace).usingTimestamp(bindMarker()).build());
        this.insertRetraction =
                session.prepare(
                        eventRow(keyspace)
                                .value("retracts", bindMarker())
                                .usingTimestamp(bindMarker())
                                .build());
    }

    /** The columns of a vote's row; a retraction adds the voteId it retracts. */
    private static RegularInsert eventRow(String keyspace) {
        return insertInto(keyspace, "vote_events")
                .value("board", bindMarker())
                .value("bucket", bindMarker())
                .value("shard", bindMarker())
                .value("vote_id", bindMarker())
                .value("user_id", bindMarker())
                .value("voter_id", bindMarker())
                .value("votes", bindMarker());
    }

    /** Appends one event. Idempotent, so the driver may retry it after a timeout. */
    public CompletionStage<Void> insert(BoardSettings board, VoteCastEvent event, Instant now) {
        willWrite(event.voteId());
        return tracked(event.voteId(), execute(row(new Append(board, event, now))));
    }

    /**
     * An event's write is about to start or to wait its turn (the group commit's queue): the
     * progress mark waits for it until it completes.
     */
    public void willWrite(UUID eventId) {
        if (progress != null) {
            progress.writing(eventId);
        }
    }

    /** The mark stops waiting for a write that failed (one that completed is asked about). */
    private CompletionStage<Void> tracked(UUID eventId, CompletionStage<Void> write) {
        if (progress == null) {
            return write;
        }
        return write.whenComplete(
                (done, failure) -> {
                    if (failure != null) {
                        progress.done(eventId);
                    }
                });
    }

    /**
     * Appends the events of one batch request: grouped by partition (bucket and shard), each group
     * one unlogged batch, which the replica applies as one mutation instead of one per event (a
     * single-partition batch is atomic and isolated; no batch log). Idempotent like {@link
     * #insert}. The stage of each event completes, or fails, with its group.
     */
    public List<CompletionStage<Void>> insertAll(
            BoardSettings board, List<VoteCastEvent> events, Instant now) {
        return insertAll(events.stream().map(event -> new Append(board, event, now)).toList());
    }

    /**
     * One event to append, with the "now" of the request that brought it: each row keeps its own
     * first-write-wins timestamp, so votes of different requests can share a batch without any of
     * them changing which write of a voteId wins.
     */
    public record Append(BoardSettings board, VoteCastEvent event, Instant now) {

        Instant bucket() {
            return board.buckets().floor(event.time());
        }

        int shard() {
            return Hashing.shardOf(event.voteId(), board.shards());
        }

        /** The event partition the row lands in: one unlogged batch may only span one. */
        List<Object> partition() {
            return List.of(event.board(), bucket(), shard());
        }
    }

    /** A row waiting for its batch, and the stage its caller holds. */
    private record Queued(UUID id, BoundStatement row, CompletableFuture<Void> stored) {}

    /**
     * Appends events of any boards (the writer's group commit of concurrent single votes): grouped
     * by event partition (board, bucket, shard), each group one unlogged batch of at most {@value
     * #MAX_ROWS_PER_BATCH} rows, as {@link #insertAll(BoardSettings, List, Instant)}. The stage of
     * each event completes, or fails, with its group; a group of one is a plain insert.
     */
    public List<CompletionStage<Void>> insertAll(List<Append> appends) {
        List<CompletionStage<Void>> stored = new ArrayList<>(appends.size());
        Map<List<Object>, List<Queued>> byPartition = new LinkedHashMap<>();
        for (Append append : appends) {
            willWrite(append.event().voteId());
            Queued queued =
                    new Queued(append.event().voteId(), row(append), new CompletableFuture<>());
            byPartition.computeIfAbsent(append.partition(), k -> new ArrayList<>()).add(queued);
            stored.add(queued.stored());
        }
        for (List<Queued> group : byPartition.values()) {
            for (int from = 0; from < group.size(); from += MAX_ROWS_PER_BATCH) {
                List<Queued> part =
                        group.subList(from, Math.min(group.size(), from + MAX_ROWS_PER_BATCH));
                execute(batchOf(part))
                        .whenComplete(
                                (done, failure) -> {
                                    part.forEach(queued -> settle(queued.stored(), failure));
                                    if (failure != null && progress != null) {
                                        part.forEach(queued -> progress.done(queued.id()));
                                    }
                                });
            }
        }
        return stored;
    }

    private static Statement<?> batchOf(List<Queued> part) {
        if (part.size() == 1) {
            return part.get(0).row();
        }
        return BatchStatement.newInstance(
                DefaultBatchType.UNLOGGED,
                part.stream().<BatchableStatement<?>>map(Queued::row).toList());
    }

    private static void settle(CompletableFuture<Void> stored, Throwable failure) {
        if (failure == null) {
            stored.complete(null);
        } else {
            stored.completeExceptionally(failure);
        }
    }

    /**
     * Appends a compensating event at its own time. Idempotent like {@link #insert}; whether it
     * counts is decided by its retraction claim (see {@link ClaimWriter}).
     */
    public CompletionStage<Void> insertRetraction(
            BoardSettings board, VoteRetractedEvent event, Instant now) {
        willWrite(event.retractionId());
        return tracked(
                event.retractionId(),
                execute(
                        insertRetraction.bind(
                                event.board(),
                                board.buckets().floor(event.time()),
                                Hashing.shardOf(event.retractionId(), board.shards()),
                                event.retractionId(),
                                event.user(),
                                event.voter(),
                                event.votes(),
                                event.voteId(),
                                firstWriteWins(now))));
    }

    /**
     * A vote's row, its values encoded with the columns' codecs named here: binding them by their
     * Java types looked each codec up in the registry, 2% of the writer's CPU at peak.
     */
    private BoundStatement row(Append append) {
        VoteCastEvent event = append.event();
        return insert.boundStatementBuilder()
                .set(0, event.board(), TypeCodecs.TEXT)
                .set(1, append.bucket(), TypeCodecs.TIMESTAMP)
                .set(2, append.shard(), TypeCodecs.INT)
                .set(3, event.voteId(), TypeCodecs.TIMEUUID)
                .set(4, event.user(), TypeCodecs.TEXT)
                .set(5, event.voter(), TypeCodecs.TEXT)
                .set(6, event.votes(), TypeCodecs.INT)
                .set(7, firstWriteWins(append.now()), TypeCodecs.BIGINT)
                .build();
    }

    private CompletionStage<Void> execute(Statement<?> statement) {
        return session.executeAsync(
                        statement.setIdempotent(true).setConsistencyLevel(consistency.write()))
                .thenApply(rs -> null);
    }

    /** The write timestamp that makes the earliest write of a row win. */
    private static long firstWriteWins(Instant now) {
        return Long.MAX_VALUE - (now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000);
    }
}
