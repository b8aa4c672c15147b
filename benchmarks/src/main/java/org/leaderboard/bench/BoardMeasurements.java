package org.leaderboard.bench;

import java.util.List;
import java.util.Optional;

/**
 * Everything scenario 4 measured on one board; the largest board's becomes the scenario 4 rows,
 * every board's a row of the scaling curve.
 *
 * @param tailCost pairs of (tail events, top-100 p50 ms), from no tail to the full tail
 * @param eventualUnsupported why the bounded-staleness mode is not available, if it is not
 * @param eventualTop null when the mode is not available
 * @param eventualAround null when the mode is not available
 */
record BoardMeasurements(
        int users,
        int tailEvents,
        Measurement historyLoad,
        BoardLoader.TimedPass pass,
        double coldMillis,
        Double heapPerUser,
        List<double[]> tailCost,
        Measurement top,
        Measurement around,
        Optional<String> unsupported,
        Measurement eventualTop,
        Measurement eventualAround,
        double redisLoadMillis,
        Measurement redisTop,
        Measurement redisRank) {

    ScalingRow scalingRow() {
        return new ScalingRow(
                users,
                tailEvents,
                pass.millis(),
                pass.eventsPerSecond(),
                coldMillis,
                heapPerUser,
                top.p50Millis(),
                top.p99Millis(),
                top.rate(),
                around.p50Millis(),
                around.p99Millis(),
                around.rate(),
                eventualTop == null ? null : eventualTop.p50Millis(),
                eventualAround == null ? null : eventualAround.p50Millis(),
                redisTop.p50Millis(),
                redisRank.p50Millis());
    }
}
