package org.leaderboard.model.cassandra;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import com.datastax.oss.driver.api.querybuilder.select.Select;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.api.VoteRetractedEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.time.Hashing;
import org.leaderboard.model.time.TimeUuids;

/**
 * The {@code vote_events} table, the event store. Writes are single idempotent INSERTs: no read
 * before write, no counter, no lightweight transaction.
 *
 * <p>Every insert carries {@code USING TIMESTAMP (Long.MAX_VALUE - now in micros)}, so of several
 * writes of the same voteId the <em>earliest</em> one wins on every replica. A retry with the same
 * content changes nothing; a client bug that reuses a voteId for a different vote cannot replace a
 * vote that was already acknowledged.
 */
public final class VoteEventDao {

    /** Partitions read at once when folding a range (buckets x shards can be hundreds). */
    private static final int READ_LANES = 32;

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement insert;
    private final PreparedStatement insertRetraction;
    private final PreparedStatement selectOne;
    private final PreparedStatement selectPartition;
    private final PreparedStatement selectPartitionSince;
    private final PreparedStatement countPartitionRange;

    public VoteEventDao(CqlSession session, Consistency consistency) {
        this.session = session;
        this.consistency = consistency;
        this.insert =
                session.prepare(
                        insertInto("vote_events")
                                .value("board", bindMarker())
                                .value("bucket", bindMarker())
                                .value("shard", bindMarker())
                                .value("vote_id", bindMarker())
                                .value("user_id", bindMarker())
                                .value("voter_id", bindMarker())
                                .value("votes", bindMarker())
                                .usingTimestamp(bindMarker())
                                .build());
        this.insertRetraction =
                session.prepare(
                        insertInto("vote_events")
                                .value("board", bindMarker())
                                .value("bucket", bindMarker())
                                .value("shard", bindMarker())
                                .value("vote_id", bindMarker())
                                .value("user_id", bindMarker())
                                .value("voter_id", bindMarker())
                                .value("votes", bindMarker())
                                .value("retracts", bindMarker())
                                .usingTimestamp(bindMarker())
                                .build());
        this.selectOne =
                session.prepare(
                        partitionSelect().whereColumn("vote_id").isEqualTo(bindMarker()).build());
        this.selectPartition = session.prepare(selectPartitionStatement());
        this.selectPartitionSince =
                session.prepare(
                        partitionSelect()
                                .whereColumn("vote_id")
                                .isGreaterThanOrEqualTo(bindMarker())
                                .build());
        this.countPartitionRange =
                session.prepare(
                        selectFrom("vote_events")
                                .countAll()
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("bucket")
                                .isEqualTo(bindMarker())
                                .whereColumn("shard")
                                .isEqualTo(bindMarker())
                                .whereColumn("vote_id")
                                .isGreaterThanOrEqualTo(bindMarker())
                                .whereColumn("vote_id")
                                .isLessThan(bindMarker())
                                .build());
    }

    /**
     * The read of one event partition (board, bucket, shard) that folds use; public so that the
     * benchmark's raw-read baseline reads exactly the same rows and columns.
     */
    public static SimpleStatement selectPartitionStatement() {
        return partitionSelect().build();
    }

    private static Select partitionSelect() {
        return selectFrom("vote_events")
                .columns("vote_id", "user_id", "voter_id", "votes", "retracts")
                .whereColumn("board")
                .isEqualTo(bindMarker())
                .whereColumn("bucket")
                .isEqualTo(bindMarker())
                .whereColumn("shard")
                .isEqualTo(bindMarker());
    }

