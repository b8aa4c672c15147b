package org.leaderboard.snapshot.pass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.cassandra.LayerRef;

class CompactionTests {

    private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

    @Test
    void aSingleLayerIsNeverMerged() {
        assertThat(Compaction.shouldMerge(List.of(layer(0, 1, 5)), 1)).isFalse();
        assertThat(Compaction.shouldMerge(List.of(), 1)).isFalse();
    }

    @Test
    void theNewestLayerIsMergedWhenItHasAtLeastHalfThePreviousRows() {
        assertThat(Compaction.shouldMerge(List.of(layer(0, 1, 10), layer(1, 2, 5)), 12)).isTrue();
        assertThat(Compaction.shouldMerge(List.of(layer(0, 1, 10), layer(1, 2, 20)), 12)).isTrue();
    }

    @Test
    void aSmallNewestLayerStaysOnItsOwn() {
        assertThat(Compaction.shouldMerge(List.of(layer(0, 1, 10), layer(1, 2, 4)), 12)).isFalse();
    }

    @Test
    void moreLayersThanTheLimitAreMergedWhateverTheirSizes() {
        List<LayerRef> three = List.of(layer(0, 1, 100), layer(1, 2, 10), layer(2, 3, 1));
        assertThat(Compaction.shouldMerge(three, 3)).isFalse();
        assertThat(Compaction.shouldMerge(three, 2)).isTrue();
    }

    @Test
    void equalSizedAppendsKeepTheChainLogarithmic() {
        List<LayerRef> chain = new ArrayList<>();
        for (int step = 0; step < 1000; step++) {
            chain.add(layer(step, step + 1, 1)); // disjoint users: merged rows add up
            while (Compaction.shouldMerge(chain, 12)) {
                LayerRef last = chain.remove(chain.size() - 1);
                LayerRef previous = chain.remove(chain.size() - 1);
                chain.add(Compaction.mergedRange(previous, last, previous.rows() + last.rows()));
            }
            assertThat(chain.size()).isLessThanOrEqualTo(11); // log2(1000) + 1
            assertContiguousFrom(chain, T0, step + 1);
        }
    }

    @Test
    void theMergeCoversBothRanges() {
        assertThat(Compaction.mergedRange(layer(0, 3, 7), layer(3, 4, 5), 9))
                .isEqualTo(layer(0, 4, 9));
    }

    /** A quiet spell between two layers (heads with no new layer) is part of their merge. */
    @Test
    void layersWithAQuietGapMergeOverIt() {
        assertThat(Compaction.mergedRange(layer(0, 3, 7), layer(4, 5, 5), 9))
                .isEqualTo(layer(0, 5, 9));
    }

    @Test
    void overlappingLayersCannotBeMerged() {
        assertThatThrownBy(() -> Compaction.mergedRange(layer(0, 3, 7), layer(2, 5, 5), 9))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("overlap");
    }

    private static void assertContiguousFrom(List<LayerRef> chain, Instant start, int minutes) {
        Instant expectedFrom = start;
        for (LayerRef layer : chain) {
            assertThat(layer.from()).isEqualTo(expectedFrom);
            expectedFrom = layer.to();
        }
        assertThat(expectedFrom).isEqualTo(start.plusSeconds(60L * minutes));
    }

    private static LayerRef layer(int fromMinute, int toMinute, long rows) {
        return new LayerRef(T0.plusSeconds(60L * fromMinute), T0.plusSeconds(60L * toMinute), rows);
    }
}
