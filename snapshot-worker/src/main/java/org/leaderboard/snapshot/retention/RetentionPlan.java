package org.leaderboard.snapshot.retention;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;

/**
 * What one retention round removes from a board, computed from its heads alone.
 *
 * <p>A query {@code asOf} a moment at or after the horizon reads the newest head at or before that
 * moment, that head's layers and the events after its cutoff. So the newest head at or before
 * {@code removeBefore} (the <em>anchor</em>) and every newer head stay, with their layers and the
 * events from the anchor's cutoff on; older heads, the layers only they name and the events before
 * the anchor's cutoff are never read again. On a board with a period, the head at each period
 * boundary holds the final standings of the period that ended there: those heads and their layers
 * stay for ever (a few layers per period), so past contests keep their results.
 *
 * @param anchor the oldest head kept for time travel
 * @param heads the heads to remove, oldest first
 * @param layers the layers only removed heads name
 * @param eventsFrom the first bucket whose events are still stored (the previous round's mark)
 * @param eventsBefore events of buckets before this are removed (the anchor's cutoff)
 */
record RetentionPlan(
        SnapshotHead anchor,
        List<SnapshotHead> heads,
        Set<LayerRef> layers,
        Instant eventsFrom,
        Instant eventsBefore) {

    /**
     * The plan for {@code board} given all its heads, or empty when nothing is old enough: no
     * retention set, or no head at or before {@code removeBefore}.
     */
    static Optional<RetentionPlan> of(
            BoardSettings board,
            List<SnapshotHead> allHeads,
            Instant removeBefore,
            Instant eventsRemovedBefore) {
        if (board.retentionDays() == null) {
            return Optional.empty();
        }
        Optional<SnapshotHead> anchor =
                allHeads.stream()
                        .filter(head -> !head.cutoff().isAfter(removeBefore))
                        .max(Comparator.comparing(SnapshotHead::cutoff));
        return anchor.map(a -> plan(board, allHeads, a, eventsRemovedBefore));
    }

    private static RetentionPlan plan(
            BoardSettings board,
            List<SnapshotHead> allHeads,
            SnapshotHead anchor,
            Instant eventsRemovedBefore) {
        Set<LayerRef> kept = new HashSet<>();
        Set<LayerRef> named = new LinkedHashSet<>();
        List<SnapshotHead> removed =
                allHeads.stream()
                        .sorted(Comparator.comparing(SnapshotHead::cutoff))
                        .filter(
                                head -> {
                                    boolean keep =
                                            !head.cutoff().isBefore(anchor.cutoff())
                                                    || endsPeriod(board, head);
                                    (keep ? kept : named).addAll(head.layers());
                                    return !keep;
                                })
                        .toList();
        named.removeAll(kept);
        Instant from = eventsRemovedBefore == null ? board.epoch() : eventsRemovedBefore;
        return new RetentionPlan(anchor, removed, named, from, anchor.cutoff());
    }

    /** A head at a period boundary: the final standings of the period before it. */
    static boolean endsPeriod(BoardSettings board, SnapshotHead head) {
        return board.hasPeriod() && board.periodStart(head.cutoff()).equals(head.cutoff());
    }

    /**
     * The buckets whose event partitions this round removes, oldest first. Cutoffs are bucket
     * boundaries, so each of these buckets ends at or before the anchor's cutoff.
     */
    List<Instant> eventBuckets(BoardSettings board) {
        return board.buckets().startsBetween(eventsFrom, eventsBefore);
    }

    /**
     * The removed heads as runs of consecutive cutoffs with no kept head between them, each removed
     * with one range deletion (a handful of range tombstones per round instead of one tombstone per
     * head in the board's heads partition).
     */
    List<List<SnapshotHead>> headRuns(List<SnapshotHead> allHeads) {
        Set<Instant> removing = new HashSet<>();
        heads.forEach(head -> removing.add(head.cutoff()));
        List<List<SnapshotHead>> runs = new ArrayList<>();
        List<SnapshotHead> run = new ArrayList<>();
        for (SnapshotHead head :
                allHeads.stream().sorted(Comparator.comparing(SnapshotHead::cutoff)).toList()) {
            if (removing.contains(head.cutoff())) {
                run.add(head);
            } else if (!run.isEmpty()) {
                runs.add(run);
                run = new ArrayList<>();
            }
        }
        if (!run.isEmpty()) {
            runs.add(run);
        }
        return runs;
    }
}
