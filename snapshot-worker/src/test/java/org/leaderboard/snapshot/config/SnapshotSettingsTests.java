package org.leaderboard.snapshot.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SnapshotSettingsTests {

    @Test
    void consistencyLevelsAreParsedByName() {
        SnapshotSettings settings = settings(Duration.ofSeconds(10), 60, 12);
        assertThat(settings.consistency().read()).isEqualTo(DefaultConsistencyLevel.ALL);
        assertThat(settings.consistency().write()).isEqualTo(DefaultConsistencyLevel.LOCAL_QUORUM);
    }

    @Test
    void nonsensicalLimitsAreRefusedNamingTheProperty() {
        assertThatThrownBy(() -> settings(Duration.ofSeconds(-1), 60, 12))
                .hasMessage("snapshot.safety-margin must be >= 0");
        assertThatThrownBy(() -> settings(Duration.ofSeconds(10), 0, 12))
                .hasMessage("snapshot.max-buckets-per-step must be >= 1");
        assertThatThrownBy(() -> settings(Duration.ofSeconds(10), 60, 0))
                .hasMessage("snapshot.max-layers must be >= 1");
        assertThatThrownBy(() -> settings(Duration.ofSeconds(10), 60, 12, 0))
                .hasMessage("snapshot.board-concurrency must be >= 1");
    }

    /** A writer at ONE with a worker at LOCAL_QUORUM used to start, and lose votes silently. */
    @Test
    void consistencyLevelsThatDoNotOverlapAreRefusedAtStart() {
        assertThatThrownBy(() -> levels("LOCAL_QUORUM", "LOCAL_QUORUM", "ONE"))
                .hasMessageContaining(
                        "snapshot.events-write-consistency ONE and snapshot.read-consistency"
                                + " LOCAL_QUORUM do not overlap");
        assertThatThrownBy(() -> levels("ONE", "ONE", "ALL"))
                .hasMessageContaining("snapshot.write-consistency ONE and");
        assertThatThrownBy(() -> levels("LOCAL_QUORUM", "QUORUM", "LOCAL_QUORUM"))
                .hasMessageContaining("do not overlap");
        assertThatThrownBy(() -> levels("LOCAL_QUORUM", "LOCAL_QUORUM", "MOST"))
                .hasMessageContaining("snapshot.events-write-consistency is 'MOST'");
        // Overlapping pairs start.
        levels("LOCAL_QUORUM", "LOCAL_QUORUM", "LOCAL_QUORUM");
        levels("ALL", "ONE", "ALL");
        levels("QUORUM", "QUORUM", "EACH_QUORUM");
    }

    private static SnapshotSettings levels(String read, String write, String eventsWrite) {
        return new SnapshotSettings(
                "*/10 * * * * *",
                true,
                Duration.ofSeconds(10),
                60,
                12,
                read,
                write,
                eventsWrite,
                1);
    }

    private static SnapshotSettings settings(Duration margin, int maxBuckets, int maxLayers) {
        return settings(margin, maxBuckets, maxLayers, 1);
    }

    private static SnapshotSettings settings(
            Duration margin, int maxBuckets, int maxLayers, int boardConcurrency) {
        return new SnapshotSettings(
                "*/10 * * * * *",
                true,
                margin,
                maxBuckets,
                maxLayers,
                "ALL",
                "LOCAL_QUORUM",
                "LOCAL_QUORUM",
                boardConcurrency);
    }
}