    /** Appends one event. Idempotent, so the driver may retry it after a timeout. */
    public CompletionStage<Void> insert(BoardSettings board, VoteCastEvent event, Instant now) {
        long firstWriteWins = Long.MAX_VALUE - micros(now);
        return session.executeAsync(
                        insert.bind(
                                        event.board(),
                                        board.buckets().floor(event.time()),
                                        Hashing.shardOf(event.voteId(), board.shards()),
                                        event.voteId(),
                                        event.user(),
                                        event.voter(),
                                        event.votes(),
                                        firstWriteWins)
                                .setIdempotent(true)
                                .setConsistencyLevel(consistency.write()))
                .thenApply(rs -> null);
    }

    /** Most rows in one unlogged batch: about 4 KB, under Cassandra's default 5 KB warning. */
    private static final int MAX_ROWS_PER_BATCH = 32;

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
    public record Append(BoardSettings board, VoteCastEvent event, Instant now) {}

    /**
     * Appends events of any boards (the writer's group commit of concurrent single votes): grouped
     * by event partition (board, bucket, shard), each group one unlogged batch of at most {@value
     * #MAX_ROWS_PER_BATCH} rows, as {@link #insertAll(BoardSettings, List, Instant)}. The stage of
     * each event completes, or fails, with its group; a group of one is a plain insert.
     */
    public List<CompletionStage<Void>> insertAll(List<Append> appends) {
        Map<List<Object>, List<Integer>> byPartition = new LinkedHashMap<>();
        List<BoundStatement> rows = new ArrayList<>(appends.size());
        for (int i = 0; i < appends.size(); i++) {
            Append append = appends.get(i);
            VoteCastEvent event = append.event();
            Instant bucket = append.board().buckets().floor(event.time());
            int shard = Hashing.shardOf(event.voteId(), append.board().shards());
            rows.add(
                    insert.bind(
                            event.board(),
                            bucket,
                            shard,
                            event.voteId(),
                            event.user(),
                            event.voter(),
                            event.votes(),
                            Long.MAX_VALUE - micros(append.now())));
            byPartition
                    .computeIfAbsent(List.of(event.board(), bucket, shard), k -> new ArrayList<>())
                    .add(i);
        }
        List<CompletionStage<Void>> stored = new ArrayList<>(appends.size());
        for (int i = 0; i < appends.size(); i++) {
            stored.add(null);
        }
        for (List<Integer> group : byPartition.values()) {
            for (int from = 0; from < group.size(); from += MAX_ROWS_PER_BATCH) {
                List<Integer> part =
                        group.subList(from, Math.min(group.size(), from + MAX_ROWS_PER_BATCH));
                Statement<?> statement =
                        part.size() == 1
                                ? rows.get(part.get(0))
                                : BatchStatement.newInstance(
                                        DefaultBatchType.UNLOGGED,
                                        part.stream()
                                                .<BatchableStatement<?>>map(rows::get)
                                                .toList());
                CompletionStage<Void> done =
                        session.executeAsync(
                                        statement
                                                .setIdempotent(true)
                                                .setConsistencyLevel(consistency.write()))
                                .thenApply(rs -> null);
                part.forEach(i -> stored.set(i, done));
            }
        }
        return stored;
    }

    /**
     * Appends a compensating event at its own time. Idempotent like {@link #insert}; whether it
     * counts is decided by its retraction claim (see {@link RetractionClaimDao}).
     */
    public CompletionStage<Void> insertRetraction(
            BoardSettings board, VoteRetractedEvent event, Instant now) {
        long firstWriteWins = Long.MAX_VALUE - micros(now);
        return session.executeAsync(
                        insertRetraction
                                .bind(
                                        event.board(),
                                        board.buckets().floor(event.time()),
                                        Hashing.shardOf(event.retractionId(), board.shards()),
                                        event.retractionId(),
                                        event.user(),
                                        event.voter(),
                                        event.votes(),
                                        event.voteId(),
                                        firstWriteWins)
                                .setIdempotent(true)
                                .setConsistencyLevel(consistency.write()))
                .thenApply(rs -> null);
    }

