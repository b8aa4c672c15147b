package org.leaderboard.query.query;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.PackedLayer;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.query.rank.RankedSnapshot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The newest snapshot of each board, ranked and kept in memory as columns, distinct-voter sketches
 * included (about 90 bytes per user with one voter each). Snapshots are immutable, so one is read
 * from Cassandra once; a newer head of the same chain costs only what it adds, merged into the
 * cached ranking in one linear pass (a head's sum is the previous head's plus the events between
 * their cutoffs: compaction only regroups layers). What it adds is read as its new layers when the
 * head names the cached one's layers unchanged; when the worker merged layers across the cached
 * cutoff, as the events between the two cutoffs, folded as the worker folded them (frozen, so the
 * same rows), provided the fold counts exactly the events the heads say were folded in between and
 * there are fewer of them than rows in the head's layers. Otherwise the head is loaded whole.
 *
 * <p>Safe under concurrent queries: loads are futures installed atomically, so concurrent queries
 * for the same head wait for one load instead of starting their own. A failed load is forgotten, so
 * the next query retries it.
 */
@Component
class SnapshotSums {

    private static final Logger log = LoggerFactory.getLogger(SnapshotSums.class);

    private final LayerLoader loader;
    private final RangeFolder events;
    private final QueryMetrics metrics;
    private final ConcurrentMap<String, HeadSum> newestByBoard = new ConcurrentHashMap<>();

    /** Where loads are merged and ranked unless a caller names other threads. */
    private static final Executor DEFAULT_ASYNC = new CompletableFuture<Void>().defaultExecutor();

    @Autowired
    SnapshotSums(SnapshotLayerDao layers, EventFolds events, QueryMetrics metrics) {
        this(LayerLoader.of(layers), events::fold, metrics);
    }

    SnapshotSums(LayerLoader loader, RangeFolder events, QueryMetrics metrics) {
        this.loader = loader;
        this.events = events;
        this.metrics = metrics;
    }

    /**
     * The snapshot of {@code head}, or of a newer head this cache already holds: any complete
     * snapshot is a valid base for a query, as long as the tail is read from its cutoff.
     */
    CompletableFuture<Snapshot> newestOf(BoardSettings board, SnapshotHead head) {
        return newestOf(board, head, DEFAULT_ASYNC);
    }

    /**
     * As above, a newer head added to the cached snapshot on {@code ranking}'s threads if this call
     * starts the load (a newer head ranked apart from the reads asks for threads at the lowest
     * priority: no answer waits for it).
     */
    CompletableFuture<Snapshot> newestOf(BoardSettings board, SnapshotHead head, Executor ranking) {
        HeadSum previous = newestByBoard.get(board.board());
        HeadSum fresh = new HeadSum(head, new CompletableFuture<>());
        HeadSum chosen = newestByBoard.merge(board.board(), fresh, HeadSum::newer);
        if (chosen == fresh) {
            load(board, fresh, previous, ranking);
        }
        return chosen.snapshot();
    }

    /** The snapshot of exactly {@code head}, an older one for time travel; not cached. */
    CompletableFuture<Snapshot> of(BoardSettings board, SnapshotHead head) {
        metrics.snapshotLoaded(QueryMetrics.WHOLE);
        return packed(board, head.layers(), DEFAULT_ASYNC)
                .thenApply(
                        layer ->
                                new Snapshot(
                                        head.cutoff(),
                                        RankedSnapshot.of(board.score(), layer.columns()),
                                        head.layers()));
    }

    /**
     * Loads {@code fresh}: from the previous cached snapshot plus the new layers when the head
     * extends it, or plus the events in between when the worker merged layers across the cached
     * cutoff (waiting for the previous load if it is still running, rather than starting a whole
     * second load of the board), else from all its layers.
     */
    private void load(BoardSettings board, HeadSum fresh, HeadSum previous, Executor ranking) {
        CompletableFuture<Snapshot> before =
                previous == null
                        ? CompletableFuture.completedFuture(null)
                        : previous.snapshot().handle((base, failure) -> base);
        CompletableFuture<Snapshot> loading =
                before.thenCompose(
                        cached -> {
                            Snapshot base = extendable(cached, fresh.head());
                            if (base != null) {
                                return extend(board, base, fresh, ranking);
                            }
                            long between = eventsBetween(cached, previous, fresh.head());
                            return between < 0
                                    ? of(board, fresh.head())
                                    : roll(board, cached, fresh.head(), between, ranking);
                        });
        loading.whenComplete(
                (snapshot, failure) -> {
                    if (failure != null) {
                        newestByBoard.remove(board.board(), fresh);
                        fresh.snapshot().completeExceptionally(failure);
                    } else {
                        fresh.snapshot().complete(snapshot);
                    }
                });
    }

