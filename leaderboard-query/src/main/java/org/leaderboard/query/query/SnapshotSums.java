package org.leaderboard.query.query;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.model.tally.Tallies;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The tallies of snapshot heads, kept in memory. Layers are immutable (their content is a pure
 * function of frozen events), so each one is read from Cassandra once and cached; a newer head
 * costs only the layers it adds. Per board, the sum of the newest head seen is cached too, and
 * layers that head no longer names are dropped.
 *
 * <p>Safe under concurrent queries: loads are futures installed atomically, so concurrent queries
 * for the same head or layer wait for one load instead of starting their own. A failed load is
 * forgotten, so the next query retries it.
 */
@Component
class SnapshotSums {

    private final LayerLoader loader;
    private final ConcurrentMap<LayerKey, CompletableFuture<Tallies>> layers =
            new ConcurrentHashMap<>();
    private final ConcurrentMap<String, HeadSum> newestByBoard = new ConcurrentHashMap<>();

    @Autowired
    SnapshotSums(SnapshotLayerDao layers) {
        this(layers::readLayer);
    }

    SnapshotSums(LayerLoader loader) {
        this.loader = loader;
    }

    /**
     * The snapshot of {@code head}, or of a newer head this cache already holds: any complete
     * snapshot is a valid base for a query, as long as the tail is read from its cutoff.
     */
    CompletableFuture<Snapshot> newestOf(BoardSettings board, SnapshotHead head) {
        HeadSum fresh = new HeadSum(head, new CompletableFuture<>());
        HeadSum chosen = newestByBoard.merge(board.board(), fresh, HeadSum::newer);
        if (chosen == fresh) {
            load(board, fresh);
        }
        return chosen.snapshot();
    }

    /**
     * The snapshot of exactly {@code head}, an older one for time travel: its layers are cached
     * like any, but it does not replace the board's newest sum.
     */
    CompletableFuture<Snapshot> of(BoardSettings board, SnapshotHead head) {
        List<CompletableFuture<Tallies>> parts =
                head.layers().stream().map(layer -> layer(board, layer)).toList();
        return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new))
                .thenApplyAsync(done -> sum(head.cutoff(), parts));
    }

    private void load(BoardSettings board, HeadSum fresh) {
        List<CompletableFuture<Tallies>> parts =
                fresh.head().layers().stream().map(layer -> layer(board, layer)).toList();
        CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new))
                // Summing a large board is CPU work: keep it off the driver's I/O threads.
                .thenApplyAsync(done -> sum(fresh.head().cutoff(), parts))
                .whenComplete(
                        (snapshot, failure) -> {
                            if (failure != null) {
                                newestByBoard.remove(board.board(), fresh);
                                fresh.snapshot().completeExceptionally(failure);
                            } else {
                                dropLayersNotNamedByNewest(board.board());
                                fresh.snapshot().complete(snapshot);
                            }
                        });
    }

    private CompletableFuture<Tallies> layer(BoardSettings board, LayerRef layer) {
        LayerKey key = LayerKey.of(board.board(), layer);
        CompletableFuture<Tallies> loading =
                layers.computeIfAbsent(key, k -> loader.load(board, layer));
        loading.whenComplete(
                (tallies, failure) -> {
                    if (failure != null) {
                        layers.remove(key, loading);
                    }
                });
        return loading;
    }

    private static Snapshot sum(Instant cutoff, List<CompletableFuture<Tallies>> parts) {
        Tallies sum = new Tallies();
        parts.forEach(part -> sum.addAll(part.join()));
        return new Snapshot(cutoff, sum.asMap(), sum.votersView());
    }

    private void dropLayersNotNamedByNewest(String board) {
        HeadSum newest = newestByBoard.get(board);
        if (newest == null) {
            return;
        }
        Set<LayerKey> named =
                Set.copyOf(
                        newest.head().layers().stream()
                                .map(layer -> LayerKey.of(board, layer))
                                .toList());
        layers.keySet().removeIf(key -> key.board().equals(board) && !named.contains(key));
    }

    /** How many layers are cached, for tests. */
    int cachedLayers() {
        return layers.size();
    }

    private record LayerKey(String board, Instant from, Instant to) {

        static LayerKey of(String board, LayerRef layer) {
            return new LayerKey(board, layer.from(), layer.to());
        }
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
