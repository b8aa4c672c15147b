package org.leaderboard.snapshot.pass;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.PackedLayer;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.snapshot.store.SnapshotWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The merges of a committed chain, done after its head instead of before it.
 *
 * <p>A step commits its head with the new delta appended to the chain as it found it, so the time
 * until new events are in a head does not depend on the board's history. The merges that chain
 * calls for ({@link Compaction}) are then prepared on a background thread, writing the merged
 * layers' rows (unreferenced until a head names them), and the next step continues from the merged
 * chain. Which merges a chain calls for is a pure function of the chain, and a merged layer's
 * content a pure function of frozen events, so a step that finds no prepared merge (a new process,
 * another worker, a failed merge) does them itself and commits the very same head.
 */
final class ChainMerges implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChainMerges.class);

    private final SnapshotLayerDao layerDao;
    private final SnapshotWriter snapshots;
    private final int maxLayers;
    private final ThreadPoolExecutor executor;
    private final ConcurrentMap<String, Pending> pending = new ConcurrentHashMap<>();

    /** The chain a step continues from, and how many merges made it. */
    record Merged(List<LayerRef> chain, int merges) {}

    ChainMerges(SnapshotLayerDao layerDao, SnapshotWriter snapshots, int maxLayers) {
        this.layerDao = layerDao;
        this.snapshots = snapshots;
        this.maxLayers = maxLayers;
        this.executor =
                new ThreadPoolExecutor(
                        1,
                        1,
                        30,
                        TimeUnit.SECONDS,
                        new LinkedBlockingQueue<>(),
                        task -> {
                            Thread thread = new Thread(task, "layer-merges");
                            thread.setDaemon(true);
                            // Background work, as the worker's rounds.
                            thread.setPriority(Thread.MIN_PRIORITY);
                            return thread;
                        });
        this.executor.allowCoreThreadTimeOut(true);
    }

    /**
     * The longest chain a step may continue from: its own delta still fits under {@code maxLayers}
     * (with a cap of one layer, the delta is merged in the step itself).
     */
    int continuationCap() {
        return Math.max(1, maxLayers - 1);
    }

    /**
     * After {@code chain}'s head is committed: prepares the merges it calls for in the background.
     * {@code known} holds layer contents the step already has in memory (its delta), so only older
     * layers are read back.
     */
    void prepare(BoardSettings board, List<LayerRef> chain, Map<LayerRef, PackedLayer> known) {
        if (!Compaction.shouldMerge(chain, continuationCap())) {
            pending.remove(board.board());
            return;
        }
        Pending merge = new Pending(board, List.copyOf(chain), new HashMap<>(known));
        pending.put(board.board(), merge);
        executor.execute(merge::runInBackground);
    }

    /**
     * {@code chain} with the merges it calls for done and their layers stored: the prepared ones if
     * this process prepared them for this very chain (waiting for them if they are under way),
     * otherwise done here.
     */
    Merged merged(BoardSettings board, List<LayerRef> chain) {
        Pending prepared = pending.remove(board.board());
        if (prepared != null && prepared.chain.equals(chain)) {
            if (prepared.claim()) {
                return prepared.run();
            }
            try {
                return Futures.await(prepared.result);
            } catch (RuntimeException e) {
                log.warn(
                        "merge after the head of board={} failed, merging in the pass: {}",
                        board.board(),
                        e.toString());
            }
        }
        return merge(board, chain, Map.of());
    }

    /** Waits until every merge prepared so far has finished (or failed, which is logged). */
    void awaitIdle() {
        for (Pending merge : List.copyOf(pending.values())) {
            merge.result.handle((merged, failure) -> null).join();
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }

    private Merged merge(
            BoardSettings board, List<LayerRef> chain, Map<LayerRef, PackedLayer> known) {
        List<LayerRef> layers = new ArrayList<>(chain);
        Map<LayerRef, PackedLayer> contents = new HashMap<>(known);
        int merges = 0;
        while (Compaction.shouldMerge(layers, continuationCap())) {
            mergeLastTwo(board, layers, contents);
            merges++;
        }
        // Only what the merges made: the chain's own layers are stored already.
        for (LayerRef layer : layers) {
            if (!chain.contains(layer)) {
                Futures.await(snapshots.writeLayer(board, layer, contents.get(layer)));
            }
        }
        return new Merged(List.copyOf(layers), merges);
    }

    /**
     * Replaces the two newest layers of {@code layers} by their merge, kept in {@code contents};
     * older layers' contents are read back when not there. Layers are merged in their stored form
     * ({@link PackedLayer#plus}), block by block, never read into tallies.
     */
    void mergeLastTwo(
            BoardSettings board, List<LayerRef> layers, Map<LayerRef, PackedLayer> contents) {
        LayerRef last = layers.remove(layers.size() - 1);
        LayerRef previous = layers.remove(layers.size() - 1);
        PackedLayer merged =
                content(board, previous, contents).plus(content(board, last, contents));
        LayerRef range = Compaction.mergedRange(previous, last, merged.rows());
        contents.put(range, merged);
        layers.add(range);
    }

    private PackedLayer content(
            BoardSettings board, LayerRef layer, Map<LayerRef, PackedLayer> known) {
        PackedLayer inMemory = known.get(layer);
        return inMemory != null ? inMemory : Futures.await(layerDao.readPacked(board, layer));
    }

    /** The merges of one committed chain: done once, by the background thread or by a step. */
    private final class Pending {

        private final BoardSettings board;
        private final List<LayerRef> chain;
        private final AtomicBoolean claimed = new AtomicBoolean();
        private final CompletableFuture<Merged> result = new CompletableFuture<>();
        private Map<LayerRef, PackedLayer> known;

        Pending(BoardSettings board, List<LayerRef> chain, Map<LayerRef, PackedLayer> known) {
            this.board = board;
            this.chain = chain;
            this.known = known;
        }

        boolean claim() {
            return claimed.compareAndSet(false, true);
        }

        void runInBackground() {
            if (!claim()) {
                return;
            }
            long started = System.nanoTime();
            try {
                Merged merged = run();
                log.debug(
                        "merged after the head of board={}: merges={} in {} ms",
                        board.board(),
                        merged.merges(),
                        (System.nanoTime() - started) / 1_000_000);
            } catch (RuntimeException e) {
                log.warn(
                        "merge after the head of board={} failed, the next step merges: {}",
                        board.board(),
                        e.toString());
            }
        }

        /** Runs by whoever claimed it; the in-memory contents are dropped either way. */
        Merged run() {
            try {
                Merged merged = merge(board, chain, known);
                result.complete(merged);
                return merged;
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
                throw e;
            } finally {
                known = null;
            }
        }
    }
}
