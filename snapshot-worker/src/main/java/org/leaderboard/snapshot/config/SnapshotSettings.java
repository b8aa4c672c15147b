package org.leaderboard.snapshot.config;

import java.time.Duration;
import org.leaderboard.model.cassandra.Consistency;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the snapshot worker (prefix {@code snapshot}); defaults live in application.yml.
 *
 * @param cron when scheduled passes run (Spring's 6-field cron, seconds first)
 * @param scheduleEnabled whether the cron schedule runs at all (tests drive passes themselves)
 * @param safetyMargin how far behind the write window the cutoff stays. It must exceed the
 *     difference between this host's clock and the writers' clocks: writers acknowledge a vote only
 *     if its writes completed inside its window by their own clock, so by a clock that runs ahead
 *     of theirs a bucket could look frozen while an acknowledged vote was still landing.
 * @param maxBucketsPerStep how many buckets one step folds at most, so catching up after a long
 *     outage commits progress (a head) regularly and bounds the memory of one fold
 * @param maxLayers the longest layer chain a head may name; beyond it the newest layers are merged
 * @param readConsistency consistency of event and snapshot reads (with the writer's write level it
 *     must overlap a majority of replicas, so every acknowledged vote is folded)
 * @param writeConsistency consistency of layer and head writes (read back at readConsistency, by
 *     this worker and by query services: the two must overlap)
 * @param eventsWriteConsistency the level writers store events and claims at ({@code
 *     writer.write-consistency}): the worker refuses to start if its reads could miss such a write
 * @param boardConcurrency how many boards one round passes at once. A board's pass mostly waits for
 *     the replicas, so a worker that owns hundreds of boards would otherwise take seconds per
 *     round, and each board's snapshot (and every query replica's tail) would fall that far behind.
 *     Each pass in flight holds its own fold in memory
 */
@ConfigurationProperties("snapshot")
public record SnapshotSettings(
        String cron,
        boolean scheduleEnabled,
        Duration safetyMargin,
        int maxBucketsPerStep,
        int maxLayers,
        String readConsistency,
        String writeConsistency,
        String eventsWriteConsistency,
        int boardConcurrency) {

    public SnapshotSettings {
        require(
                safetyMargin != null && !safetyMargin.isNegative(),
                "safety-margin",
                "must be >= 0");
        require(maxBucketsPerStep >= 1, "max-buckets-per-step", "must be >= 1");
        require(maxLayers >= 1, "max-layers", "must be >= 1");
        require(boardConcurrency >= 1, "board-concurrency", "must be >= 1");
        Consistency.requireOverlap(
                "snapshot.write-consistency",
                writeConsistency,
                "snapshot.read-consistency",
                readConsistency);
        Consistency.requireOverlap(
                "snapshot.events-write-consistency",
                eventsWriteConsistency,
                "snapshot.read-consistency",
                readConsistency);
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
