package org.leaderboard.query.page;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;

/**
 * Some users' tallies in a snapshot, summed over its layers (so that a game board's best, lowest or
 * count is charted as well as a sum). Layers are immutable, so what was read of one is kept (only
 * the asked users' tallies, never the whole layer) and consecutive snapshots, which share most of
 * their layers, cost only their new ones. The shared DAO reads a layer whole, so layers larger than
 * {@code maxLayerRows} are not read at all.
 */
final class LayerSums {

    private static final int CACHED_LAYERS = 512;

    private final SnapshotLayerDao layers;
    private final long maxLayerRows;
    private final Map<LayerKey, Map<String, Tally>> cache =
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(
                        Map.Entry<LayerKey, Map<String, Tally>> eldest) {
                    return size() > CACHED_LAYERS;
                }
            };

    LayerSums(SnapshotLayerDao layers, long maxLayerRows) {
        this.layers = layers;
        this.maxLayerRows = maxLayerRows;
    }

    /** The users' tallies in the snapshot made of {@code refs}; empty if a layer is too large. */
    Optional<Map<String, Tally>> tallies(
            BoardSettings board, List<LayerRef> refs, List<String> users) {
        if (refs.stream().anyMatch(ref -> ref.rows() > maxLayerRows)) {
            return Optional.empty();
        }
        Map<String, Tally> total = new HashMap<>();
        users.forEach(user -> total.put(user, Tally.EMPTY));
        for (LayerRef ref : refs) {
            of(board, ref, users).forEach((user, tally) -> total.merge(user, tally, Tally::plus));
        }
        return Optional.of(total);
    }

    private Map<String, Tally> of(BoardSettings board, LayerRef ref, List<String> users) {
        LayerKey key = new LayerKey(board.board(), ref);
        synchronized (cache) {
            Map<String, Tally> cached = cache.get(key);
            if (cached != null && cached.keySet().containsAll(users)) {
                return cached;
            }
        }
        Tallies read = layers.readLayer(board, ref).join();
        Map<String, Tally> sums = new HashMap<>();
        for (String user : users) {
            Tally tally = read.get(user);
            sums.put(user, tally == null ? Tally.EMPTY : tally);
        }
        synchronized (cache) {
            cache.put(key, sums);
        }
        return sums;
    }

    private record LayerKey(String board, LayerRef layer) {}
}
