package org.leaderboard.model.cassandra;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import com.datastax.oss.driver.api.querybuilder.select.Select;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.time.Hashing;
import org.leaderboard.model.time.TimeUuids;

/**
 * Reads of the {@code vote_events} table, the event store: single events, folds of time ranges and
 * partitions, digests. Only the writer appends to it (its {@code VoteEventWriter}); this class has
 * no write, so a side that holds it cannot change the store.
 */
public final class VoteEventDao {

    /** Partitions read at once when folding a range (buckets x shards can be hundreds). */
    private static final int READ_LANES = 32;

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement selectOne;
    private final PreparedStatement selectPartition;
    private final PreparedStatement selectPartitionSince;
    private final PreparedStatement countPartitionRange;
    private final PreparedStatement selectEvents;
    private final PreparedStatement selectMarksSince;
    private final PreparedStatement selectMarksByTime;

    /** Minutes of {@code late_marks_by_time} asked at once by one {@link #lateMarksBetween}. */
    private static final int MARK_MINUTES_AT_ONCE = 8;

    private final PreparedStatement selectProgress;

    public VoteEventDao(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.selectOne =
                session.prepare(
                        partitionSelect(keyspace)
                                .whereColumn("vote_id")
                                .isEqualTo(bindMarker())
                                .build());
        this.selectPartition = session.prepare(selectPartitionStatement(keyspace));
        this.selectPartitionSince =
                session.prepare(
                        partitionSelect(keyspace)
                                .whereColumn("vote_id")
                                .isGreaterThanOrEqualTo(bindMarker())
                                .build());
        this.countPartitionRange =
                session.prepare(
                        selectFrom(keyspace, "vote_events")
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
        this.selectEvents =
                session.prepare(
                        partitionSelect(keyspace).whereColumn("vote_id").in(bindMarker()).build());
        this.selectMarksSince =
                session.prepare(
                        selectFrom(keyspace, "late_marks")
                                .columns("mark_id", "shard", "event_id")
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("bucket")
                                .isEqualTo(bindMarker())
                                .whereColumn("mark_id")
                                .isGreaterThanOrEqualTo(bindMarker())
                                .build());
        this.selectMarksByTime =
                session.prepare(
                        selectFrom(keyspace, "late_marks_by_time")
                                .columns("mark_id", "bucket", "shard", "event_id")
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("minute")
                                .isEqualTo(bindMarker())
                                .whereColumn("mark_id")
                                .isGreaterThanOrEqualTo(bindMarker())
                                .build());
        this.selectProgress =
                session.prepare(
                        selectFrom(keyspace, "writer_progress")
                                .columns("writer", "low_mark", "feed")
                                .whereColumn("part")
                                .isEqualTo(bindMarker())
                                .build());
    }

    /**
     * The read of one event partition (board, bucket, shard) that folds use; public so that the
     * benchmark's raw-read baseline reads exactly the same rows and columns.
     */
    public static SimpleStatement selectPartitionStatement(String keyspace) {
        return partitionSelect(keyspace).build();
    }

    private static Select partitionSelect(String keyspace) {
        return selectFrom(keyspace, "vote_events")
                .columns("vote_id", "user_id", "voter_id", "votes", "retracts")
                .whereColumn("board")
                .isEqualTo(bindMarker())
                .whereColumn("bucket")
                .isEqualTo(bindMarker())
                .whereColumn("shard")
                .isEqualTo(bindMarker());
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
        return partitionSince(board, bucket, shard, from)
                .thenCompose(page -> split.consume(page))
                .toCompletableFuture();
    }

    /**
     * The rows of one partition with time at or after {@code from}, as stored (a slice of the
     * clustering order, which is the ids' time first): for a reader that folds them itself. A row
     * whose id is in {@code known} is given as the event there, without decoding the rest of it: a
     * reader that reads the newest rows again at every read has most of them already (an event's
     * row never changes once stored).
     */
    public CompletableFuture<List<StoredEvent>> readPartitionSince(
            BoardSettings board,
            Instant bucket,
            int shard,
            Instant from,
            Map<UUID, StoredEvent> known) {
        return partitionSince(board, bucket, shard, from)
                .thenCompose(page -> collect(page, new ArrayList<>(), known))
                .toCompletableFuture();
    }

    /** The first page of a partition's rows with time at or after {@code from}. */
    private CompletionStage<AsyncResultSet> partitionSince(
            BoardSettings board, Instant bucket, int shard, Instant from) {
        return session.executeAsync(
                selectPartitionSince
                        .bind(board.board(), bucket, shard, Uuids.startOf(from.toEpochMilli()))
                        .setConsistencyLevel(consistency.read()));
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

    /**
     * The late marks of one bucket (see the {@code late_marks} table) whose own ids are at or after
     * {@code from}: the writer marks an event there, before acknowledging it, when its write
     * completed more than {@code writer.late-after} after its time, and writes the mark again with
     * a new id if the mark itself took longer than that to store. So a reader that asks from a
     * moment earlier than its last ask by more than that (plus the clocks' difference) gets every
     * mark stored since, with some it has seen again.
     */
    public CompletableFuture<List<LateMark>> lateMarksSince(
            BoardSettings board, Instant bucket, Instant from) {
        return session.executeAsync(
                        selectMarksSince
                                .bind(board.board(), bucket, Uuids.startOf(from.toEpochMilli()))
                                .setConsistencyLevel(consistency.read()))
                .thenCompose(page -> collectMarks(page, bucket, new ArrayList<>()))
                .toCompletableFuture();
    }

    /**
     * Every late mark of a board (see the {@code late_marks_by_time} table) whose own id is at or
     * after {@code from} and in a minute no later than {@code until}'s, in the order of their ids:
     * one request per minute from {@code from}'s to {@code until}'s, usually one. The writer stores
     * each mark, before acknowledging its event, within {@code writer.late-mark-within} of its id
     * (by its clock), writing it again with a new id otherwise; so a reader that asks from a moment
     * earlier than its last ask by more than that (plus the clocks' difference), until a moment
     * later than its "now" by as much, gets every mark stored since, with some it has seen again.
     */
    public CompletableFuture<List<LateMark>> lateMarksBetween(
            BoardSettings board, Instant from, Instant until) {
        UUID start = Uuids.startOf(from.toEpochMilli());
        List<Instant> minutes = new ArrayList<>();
        for (Instant minute = LateMark.minuteOf(from);
                !minute.isAfter(until);
                minute = minute.plus(LateMark.MINUTE)) {
            minutes.add(minute);
        }
        // A reader that last asked long ago asks many minutes: a few at a time.
        return AsyncLanes.map(
                        minutes,
                        MARK_MINUTES_AT_ONCE,
                        minute ->
                                session.executeAsync(
                                                selectMarksByTime
                                                        .bind(board.board(), minute, start)
                                                        .setConsistencyLevel(consistency.read()))
                                        .thenCompose(
                                                page ->
                                                        collectMarks(
                                                                page, null, new ArrayList<>())))
                .thenApply(
                        each -> {
                            if (each.size() == 1) {
                                return each.get(0);
                            }
                            List<LateMark> all = new ArrayList<>();
                            each.forEach(all::addAll);
                            return all;
                        });
    }

    /**
     * Every running writer's progress (see the {@code writer_progress} table): a writer's row is
     * there from its registration until its lease runs out without being renewed.
     */
    public CompletableFuture<List<WriterProgress>> writerProgress() {
        return session.executeAsync(
                        selectProgress
                                .bind(WriterProgress.PART)
                                .setConsistencyLevel(consistency.read()))
                .thenApply(
                        page -> {
                            if (page.hasMorePages()) {
                                // Writers are a few dozen at most; a reader must see them all.
                                throw new IllegalStateException(
                                        "writer_progress holds more rows than one page");
                            }
                            List<WriterProgress> all = new ArrayList<>();
                            for (Row row : page.currentPage()) {
                                all.add(
                                        new WriterProgress(
                                                row.getUuid(0),
                                                row.getInstant(1),
                                                row.getString(2)));
                            }
                            return all;
                        })
                .toCompletableFuture();
    }

    /**
     * The marks of a page and the pages after it: of {@code late_marks} (id, shard, event) when
     * {@code bucket} is the partition's bucket, of {@code late_marks_by_time} (id, bucket, shard,
     * event) when it is null.
     */
    private static CompletionStage<List<LateMark>> collectMarks(
            AsyncResultSet page, Instant bucket, List<LateMark> marks) {
        for (Row row : page.currentPage()) {
            marks.add(
                    bucket != null
                            ? new LateMark(
                                    row.get(0, TypeCodecs.TIMEUUID),
                                    bucket,
                                    row.getInt(1),
                                    row.get(2, TypeCodecs.TIMEUUID))
                            : new LateMark(
                                    row.get(0, TypeCodecs.TIMEUUID),
                                    row.getInstant(1),
                                    row.getInt(2),
                                    row.get(3, TypeCodecs.TIMEUUID)));
        }
        if (page.hasMorePages()) {
            return page.fetchNextPage().thenCompose(next -> collectMarks(next, bucket, marks));
        }
        return CompletableFuture.completedFuture(marks);
    }

    /**
     * The rows of the given events of one partition (those stored; an id with no row is left out),
     * read by key: the events late marks name.
     */
    public CompletableFuture<List<StoredEvent>> readEvents(
            BoardSettings board, Instant bucket, int shard, List<UUID> ids) {
        if (ids.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        return session.executeAsync(
                        selectEvents
                                .bind(board.board(), bucket, shard, ids)
                                .setConsistencyLevel(consistency.read()))
                .thenCompose(page -> collect(page, new ArrayList<>(), Map.of()))
                .toCompletableFuture();
    }

    private static CompletionStage<List<StoredEvent>> collect(
            AsyncResultSet page, List<StoredEvent> rows, Map<UUID, StoredEvent> known) {
        for (Row row : page.currentPage()) {
            UUID id = row.get(0, TypeCodecs.TIMEUUID);
            StoredEvent event = known.get(id);
            rows.add(event != null ? event : stored(id, row));
        }
        if (page.hasMorePages()) {
            return page.fetchNextPage().thenCompose(next -> collect(next, rows, known));
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

    /**
     * A row of {@link #partitionSelect}'s columns (in that order), read by position: no lookup of
     * each column by name for each of the rows a strong read decodes.
     */
    /**
     * A row of {@link #partitionSelect}'s columns. Decoded with the columns' own codecs: looking
     * each one up in the driver's registry by type, as {@code getString} and the like do, was a
     * fifth of decoding the rows.
     */
    private static StoredEvent stored(Row row) {
        return stored(row.get(0, TypeCodecs.TIMEUUID), row);
    }

    private static StoredEvent stored(UUID voteId, Row row) {
        return new StoredEvent(
                voteId,
                row.get(1, TypeCodecs.TEXT),
                row.get(2, TypeCodecs.TEXT),
                TypeCodecs.INT.decodePrimitive(row.getBytesUnsafe(3), row.protocolVersion()),
                row.get(4, TypeCodecs.TIMEUUID));
    }

    private record BoundPartition(Instant bucket, int shard) {}
}