    /**
     * The stored event with this id, if any (used off the hot path, for retries after the window).
     */
    public Optional<VoteCastEvent> find(BoardSettings board, UUID voteId) {
        return findStored(board, voteId)
                .map(e -> new VoteCastEvent(voteId, board.board(), e.user(), e.voter(), e.votes()));
    }

    /** The stored event with this id, vote or retraction, if any. */
    public Optional<StoredEvent> findStored(BoardSettings board, UUID voteId) {
        Instant time = TimeUuids.timeOf(voteId);
        Row row =
                session.execute(
                                selectOne
                                        .bind(
                                                board.board(),
                                                board.buckets().floor(time),
                                                Hashing.shardOf(voteId, board.shards()),
                                                voteId)
                                        .setConsistencyLevel(consistency.read()))
                        .one();
        return Optional.ofNullable(row).map(VoteEventDao::stored);
    }

    /** Folds every event with time in [from, to), every event counting (no claims to check). */
    public CompletableFuture<EventFold> fold(BoardSettings board, Instant from, Instant to) {
        return fold(board, from, to, null, Counting.ALL);
    }

    /**
     * Folds the events with time in [from, to) that {@code counting} accepts, and, if {@code until}
     * is set, with time not after it. Reads whole bucket partitions, since both ends are bucket
     * boundaries for snapshots; for an unaligned {@code to} (a tail read up to "now") the bucket
     * holding it is read whole, which is what a tail wants.
     */
    public CompletableFuture<EventFold> fold(
            BoardSettings board, Instant from, Instant to, Instant until, Counting counting) {
        List<BoundPartition> partitions = new ArrayList<>();
        for (Instant bucket : board.buckets().startsBetween(from, to)) {
            for (int shard = 0; shard < board.shards(); shard++) {
                partitions.add(new BoundPartition(bucket, shard));
            }
        }
        return AsyncLanes.map(
                        partitions,
                        READ_LANES,
                        p ->
                                foldPartition(
                                        board.board(),
                                        p,
                                        new PartitionFold(p.bucket(), p.shard(), until, counting)))
                .thenApply(EventFold::sum);
    }

    /**
     * Folds the events of one partition with time at or after {@code from}, split at {@code
     * settledBefore}: the rows are read from {@code from} on only (a slice of the clustering order,
     * which is the ids' time first), so a reader that already holds the fold of the rows before
     * {@code from} never reads them again.
     */
    public CompletableFuture<SplitFold> foldPartitionSince(
            BoardSettings board,
            Instant bucket,
            int shard,
            Instant from,
            Instant settledBefore,
            Counting counting) {
        PartitionFold settled = new PartitionFold(bucket, shard, null, counting);
        PartitionFold open = new PartitionFold(bucket, shard, null, counting);
        SplitByTime split = new SplitByTime(settledBefore, settled, open);
        return session.executeAsync(
                        selectPartitionSince
                                .bind(
                                        board.board(),
                                        bucket,
                                        shard,
                                        Uuids.startOf(from.toEpochMilli()))
                                .setConsistencyLevel(consistency.read()))
                .thenCompose(page -> split.consume(page))
                .toCompletableFuture();
    }

    /**
     * The rows of one partition with time at or after {@code from}, as stored (a slice of the
     * clustering order, which is the ids' time first): for a reader that folds them itself.
     */
    public CompletableFuture<List<StoredEvent>> readPartitionSince(
            BoardSettings board, Instant bucket, int shard, Instant from) {
        return session.executeAsync(
                        selectPartitionSince
                                .bind(
                                        board.board(),
                                        bucket,
                                        shard,
                                        Uuids.startOf(from.toEpochMilli()))
                                .setConsistencyLevel(consistency.read()))
                .thenCompose(page -> collect(page, new ArrayList<>()))
                .toCompletableFuture();
    }

