package org.leaderboard.writer.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;

/** The users of a snapshot read from its head alone: exact with one layer, bounds with more. */
class SnapshotStatsTests {

    private static final Instant T0 = Instant.parse("2026-11-21T09:00:00Z");

    @Test
    void usersLieBetweenTheLargestLayerAndTheSumOfTheLayers() {
        SnapshotHead head =
                new SnapshotHead(
                        "b",
                        T0.plusSeconds(600),
                        T0.plusSeconds(540),
                        List.of(
                                new LayerRef(T0, T0.plusSeconds(480), 400),
                                new LayerRef(T0.plusSeconds(480), T0.plusSeconds(540), 90),
                                new LayerRef(T0.plusSeconds(540), T0.plusSeconds(600), 30)),
                        12,
                        1_000,
                        T0.plusSeconds(665));

        SnapshotStats stats = SnapshotStats.of(head, T0.plusSeconds(725));

        assertThat(stats.usersAtLeast()).isEqualTo(400);
        assertThat(stats.usersAtMost()).isEqualTo(520);
        assertThat(stats.layers()).isEqualTo(3);
        assertThat(stats.events()).isEqualTo(1_000);
        assertThat(stats.lagSeconds()).isEqualTo(125);
        assertThat(stats.takenAt()).isEqualTo(T0.plusSeconds(665));
    }

    @Test
    void aSnapshotWithoutLayersHasNoUsers() {
        SnapshotHead head = new SnapshotHead("b", T0, null, List.of(), 0, 0, T0);

        SnapshotStats stats = SnapshotStats.of(head, T0);

        assertThat(stats.usersAtLeast()).isZero();
        assertThat(stats.usersAtMost()).isZero();
        assertThat(stats.lagSeconds()).isZero();
    }
}