    private CompletableFuture<Snapshot> extend(
            BoardSettings board, Snapshot base, HeadSum fresh, Executor ranking) {
        metrics.snapshotLoaded(QueryMetrics.LAYERS);
        long started = System.nanoTime();
        // Ranked on the same threads as the layers were merged, whenever the merge completes.
        return packed(board, after(base, fresh.head()), ranking)
                .thenApplyAsync(
                        delta -> {
                            long read = System.nanoTime();
                            Snapshot next =
                                    new Snapshot(
                                            fresh.head().cutoff(),
                                            base.ranked().plus(delta),
                                            fresh.head().layers());
                            log.debug(
                                    "board {}: head {} from the one held plus {} users of new"
                                            + " layers, read in {} ms and ranked in {} ms",
                                    board.board(),
                                    fresh.head().cutoff(),
                                    delta.rows(),
                                    (read - started) / 1_000_000,
                                    (System.nanoTime() - read) / 1_000_000);
                            return next;
                        },
                        ranking);
    }

    /**
     * {@code base} plus the events folded from its cutoff to the head's, if the fold counts the
     * {@code expected} events the heads say the worker folded in between (a frozen range holds the
     * same rows for every reader); else the head loaded whole.
     */
    private CompletableFuture<Snapshot> roll(
            BoardSettings board,
            Snapshot base,
            SnapshotHead head,
            long expected,
            Executor ranking) {
        return events.fold(board, base.cutoff(), head.cutoff())
                .thenComposeAsync(
                        fold -> {
                            if (fold.events() != expected) {
                                log.info(
                                        "board {}: the events from {} to {} fold to {}, the"
                                                + " worker's heads say {}; loading the head whole",
                                        board.board(),
                                        base.cutoff(),
                                        head.cutoff(),
                                        fold.events(),
                                        expected);
                                return of(board, head);
                            }
                            metrics.snapshotLoaded(QueryMetrics.EVENTS);
                            Tallies delta = fold.tallies();
                            return CompletableFuture.completedFuture(
                                    new Snapshot(
                                            head.cutoff(),
                                            base.ranked().plus(delta),
                                            head.layers()));
                        },
                        ranking);
    }

    /**
     * How many events lie between the cached snapshot's cutoff and {@code head}'s by the heads'
     * counts, or -1 if the head should not be reached by folding them: not the same chain (a new
     * period starts a new one), not later, or more events than the rows of the head's layers (a
     * board asked for again after a long pause reads its layers instead).
     */
    private static long eventsBetween(Snapshot cached, HeadSum previous, SnapshotHead head) {
        if (cached == null
                || previous == null
                || !cached.cutoff().equals(previous.head().cutoff())
                || cached.layers().isEmpty()
                || head.layers().isEmpty()
                || !head.layers().get(0).from().equals(cached.layers().get(0).from())
                || !head.cutoff().isAfter(cached.cutoff())) {
            return -1;
        }
        long between = head.totalEvents() - previous.head().totalEvents();
        long rows = head.layers().stream().mapToLong(LayerRef::rows).sum();
        return between < 0 || between > rows ? -1 : between;
    }

    /**
     * The cached snapshot that {@code head} extends, or null: same chain (same first layer start),
     * an earlier cutoff, and no layer of the head straddling that cutoff.
     */
    private static Snapshot extendable(Snapshot base, SnapshotHead head) {
        if (base == null) {
            return null;
        }
        List<LayerRef> layers = head.layers();
        if (base.layers().isEmpty()
                || layers.isEmpty()
                || !layers.get(0).from().equals(base.layers().get(0).from())
                || !head.cutoff().isAfter(base.cutoff())) {
            return null;
        }
        boolean straddles =
                layers.stream()
                        .anyMatch(
                                l ->
                                        l.from().isBefore(base.cutoff())
                                                && l.to().isAfter(base.cutoff()));
        return straddles ? null : base;
    }

    private static List<LayerRef> after(Snapshot base, SnapshotHead head) {
        return head.layers().stream().filter(l -> !l.from().isBefore(base.cutoff())).toList();
    }

    /**
     * The layers read in their stored form and merged into one as the worker merges them (a walk
     * over their bytes, each user's tallies added and sketches joined), read concurrently; the
     * merge, and what is made of it, is kept off I/O threads.
     */
    private CompletableFuture<PackedLayer> packed(
            BoardSettings board, List<LayerRef> layers, Executor merging) {
        List<CompletableFuture<PackedLayer>> parts =
                layers.stream().map(layer -> loader.load(board, layer)).toList();
        return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new))
                .thenApplyAsync(
                        done ->
                                parts.stream()
                                        .map(CompletableFuture::join)
                                        .reduce(PackedLayer::plus)
                                        .orElseGet(
                                                () ->
                                                        PackedLayer.of(
                                                                new Tallies(), board.chunks())),
                        merging);
    }

    private record HeadSum(SnapshotHead head, CompletableFuture<Snapshot> snapshot) {

        /** Keeps the head with the later cutoff; replaces a cached sum whose load failed. */
        HeadSum newer(HeadSum candidate) {
            if (snapshot.isCompletedExceptionally()) {
                return candidate;
            }
            return candidate.head().cutoff().isAfter(head.cutoff()) ? candidate : this;
        }
    }
}
