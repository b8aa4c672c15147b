package org.leaderboard.query.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.PackedLayer;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.tally.Tallies;

/**
 * The layer cache, with counting in-memory layer and event sources standing in for SnapshotLayerDao
 * and EventFolds.
 */
class SnapshotSumsTests {

    private static final BoardSettings BOARD =
            new BoardSettings("b", 60, UniqueVotes.NONE, 60, 4, 4, Instant.EPOCH);
    private static final Instant T0 = Instant.parse("2025-01-01T10:00:00Z");
    private static final LayerRef FIRST = new LayerRef(T0, T0.plusSeconds(60), 1);
    private static final LayerRef SECOND = new LayerRef(T0.plusSeconds(60), T0.plusSeconds(120), 1);

    private static final LayerRef BOTH = new LayerRef(T0, T0.plusSeconds(120), 7);

    private static final long FIRST_VOTES = 3;
    private static final long SECOND_VOTES = 4;

    private final Map<LayerRef, AtomicInteger> loads = new ConcurrentHashMap<>();
    private final CountingLayers source = new CountingLayers();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final QueryMetrics metrics = new QueryMetrics(meters);
    private final AtomicInteger folds = new AtomicInteger();

    /** How many events the fold of the second minute finds (the worker found SECOND_VOTES). */
    private final AtomicLong eventsFound = new AtomicLong(SECOND_VOTES);

    private final RangeFolder events =
            (board, from, to) -> {
                folds.incrementAndGet();
                Tallies tallies = new Tallies();
                tallies.addVote("alice", SECOND_VOTES);
                return CompletableFuture.supplyAsync(
                        () -> new EventFold(tallies, eventsFound.get(), 1));
            };

    @Test
    void aSnapshotIsTheSumOfItsLayers() {
        SnapshotSums sums = new SnapshotSums(source, events, metrics);

        Snapshot snapshot = sums.newestOf(BOARD, head(SECOND.to(), FIRST, SECOND)).join();

        assertThat(snapshot.cutoff()).isEqualTo(SECOND.to());
        assertThat(alice(snapshot)).isEqualTo(FIRST_VOTES + SECOND_VOTES);
    }