    /**
     * How many rows of one partition have a time in [from, to), counted by the replicas: no row is
     * sent. Rows are never removed from a partition a tail reads, so a reader that holds rows of
     * that range and gets the same count holds all of them.
     */
    public CompletableFuture<Long> countPartition(
            BoardSettings board, Instant bucket, int shard, Instant from, Instant to) {
        return session.executeAsync(
                        countPartitionRange
                                .bind(
                                        board.board(),
                                        bucket,
                                        shard,
                                        Uuids.startOf(from.toEpochMilli()),
                                        Uuids.startOf(to.toEpochMilli()))
                                .setConsistencyLevel(consistency.read()))
                .thenApply(rows -> rows.one().getLong(0))
                .toCompletableFuture();
    }

    private static CompletionStage<List<StoredEvent>> collect(
            AsyncResultSet page, List<StoredEvent> rows) {
        for (Row row : page.currentPage()) {
            rows.add(stored(row));
        }
        if (page.hasMorePages()) {
            return page.fetchNextPage().thenCompose(next -> collect(next, rows));
        }
        return CompletableFuture.completedFuture(rows);
    }

    private record SplitByTime(Instant settledBefore, PartitionFold settled, PartitionFold open) {

        CompletionStage<SplitFold> consume(AsyncResultSet page) {
            for (Row row : page.currentPage()) {
                StoredEvent event = stored(row);
                (TimeUuids.timeOf(event.voteId()).isBefore(settledBefore) ? settled : open)
                        .add(event);
            }
            if (page.hasMorePages()) {
                return page.fetchNextPage().thenCompose(this::consume);
            }
            return settled.finish().thenCombine(open.finish(), SplitFold::new);
        }
    }

    private CompletionStage<EventFold> foldPartition(
            String board, BoundPartition partition, PartitionFold fold) {
        return session.executeAsync(
                        selectPartition
                                .bind(board, partition.bucket(), partition.shard())
                                .setConsistencyLevel(consistency.read()))
                .thenCompose(page -> consume(page, fold));
    }

    /**
     * What a read of the partition holding {@code voteId} sees now: the digest to compare with the
     * one a snapshot fold stored ({@link FoldedPartitionDao}). Reads the whole partition, so it is
     * only for the rare late retry.
     */
    public CompletionStage<PartitionDigest> digestOfPartitionOf(BoardSettings board, UUID voteId) {
        Instant bucket = board.buckets().floor(TimeUuids.timeOf(voteId));
        int shard = Hashing.shardOf(voteId, board.shards());
        return session.executeAsync(
                        selectPartition
                                .bind(board.board(), bucket, shard)
                                .setConsistencyLevel(consistency.read()))
                .thenCompose(page -> digest(page, PartitionDigest.empty(bucket, shard)));
    }

    private static CompletionStage<PartitionDigest> digest(
            AsyncResultSet page, PartitionDigest sofar) {
        PartitionDigest digest = sofar;
        for (Row row : page.currentPage()) {
            digest = digest.plus(row.getUuid("vote_id"));
        }
        if (page.hasMorePages()) {
            PartitionDigest read = digest;
            return page.fetchNextPage().thenCompose(next -> digest(next, read));
        }
        return CompletableFuture.completedFuture(digest);
    }

    private static CompletionStage<EventFold> consume(AsyncResultSet page, PartitionFold fold) {
        for (Row row : page.currentPage()) {
            fold.add(stored(row));
        }
        if (page.hasMorePages()) {
            return page.fetchNextPage().thenCompose(next -> consume(next, fold));
        }
        return fold.finish();
    }

    private static StoredEvent stored(Row row) {
        return new StoredEvent(
                row.getUuid("vote_id"),
                row.getString("user_id"),
                row.getString("voter_id"),
                row.getInt("votes"),
                row.getUuid("retracts"));
    }

    private static long micros(Instant time) {
        return time.getEpochSecond() * 1_000_000L + time.getNano() / 1_000;
    }

    private record BoundPartition(Instant bucket, int shard) {}
}
