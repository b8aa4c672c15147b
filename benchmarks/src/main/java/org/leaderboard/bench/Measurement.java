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

    /** Several windows of the same load as one: work and time summed, percentiles averaged. */
    static Measurement pooled(java.util.List<Measurement> rounds) {
        return new Measurement(
                rounds.stream().mapToLong(Measurement::units).sum(),
                rounds.stream().mapToDouble(Measurement::seconds).sum(),
                rounds.stream().mapToLong(Measurement::requests).sum(),
                rounds.stream().mapToLong(Measurement::errors).sum(),
                rounds.stream().mapToDouble(Measurement::p50Millis).average().orElse(Double.NaN),
                rounds.stream().mapToDouble(Measurement::p99Millis).average().orElse(Double.NaN));
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
