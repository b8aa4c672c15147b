package org.leaderboard.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.LongFunction;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.model.cassandra.Tables;
import org.leaderboard.model.cassandra.VoteEventDao;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.snapshot.config.SnapshotSettings;
import org.leaderboard.snapshot.pass.PassResult;
import org.leaderboard.snapshot.pass.SnapshotPass;
import org.leaderboard.snapshot.pass.StopFlag;
import org.leaderboard.snapshot.store.FoldedPartitionWriter;
import org.leaderboard.snapshot.store.SnapshotWriter;
import org.leaderboard.writer.store.BoardWriter;
import org.leaderboard.writer.store.VoteEventWriter;

/**
 * Fills boards fast and snapshots them: events written through the driver with the writer's own
 * INSERT (bypassing HTTP) at times chosen by the scenario, and the snapshot worker's {@link
 * SnapshotPass} run in this JVM with a fixed clock, so a pass covers exactly the buckets a scenario
 * wants (the pass is the production class with the production defaults; only "now" is chosen).
 */
final class BoardLoader {

    /**
     * The snapshot worker's defaults (application.yml): 10 s margin, 60 buckets/step, 12 layers.
     */
    static final SnapshotSettings SETTINGS =
            new SnapshotSettings(
                    "*/10 * * * * *",
                    false,
                    Duration.ofSeconds(10),
                    60,
                    12,
                    "LOCAL_QUORUM",
                    "LOCAL_QUORUM",
                    "LOCAL_QUORUM",
                    1);

    private static final int LOAD_IN_FLIGHT = 256;
    private static final int READ_LANES = 32;

    private final CqlSession session;
    private final BoardWriter boards;
    private final VoteEventWriter events;
    private final SnapshotHeadDao heads;
    private final SnapshotLayerDao layers;
    private final EventFolds folds;
    private final PreparedStatement selectPartition;
    private final SettableClock clock = new SettableClock();
    private final SnapshotPass snapshotPass;

    BoardLoader(CqlSession session) {
        this.session = session;
        this.boards = new BoardWriter(session, Consistency.DEFAULT);
        this.events = new VoteEventWriter(session, Consistency.DEFAULT);
        this.heads = new SnapshotHeadDao(session, Consistency.DEFAULT);
        this.layers = new SnapshotLayerDao(session, Consistency.DEFAULT);
        this.folds = EventFolds.on(session, Consistency.DEFAULT);
        this.selectPartition =
                session.prepare(VoteEventDao.selectPartitionStatement(Tables.keyspaceOf(session)));
        this.snapshotPass =
                new SnapshotPass(
                        folds,
                        heads,
                        layers,
                        new SnapshotWriter(session, Consistency.DEFAULT),
                        new FoldedPartitionWriter(session, Consistency.DEFAULT),
                        clock,
                        SETTINGS,
                        new StopFlag(),
                        new SimpleMeterRegistry());
    }

