package org.leaderboard.query.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.tally.Tallies;

/** The layer cache, with a counting in-memory layer source standing in for SnapshotLayerDao. */
class SnapshotSumsTests {

    private static final BoardSettings BOARD =
            new BoardSettings("b", 60, UniqueVotes.NONE, 60, 4, 4, Instant.EPOCH);
    private static final Instant T0 = Instant.parse("2025-01-01T10:00:00Z");
    private static final LayerRef FIRST = new LayerRef(T0, T0.plusSeconds(60), 1);
    private static final LayerRef SECOND = new LayerRef(T0.plusSeconds(60), T0.plusSeconds(120), 1);

    private static final long FIRST_VOTES = 3;
    private static final long SECOND_VOTES = 4;

    private final Map<LayerRef, AtomicInteger> loads = new ConcurrentHashMap<>();
    private final CountingLayers source = new CountingLayers();

    @Test
    void aSnapshotIsTheSumOfItsLayers() {
        SnapshotSums sums = new SnapshotSums(source);

        Snapshot snapshot = sums.newestOf(BOARD, head(SECOND.to(), FIRST, SECOND)).join();

        assertThat(snapshot.cutoff()).isEqualTo(SECOND.to());
        assertThat(alice(snapshot)).isEqualTo(FIRST_VOTES + SECOND_VOTES);
    }

    @Test
    void concurrentQueriesLoadEachLayerOnce() throws Exception {
        SnapshotSums sums = new SnapshotSums(source);
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
        SnapshotSums sums = new SnapshotSums(source);
        sums.newestOf(BOARD, head(FIRST.to(), FIRST)).join();

        Snapshot newer = sums.newestOf(BOARD, head(SECOND.to(), FIRST, SECOND)).join();

        assertThat(newer.cutoff()).isEqualTo(SECOND.to());
        assertThat(loads.get(FIRST)).hasValue(1);
        assertThat(loads.get(SECOND)).hasValue(1);
    }

    @Test
    void aHeadOfAnotherChainIsLoadedWhole() {
        SnapshotSums sums = new SnapshotSums(source);
        LayerRef compacted = new LayerRef(FIRST.from(), SECOND.to(), 1);
        sums.newestOf(BOARD, head(FIRST.to(), FIRST)).join();

        // The new head's only layer straddles the cached cutoff: it cannot be added as a delta.
        Snapshot whole = sums.newestOf(BOARD, head(SECOND.to(), compacted)).join();

        assertThat(alice(whole)).isEqualTo(SECOND_VOTES);
        assertThat(loads.get(compacted)).hasValue(1);
    }

    @Test
    void anOlderHeadIsAnsweredFromTheNewerCachedOne() {
        SnapshotSums sums = new SnapshotSums(source);
        sums.newestOf(BOARD, head(SECOND.to(), FIRST, SECOND)).join();

        Snapshot answer = sums.newestOf(BOARD, head(FIRST.to(), FIRST)).join();

        assertThat(answer.cutoff()).isEqualTo(SECOND.to());
    }

    @Test
    void aFailedLoadIsRetriedByTheNextQuery() {
        SnapshotSums sums = new SnapshotSums(source);
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

    private static SnapshotHead head(Instant cutoff, LayerRef... layers) {
        return new SnapshotHead("b", cutoff, T0, List.of(layers), 0, 0, cutoff);
    }

    /** Alice has 3 votes in FIRST and 4 in any other layer. */
    private final class CountingLayers implements LayerLoader {

        final AtomicBoolean failNext = new AtomicBoolean();
        final java.util.concurrent.atomic.AtomicReference<CompletableFuture<Void>> holdNext =
                new java.util.concurrent.atomic.AtomicReference<>();
        private volatile CompletableFuture<Void> held = CompletableFuture.completedFuture(null);

        void release() {
            held.complete(null);
        }

        @Override
        public CompletableFuture<Tallies> load(BoardSettings board, LayerRef layer) {
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
                                tallies.addVote(
                                        "alice", layer.equals(FIRST) ? FIRST_VOTES : SECOND_VOTES);
                                return tallies;
                            });
        }
    }
}
