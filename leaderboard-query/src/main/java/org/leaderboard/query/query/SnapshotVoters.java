package org.leaderboard.query.query;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.datasketches.hll.HllSketch;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.springframework.stereotype.Component;

/**
 * Distinct-voter sketches of the users a query shows, read from the snapshot's layers on first use
 * and cached (a snapshot never changes): the ranking keeps no sketches in memory, so a board of a
 * million users costs tens of megabytes, not gigabytes. The cache is bounded; when full it starts
 * over.
 */
@Component
class SnapshotVoters {

    private static final int MAX_CACHED = 200_000;

    private final SnapshotLayerDao layers;
    private final ConcurrentMap<Key, Optional<HllSketch>> cache = new ConcurrentHashMap<>();

    SnapshotVoters(SnapshotLayerDao layers) {
        this.layers = layers;
    }

    /** Loads the sketches of {@code users} of {@code snapshot} that are not cached, at once. */
    void prefetch(BoardSettings board, Snapshot snapshot, Collection<String> users) {
        if (cache.size() > MAX_CACHED) {
            cache.clear();
        }
        List<CompletableFuture<Void>> loads =
                users.stream()
                        .filter(user -> !cache.containsKey(key(board, snapshot, user)))
                        .map(
                                user ->
                                        layers.readVoters(board, snapshot.layers(), user)
                                                .thenAccept(
                                                        sketch ->
                                                                cache.put(
                                                                        key(board, snapshot, user),
                                                                        Optional.ofNullable(
                                                                                sketch))))
                        .toList();
        CompletableFuture.allOf(loads.toArray(CompletableFuture[]::new)).join();
    }

    /** The user's sketch in the snapshot, null if none; prefetch first to avoid a read here. */
    HllSketch of(BoardSettings board, Snapshot snapshot, String user) {
        Optional<HllSketch> cached = cache.get(key(board, snapshot, user));
        if (cached == null) {
            prefetch(board, snapshot, List.of(user));
            cached = cache.getOrDefault(key(board, snapshot, user), Optional.empty());
        }
        return cached.orElse(null);
    }

    private static Key key(BoardSettings board, Snapshot snapshot, String user) {
        return new Key(board.board(), snapshot.cutoff(), user);
    }

    private record Key(String board, Instant cutoff, String user) {}
}
