package org.leaderboard.snapshot.pass;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.PackedLayer;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.snapshot.config.SnapshotSettings;
import org.leaderboard.snapshot.pass.PassResult.Outcome;
import org.leaderboard.snapshot.store.FoldedPartitionWriter;
import org.leaderboard.snapshot.store.SnapshotWriter;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Advances one board's snapshot to the safe cutoff, in steps of at most {@code
 * max-buckets-per-step} buckets. Each step folds only the event partitions of its range, writes the
 * delta layer, and commits a head last, naming the chain it continued from plus the delta. The
 * merges that chain then calls for are prepared after the head ({@link ChainMerges}), so the time a
 * step takes to publish new events does not grow with the board's history; the next step continues
 * from the merged chain.
 *
 * <p>No locks: every row written is a pure function of frozen events (a layer's content depends
 * only on its range; a head's on its cutoff), so concurrent passes write identical rows, and a pass
 * killed anywhere leaves at most unreferenced layers behind, which a re-run rewrites identically.
 * Old layers stay while a head names them; retention removes the ones only old heads name.
 */
@Component
public class SnapshotPass {

    private final EventFolds events;
    private final SnapshotHeadDao headDao;
    private final SnapshotWriter snapshots;
    private final FoldedPartitionWriter foldedPartitions;
    private final Clock clock;
    private final SnapshotSettings settings;
    private final StopFlag stop;
    private final PassMetrics metrics;
    private final Consumer<Stage> stages;
    private final ChainMerges merges;

    @Autowired
    public SnapshotPass(
            EventFolds events,
            SnapshotHeadDao headDao,
            SnapshotLayerDao layerDao,
            SnapshotWriter snapshots,
            FoldedPartitionWriter foldedPartitions,
            Clock clock,
            SnapshotSettings settings,
            StopFlag stop,
            MeterRegistry meters) {
        this(
                events,
                headDao,
                layerDao,
                snapshots,
                foldedPartitions,
                clock,
                settings,
                stop,
                meters,
                stage -> {});
    }

    /** With a callback at every {@link Stage}; tests throw from it to kill a pass there. */
    SnapshotPass(
            EventFolds events,
            SnapshotHeadDao headDao,
            SnapshotLayerDao layerDao,
            SnapshotWriter snapshots,
            FoldedPartitionWriter foldedPartitions,
            Clock clock,
            SnapshotSettings settings,
            StopFlag stop,
            MeterRegistry meters,
            Consumer<Stage> stages) {
        this.events = events;
        this.headDao = headDao;
        this.snapshots = snapshots;
        this.foldedPartitions = foldedPartitions;
        this.clock = clock;
        this.settings = settings;
        this.stop = stop;
        this.metrics = new PassMetrics(meters);
        this.stages = stages;
        this.merges = new ChainMerges(layerDao, snapshots, settings.maxLayers());
    }

    /** One pass over {@code board}; throws if a read or write fails (nothing half-visible). */
    public PassResult run(BoardSettings board) {
        long startedNanos = System.nanoTime();
        try {
            PassResult result = advance(board, clock.instant());
            metrics.passed(
                    result.outcome().name(), Duration.ofNanos(System.nanoTime() - startedNanos));
            return result;
        } catch (RuntimeException e) {
            metrics.passed(PassMetrics.FAILED, Duration.ofNanos(System.nanoTime() - startedNanos));
            throw e;
        }
    }

    private PassResult advance(BoardSettings board, Instant now) {
        Instant target = Cutoffs.target(board, now, settings.safetyMargin());
        Optional<SnapshotHead> head = headDao.latestHead(board.board());
        PassProgress progress =
                new PassProgress(
                        Cutoffs.start(board, head),
                        head.map(SnapshotHead::layers).orElse(List.of()),
                        head.map(SnapshotHead::totalEvents).orElse(0L));
        if (!progress.cutoff().isBefore(target)) {
            return progress.result(board, Outcome.UP_TO_DATE);
        }
        while (progress.cutoff().isBefore(target)) {
            if (stop.requested()) {
                return progress.result(board, Outcome.STOPPED);
            }
            Instant stepEnd =
                    Cutoffs.stepEnd(board, progress.cutoff(), target, settings.maxBucketsPerStep());
            // A layer never straddles a period boundary: the leaderboard restarts there.
            Instant nextPeriod = board.nextPeriodStart(progress.cutoff());
            if (nextPeriod.isBefore(stepEnd)) {
                stepEnd = nextPeriod;
            }
            step(board, progress, stepEnd, now);
        }
        return progress.result(board, Outcome.ADVANCED);
    }

    private void step(BoardSettings board, PassProgress progress, Instant stepEnd, Instant now) {
        Instant from = progress.cutoff();
        long started = System.nanoTime();
        EventFold fold = Futures.await(events.fold(board, from, stepEnd));
        progress.folded(fold, System.nanoTime() - started);
        metrics.folded(fold.events());
        // What the fold saw of each partition, committed by the head like the layers: a late
        // retry of a vote compares it with the partition to learn whether the vote counts.
        Futures.await(foldedPartitions.write(board.board(), fold.digests()));
        stages.accept(Stage.FOLDED);
        // A head names the layers of its own period only: at a period boundary the chain restarts
        // empty, and older heads keep naming the previous period's layers for time travel.
        List<LayerRef> layers =
                startsPeriod(board, from) ? new ArrayList<>() : continued(board, progress);
        Map<LayerRef, PackedLayer> fresh = new HashMap<>();
        if (!fold.tallies().isEmpty()) {
            LayerRef delta = new LayerRef(from, stepEnd, fold.tallies().users());
            layers.add(delta);
            // Packed once: what is written, and what the merges after the head merge it in.
            long packing = System.nanoTime();
            fresh.put(delta, PackedLayer.of(fold.tallies(), board.chunks()));
            long compacting = System.nanoTime();
            compact(board, layers, fresh, progress);
            long writing = System.nanoTime();
            progress.compacted(writing - compacting);
            writeNew(board, layers, fresh, progress);
            progress.layersStored(System.nanoTime() - writing + (compacting - packing));
        }
        stages.accept(Stage.LAYERS_WRITTEN);
        // Written last, after every layer row it names is acknowledged: the commit marker.
        SnapshotHead head =
                new SnapshotHead(
                        board.board(),
                        stepEnd,
                        from,
                        layers,
                        fold.events(),
                        progress.totalEvents() + fold.events(),
                        now);
        snapshots.writeHead(head);
        progress.committed(head);
        stages.accept(Stage.HEAD_WRITTEN);
        // A chain that ends at a period boundary is never continued: no merge for it.
        if (!startsPeriod(board, stepEnd)) {
            merges.prepare(board, layers, fresh);
        }
    }

    /** Whether a step from {@code from} starts a new period (its chain restarts empty). */
    private static boolean startsPeriod(BoardSettings board, Instant from) {
        return board.hasPeriod() && board.periodStart(from).equals(from);
    }

    /** The committed chain with the merges it calls for done: what this step appends to. */
    private List<LayerRef> continued(BoardSettings board, PassProgress progress) {
        long merging = System.nanoTime();
        ChainMerges.Merged merged = merges.merged(board, progress.layers());
        progress.compacted(System.nanoTime() - merging);
        progress.merged(merged.merges());
        return new ArrayList<>(merged.chain());
    }

    /**
     * Waits until the merges prepared after the heads committed so far are stored (for a process
     * about to exit, so that its next run finds them, and for measurements).
     */
    public void awaitMerges() {
        merges.awaitIdle();
    }

    /** Stops the background merges; what they stored stays unreferenced until a head names it. */
    @PreDestroy
    public void close() {
        merges.close();
    }

    /**
     * The hard cap only: with a {@code max-layers} of one, the delta is merged before the head.
     * Otherwise the chain continued from has room for the delta, and merges wait for the head.
     */
    private void compact(
            BoardSettings board,
            List<LayerRef> layers,
            Map<LayerRef, PackedLayer> known,
            PassProgress progress) {
        while (layers.size() > settings.maxLayers()) {
            merges.mergeLastTwo(board, layers, known);
            progress.merged(1);
        }
    }

    /**
     * Writes the layers of this step that the head will name: the delta, or what it was merged
     * into. Merging happens in memory first, so a layer that a merge of the same step replaces is
     * never stored: no head would ever name it, and retention, which removes only what heads name,
     * could never remove it.
     */
    private void writeNew(
            BoardSettings board,
            List<LayerRef> layers,
            Map<LayerRef, PackedLayer> fresh,
            PassProgress progress) {
        for (LayerRef layer : layers) {
            PackedLayer content = fresh.get(layer);
            if (content != null) {
                Futures.await(snapshots.writeLayer(board, layer, content));
                progress.layerWritten();
            }
        }
    }
}
