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
    }

    private static SnapshotSettings settings(Duration margin, int maxBuckets, int maxLayers) {
        return new SnapshotSettings(
                "*/10 * * * * *", true, margin, maxBuckets, maxLayers, "ALL", "LOCAL_QUORUM");
    }
}