    /**
     * The replicas' part of one strong read, with the driver and nothing else: the board's late
     * marks new since {@code now - lag} (one request, two when a minute ends in between), and every
     * shard's rows of the bucket of {@code now} from {@code now - lag} on, all at once, as the
     * query service asks for them (its tail read without the rows' folding and the ranking; the
     * newest head it asks for only every {@code query.tail.head-check-interval}). Completes with
     * the rows sent.
     */
    CompletableFuture<Integer> replicasRoundTrip(BoardSettings board, Instant now, Duration lag) {
        Instant bucket = board.buckets().floor(now);
        CompletableFuture<?> marks = folds.lateMarksBetween(board, now.minus(lag), now);
        List<CompletableFuture<List<StoredEvent>>> rows = new ArrayList<>();
        for (int shard = 0; shard < board.shards(); shard++) {
            rows.add(folds.readPartitionSince(board, bucket, shard, now.minus(lag), Map.of()));
        }
        List<CompletableFuture<?>> all = new ArrayList<>(rows);
        all.add(marks);
        return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new))
                .thenApply(done -> rows.stream().mapToInt(part -> part.join().size()).sum());
    }

    /** A board with the default settings (60 s window and buckets, 8 shards) created then. */
    BoardSettings createBoard(String name, Instant createdAt) {
        return boards.insertIfAbsent(
                new BoardSettings(name, 60, UniqueVotes.NONE, 60, 8, 16, createdAt));
    }

    /** Inserts {@code count} events, {@code vote(i)} for i in [0, count), 256 in flight. */
    Measurement load(BoardSettings board, long count, LongFunction<VoteCastEvent> vote) {
        Instant now = Instant.now();
        return new AsyncLoad(
                        "loading " + board.board(),
                        LOAD_IN_FLIGHT,
                        new SplittableRandom(count),
                        (i, r) -> events.insert(board, vote.apply(i), now).thenApply(v -> 1))
                .count(count);
    }

    /**
     * A board's history: one event per user, of 1 to 10,000 votes, at a random time in {@code
     * [from, from + 15 min)}, seeded by the number of users so runs load the same board; each
     * user's votes are added to {@code sums[user]}.
     */
    Measurement loadHistory(BoardSettings board, int users, long[] sums, Instant from) {
        SplittableRandom random = new SplittableRandom(users);
        long span = Duration.ofMinutes(15).toMillis();
        return load(
                board,
                users,
                i -> {
                    VoteCastEvent vote =
                            new VoteCastEvent(
                                    TimeUuids.voteIdAt(from.plusMillis(random.nextLong(span))),
                                    board.board(),
                                    VoteMaker.user(i),
                                    VoteMaker.voter(random),
                                    1 + random.nextInt(10_000));
                    sums[(int) i] += vote.votes();
                    return vote;
                });
    }

    /**
     * One snapshot pass as the worker would run it at {@code now}; times it, then the merges its
     * heads call for, which the worker does after them. One {@link SnapshotPass} for every pass,
     * like the worker's, so a pass continues from the merges the previous one prepared.
     */
    synchronized TimedPass pass(BoardSettings board, Instant now) {
        clock.set(now);
        long started = System.nanoTime();
        PassResult result = snapshotPass.run(board);
        long published = System.nanoTime();
        snapshotPass.awaitMerges();
        return new TimedPass(
                result, (published - started) / 1e6, (System.nanoTime() - published) / 1e6);
    }

    /** The rows of each layer the board's newest head names, oldest first ("" without a head). */
    String chain(BoardSettings board) {
        return heads.latestHead(board.board())
                .map(
                        head ->
                                head.layers().stream()
                                        .map(layer -> String.valueOf(layer.rows()))
                                        .collect(java.util.stream.Collectors.joining("+")))
                .orElse("");
    }

    /** The {@code now} at which a pass advances exactly to {@code cutoff} (a bucket boundary). */
    static Instant nowForCutoff(BoardSettings board, Instant cutoff) {
        return cutoff.plus(board.writeWindow()).plus(SETTINGS.safetyMargin()).plusSeconds(1);
    }

    /**
     * The raw driver rate of reading the rows a pass over [from, to) folds: the same partitions,
     * the same columns, as many partitions at once as the fold ({@code READ_LANES}), rows only read
     * and counted.
     */
    Measurement rawRead(BoardSettings board, Instant from, Instant to) {
        List<Object[]> partitions = new ArrayList<>();
        for (Instant bucket : board.buckets().startsBetween(from, to)) {
            for (int shard = 0; shard < board.shards(); shard++) {
                partitions.add(new Object[] {board.board(), bucket, shard});
            }
        }
        Measurement m =
                new AsyncLoad(
                                "raw read " + board.board(),
                                READ_LANES,
                                new SplittableRandom(partitions.size()),
                                (i, r) ->
                                        session.executeAsync(
                                                        selectPartition
                                                                .bind(partitions.get((int) i))
                                                                .setConsistencyLevel(
                                                                        DefaultConsistencyLevel
                                                                                .LOCAL_QUORUM))
                                                .thenCompose(page -> consume(page, 0)))
                        .count(partitions.size());
        return new Measurement(
                m.units() - m.requests(),
                m.seconds(),
                m.requests(),
                m.errors(),
                m.p50Millis(),
                m.p99Millis());
    }

    /** Yields rows + 1, so that an empty partition still counts as a successful request. */
    private static CompletionStage<Integer> consume(AsyncResultSet page, int rows) {
        int seen = rows;
        for (Row row : page.currentPage()) {
            row.getUuid(0);
            row.getString(1);
            row.getString(2);
            row.getInt(3);
            row.getUuid(4);
            seen++;
        }
        if (page.hasMorePages()) {
            int soFar = seen;
            return page.fetchNextPage().thenCompose(next -> consume(next, soFar));
        }
        return java.util.concurrent.CompletableFuture.completedFuture(seen + 1);
    }

    /**
     * A pass and how long it took: {@code millis} until its last head was written, {@code
     * mergeMillis} for the merges prepared after it.
     */
    record TimedPass(PassResult result, double millis, double mergeMillis) {

        /**
         * The middle of an odd number of passes over the same amount of new events, by time: one
         * slow pass (a collection, a flush on the node) moves a median, not the figure.
         */
        static TimedPass median(List<TimedPass> passes) {
            List<TimedPass> byTime =
                    passes.stream().sorted(Comparator.comparingDouble(TimedPass::millis)).toList();
            return byTime.get(byTime.size() / 2);
        }

        double eventsPerSecond() {
            return millis <= 0 ? 0 : result.eventsRead() / (millis / 1000.0);
        }

        /** Events per second of the fold phase alone (reading and folding the partitions). */
        double foldedPerSecond() {
            double fold = result.foldMillis();
            return fold <= 0 ? 0 : result.eventsRead() / (fold / 1000.0);
        }
    }

    /** The "now" of the passes, set before each. */
    private static final class SettableClock extends Clock {

        private volatile Instant now = Instant.EPOCH;

        void set(Instant instant) {
            now = instant;
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("the passes' clock is UTC");
        }
    }
}
