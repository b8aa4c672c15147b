package org.leaderboard.snapshot.config;

import java.time.Duration;
import org.leaderboard.model.cassandra.Consistency;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the snapshot worker (prefix {@code snapshot}); defaults live in application.yml.
 *
 * @param cron when scheduled passes run (Spring's 6-field cron, seconds first)
 * @param scheduleEnabled whether the cron schedule runs at all (tests drive passes themselves)
 * @param safetyMargin how far behind the write window the cutoff stays. It must exceed the writer's
 *     request timeout plus the clock skew between hosts: a vote the writer accepted just inside its
 *     window may still be landing on replicas (or was stamped by a host whose clock runs behind),
 *     and the snapshot must not freeze a bucket before such a vote is stored.
 * @param maxBucketsPerStep how many buckets one step folds at most, so catching up after a long
 *     outage commits progress (a head) regularly and bounds the memory of one fold
 * @param maxLayers the longest layer chain a head may name; beyond it the newest layers are merged
 * @param readConsistency consistency of event and snapshot reads (with the writer's write level it
 *     must overlap a majority of replicas, so every acknowledged vote is folded)
 * @param writeConsistency consistency of layer and head writes
 */
@ConfigurationProperties("snapshot")
public record SnapshotSettings(
        String cron,
        boolean scheduleEnabled,
        Duration safetyMargin,
        int maxBucketsPerStep,
        int maxLayers,
        String readConsistency,
        String writeConsistency) {

    public SnapshotSettings {
        require(
                safetyMargin != null && !safetyMargin.isNegative(),
                "safety-margin",
                "must be >= 0");
        require(maxBucketsPerStep >= 1, "max-buckets-per-step", "must be >= 1");
        require(maxLayers >= 1, "max-layers", "must be >= 1");
    }

    public Consistency consistency() {
        return Consistency.of(writeConsistency, readConsistency);
    }

    private static void require(boolean holds, String property, String problem) {
        if (!holds) {
            throw new IllegalArgumentException("snapshot." + property + " " + problem);
        }
    }
}