    @Test
    void concurrentQueriesLoadEachLayerOnce() throws Exception {
        SnapshotSums sums = new SnapshotSums(source, events, metrics);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Snapshot>> answers =
                    IntStream.range(0, 16)
                            .mapToObj(
                                    i ->
                                            pool.submit(
                                                    () -> {
                                                        start.await();
                                                        return sums.newestOf(
                                                                        BOARD,
                                                                        head(
                                                                                SECOND.to(),
                                                                                FIRST,
                                                                                SECOND))
                                                                .join();
                                                    }))
                            .toList();
            start.countDown();
            for (Future<Snapshot> answer : answers) {
                assertThat(alice(answer.get())).isEqualTo(FIRST_VOTES + SECOND_VOTES);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(loads.get(FIRST)).hasValue(1);
        assertThat(loads.get(SECOND)).hasValue(1);
    }

    @Test
    void aNewerHeadLoadsOnlyItsNewLayers() {
        SnapshotSums sums = new SnapshotSums(source, events, metrics);
        sums.newestOf(BOARD, head(FIRST.to(), FIRST)).join();

        Snapshot newer = sums.newestOf(BOARD, head(SECOND.to(), FIRST, SECOND)).join();

        assertThat(newer.cutoff()).isEqualTo(SECOND.to());
        assertThat(loads.get(FIRST)).hasValue(1);
        assertThat(loads.get(SECOND)).hasValue(1);
    }

    @Test
    void aNewerHeadRankedApartIsAddedOnTheThreadsItsCallerNames() {
        SnapshotSums sums = new SnapshotSums(source, events, metrics);
        sums.newestOf(BOARD, head(FIRST.to(), FIRST_VOTES, FIRST)).join();
        Map<String, Integer> ran = new ConcurrentHashMap<>();

        Snapshot newer =
                onBackground(
                        ran,
                        threads ->
                                sums.newestOf(
                                        BOARD,
                                        head(
                                                SECOND.to(),
                                                FIRST_VOTES + SECOND_VOTES,
                                                FIRST,
                                                SECOND),
                                        threads));

        assertThat(alice(newer)).isEqualTo(FIRST_VOTES + SECOND_VOTES);
        // The layers' merge, then the ranking: both on the caller's threads, at the lowest
        // priority.
        assertThat(ran).containsExactly(Map.entry("test-heads@" + Thread.MIN_PRIORITY, 2));
    }

    @Test
    void aNewerHeadRolledFromTheEventsBetweenIsRankedOnTheThreadsItsCallerNames() {
        SnapshotSums sums = new SnapshotSums(source, events, metrics);
        sums.newestOf(BOARD, head(FIRST.to(), FIRST_VOTES, FIRST)).join();
        Map<String, Integer> ran = new ConcurrentHashMap<>();

        Snapshot rolled =
                onBackground(
                        ran,
                        threads ->
                                sums.newestOf(
                                        BOARD,
                                        head(SECOND.to(), FIRST_VOTES + SECOND_VOTES, BOTH),
                                        threads));

        assertThat(alice(rolled)).isEqualTo(FIRST_VOTES + SECOND_VOTES);
        assertThat(folds).hasValue(1);
        assertThat(ran).containsExactly(Map.entry("test-heads@" + Thread.MIN_PRIORITY, 1));
    }

    /**
     * What {@code load} returns when given threads at the lowest priority; each task handed to them
     * is counted in {@code ran} by the name and priority of the thread that ran it.
     */
    private static Snapshot onBackground(
            Map<String, Integer> ran,
            java.util.function.Function<java.util.concurrent.Executor, CompletableFuture<Snapshot>>
                    load) {
        ExecutorService background = DaemonThreads.background("test-heads");
        try {
            return load.apply(
                            task ->
                                    background.execute(
                                            () -> {
                                                Thread self = Thread.currentThread();
                                                ran.merge(
                                                        self.getName() + "@" + self.getPriority(),
                                                        1,
                                                        Integer::sum);
                                                task.run();
                                            }))
                    .join();
        } finally {
            background.shutdownNow();
        }
    }

    @Test
    void aHeadMergedAcrossTheCachedCutoffAddsTheEventsBetween() {
        SnapshotSums sums = new SnapshotSums(source, events, metrics);
        sums.newestOf(BOARD, head(FIRST.to(), FIRST_VOTES, FIRST)).join();

        // The worker merged the two minutes into one layer: it straddles the cached cutoff.
        Snapshot rolled =
                sums.newestOf(BOARD, head(SECOND.to(), FIRST_VOTES + SECOND_VOTES, BOTH)).join();

        assertThat(rolled.cutoff()).isEqualTo(SECOND.to());
        assertThat(alice(rolled)).isEqualTo(FIRST_VOTES + SECOND_VOTES);
        assertThat(loads).doesNotContainKey(BOTH);
        assertThat(folds).hasValue(1);
        assertThat(loadsCounted("events")).isEqualTo(1);
    }

    @Test
    void aFoldThatFindsOtherEventsThanTheWorkerLoadsTheHeadWhole() {
        SnapshotSums sums = new SnapshotSums(source, events, metrics);
        sums.newestOf(BOARD, head(FIRST.to(), FIRST_VOTES, FIRST)).join();
        eventsFound.set(SECOND_VOTES + 1);

        Snapshot whole =
                sums.newestOf(BOARD, head(SECOND.to(), FIRST_VOTES + SECOND_VOTES, BOTH)).join();

        assertThat(alice(whole)).isEqualTo(FIRST_VOTES + SECOND_VOTES);
        assertThat(loads.get(BOTH)).hasValue(1);
        assertThat(loadsCounted("events")).isZero();
        assertThat(loadsCounted("whole")).isEqualTo(2);
    }

    @Test
    void aHeadFarAheadOfTheCachedOneIsLoadedWhole() {
        SnapshotSums sums = new SnapshotSums(source, events, metrics);
        sums.newestOf(BOARD, head(FIRST.to(), FIRST_VOTES, FIRST)).join();

        // More events in between than rows in the head's layers: reading the layers is cheaper.
        LayerRef oneRow = new LayerRef(FIRST.from(), SECOND.to(), 1);
        Snapshot whole =
                sums.newestOf(BOARD, head(SECOND.to(), FIRST_VOTES + 1_000, oneRow)).join();

        assertThat(alice(whole)).isEqualTo(FIRST_VOTES + SECOND_VOTES);
        assertThat(loads.get(oneRow)).hasValue(1);
        assertThat(folds).hasValue(0);
    }

    @Test
    void aHeadOfAnotherChainIsLoadedWhole() {
        SnapshotSums sums = new SnapshotSums(source, events, metrics);
        sums.newestOf(BOARD, head(FIRST.to(), FIRST_VOTES, FIRST)).join();

        // A new period: its chain starts at the period's start, not the cached chain's.
        Snapshot whole =
                sums.newestOf(BOARD, head(SECOND.to(), FIRST_VOTES + SECOND_VOTES, SECOND)).join();

        assertThat(alice(whole)).isEqualTo(SECOND_VOTES);
        assertThat(loads.get(SECOND)).hasValue(1);
        assertThat(folds).hasValue(0);
    }

    @Test
    void anOlderHeadIsAnsweredFromTheNewerCachedOne() {
        SnapshotSums sums = new SnapshotSums(source, events, metrics);
        sums.newestOf(BOARD, head(SECOND.to(), FIRST, SECOND)).join();

        Snapshot answer = sums.newestOf(BOARD, head(FIRST.to(), FIRST)).join();

        assertThat(answer.cutoff()).isEqualTo(SECOND.to());
    }

    @Test
    void aFailedLoadIsRetriedByTheNextQuery() {
        SnapshotSums sums = new SnapshotSums(source, events, metrics);
        source.failNext.set(true);

        assertThatThrownBy(() -> sums.newestOf(BOARD, head(FIRST.to(), FIRST)).join())
                .hasRootCauseMessage("replica timed out");
        Snapshot retried = sums.newestOf(BOARD, head(FIRST.to(), FIRST)).join();

        assertThat(alice(retried)).isEqualTo(FIRST_VOTES);
        assertThat(loads.get(FIRST)).hasValue(2);
    }

    private static long alice(Snapshot snapshot) {
        return snapshot.ranked().tally(snapshot.ranked().position("alice")).sum();
    }

    private double loadsCounted(String how) {
        Counter counter = meters.find("leaderboard.snapshot.loads").tag("how", how).counter();
        return counter == null ? 0 : counter.count();
    }

    private static SnapshotHead head(Instant cutoff, LayerRef... layers) {
        return head(cutoff, 0, layers);
    }

    private static SnapshotHead head(Instant cutoff, long totalEvents, LayerRef... layers) {
        return new SnapshotHead("b", cutoff, T0, List.of(layers), 0, totalEvents, cutoff);
    }

    /** Alice has 3 votes in FIRST, 7 in BOTH (the two minutes merged) and 4 in any other layer. */
    private final class CountingLayers implements LayerLoader {

        final AtomicBoolean failNext = new AtomicBoolean();
        final java.util.concurrent.atomic.AtomicReference<CompletableFuture<Void>> holdNext =
                new java.util.concurrent.atomic.AtomicReference<>();
        private volatile CompletableFuture<Void> held = CompletableFuture.completedFuture(null);

        void release() {
            held.complete(null);
        }

        @Override
        public CompletableFuture<PackedLayer> load(BoardSettings board, LayerRef layer) {
            loads.computeIfAbsent(layer, l -> new AtomicInteger()).incrementAndGet();
            if (failNext.getAndSet(false)) {
                return CompletableFuture.failedFuture(
                        new IllegalStateException("replica timed out"));
            }
            CompletableFuture<Void> hold = holdNext.getAndSet(null);
            if (hold != null) {
                held = hold;
            }
            // Completes on another thread, like the driver does; a held load when released.
            return (hold == null ? CompletableFuture.<Void>completedFuture(null) : hold)
                    .thenApplyAsync(
                            ignored -> {
                                Tallies tallies = new Tallies();
                                long votes =
                                        layer.equals(FIRST)
                                                ? FIRST_VOTES
                                                : layer.from().equals(FIRST.from())
                                                        ? FIRST_VOTES + SECOND_VOTES
                                                        : SECOND_VOTES;
                                tallies.addVote("alice", votes);
                                return PackedLayer.of(tallies, board.chunks());
                            });
        }
    }
}
