package org.leaderboard.snapshot.pass;

import java.util.List;
import org.leaderboard.model.cassandra.LayerRef;

/**
 * Size-tiered compaction of a snapshot's layer chain. Merging the newest layer into its predecessor
 * whenever it has at least half the predecessor's rows keeps row counts roughly doubling towards
 * the past, so the chain stays logarithmically short (readers read few layers) while a pass only
 * ever rewrites layers comparable in size to what it just folded (its cost stays proportional to
 * the new events, amortised). {@code maxLayers} is a hard cap on top.
 */
final class Compaction {

    private Compaction() {}

    /** Whether the two newest layers of {@code layers} (oldest first) should be merged now. */
    static boolean shouldMerge(List<LayerRef> layers, int maxLayers) {
        if (layers.size() < 2) {
            return false;
        }
        LayerRef last = layers.get(layers.size() - 1);
        LayerRef previous = layers.get(layers.size() - 2);
        return last.rows() * 2 >= previous.rows() || layers.size() > maxLayers;
    }

    /**
     * The range the merge of two consecutive layers covers. Its content is a pure function of the
     * frozen events in that range, so concurrent workers merging it write identical rows. The two
     * may have a gap between them: a step that folded no votes commits a head with a later cutoff
     * and no new layer, so the next layer starts where that head ends; the gap holds no votes.
     */
    static LayerRef mergedRange(LayerRef previous, LayerRef last, long rows) {
        if (previous.to().isAfter(last.from())) {
            throw new IllegalStateException("layers overlap: " + previous + ", " + last);
        }
        return new LayerRef(previous.from(), last.to(), rows);
    }
}
