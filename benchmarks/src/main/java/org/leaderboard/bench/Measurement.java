package org.leaderboard.bench;

import org.HdrHistogram.Histogram;

/**
 * What one measured load produced.
 *
 * @param units work done in the measured window (votes, queries, rows)
 * @param seconds length of the measured window
 * @param requests requests completed in the window (a batch request carries many units)
 * @param errors requests that failed or were refused in the window
 * @param p50Millis median request latency
 * @param p99Millis 99th percentile request latency
 */
record Measurement(
        long units,
        double seconds,
        long requests,
        long errors,
        double p50Millis,
        double p99Millis) {

    double rate() {
        return seconds <= 0 ? 0 : units / seconds;
    }

    static Measurement of(long units, double seconds, long requests, long errors, Histogram h) {
        boolean empty = h.getTotalCount() == 0;
        return new Measurement(
                units,
                seconds,
                requests,
                errors,
                empty ? Double.NaN : h.getValueAtPercentile(50) / 1000.0,
                empty ? Double.NaN : h.getValueAtPercentile(99) / 1000.0);
    }
}
