package org.leaderboard.bench;

/**
 * The query and snapshot figures of one board size (scenario 5): how they grow with the users.
 *
 * @param users users on the board (one history event each, all in the snapshot)
 * @param tailEvents events after the snapshot's cutoff when the queries ran
 * @param snapshotPassMillis time of the pass that snapshotted the history
 * @param snapshotEventsPerSecond events folded per second by that pass
 * @param coldQueryMillis the first query on the board: loads the snapshot layers
 * @param heapBytesPerUser query-service heap growth after that query, per user (after full GCs)
 * @param top100P50Millis top-100 median latency, default consistency
 * @param top100P99Millis top-100 99th percentile, default consistency
 * @param top100PerSecond top-100 queries per second, default consistency
 * @param aroundP50Millis rank with around=5, median, default consistency
 * @param aroundP99Millis rank with around=5, 99th percentile
 * @param aroundPerSecond rank queries per second
 * @param eventualTop100P50Millis top-100 median, bounded-staleness mode (null: not available)
 * @param eventualAroundP50Millis rank median, bounded-staleness mode (null: not available)
 * @param redisTop100P50Millis ZREVRANGE 0 99 WITHSCORES median on the same data
 * @param redisRankP50Millis ZREVRANK median on the same data
 */
record ScalingRow(
        long users,
        long tailEvents,
        double snapshotPassMillis,
        double snapshotEventsPerSecond,
        double coldQueryMillis,
        Double heapBytesPerUser,
        double top100P50Millis,
        double top100P99Millis,
        double top100PerSecond,
        double aroundP50Millis,
        double aroundP99Millis,
        double aroundPerSecond,
        Double eventualTop100P50Millis,
        Double eventualAroundP50Millis,
        double redisTop100P50Millis,
        double redisRankP50Millis) {}
