package org.leaderboard.bench;

/**
 * One line of the report: a measured figure, its baseline from the same run, the ratio between them
 * and, where the project sets one, the target and whether it was met.
 *
 * @param scenario e.g. "1 write path"
 * @param name what was measured
 * @param unit unit of {@code value} (votes/s, queries/s, ms, bytes/user ...)
 * @param value the figure; null when not available
 * @param p50Millis median latency of the requests behind it, if any
 * @param p99Millis 99th percentile latency, if any
 * @param errors failed or refused requests during the measurement
 * @param baseline what it is compared with; null if nothing
 * @param baselineValue the baseline's figure in the same unit
 * @param ratio value / baselineValue (or the ratio the target is stated on)
 * @param target the benchmark's target on the ratio, e.g. ">= 0.5x"; null if none
 * @param verdict PASS, MISS, NOT AVAILABLE, or "-" when there is no target
 * @param note how it was measured, or why it is not available
 */
record Figure(
        String scenario,
        String name,
        String unit,
        Double value,
        Double p50Millis,
        Double p99Millis,
        Long errors,
        String baseline,
        Double baselineValue,
        Double ratio,
        String target,
        String verdict,
        String note) {

    static final String NOT_AVAILABLE = "NOT AVAILABLE";

    /** A figure with latencies, compared with a baseline, with or without a target. */
    static Figure compared(
            String scenario,
            String name,
            String unit,
            Measurement m,
            double value,
            String baseline,
            double baselineValue,
            Target target,
            String note) {
        double ratio = baselineValue == 0 ? Double.NaN : value / baselineValue;
        String said =
                m != null && m.requests() == 0
                        ? "no request completed in the measured window"
                                + (note == null ? "" : "; " + note)
                        : note;
        return new Figure(
                scenario,
                name,
                unit,
                finite(value),
                m == null ? null : finite(m.p50Millis()),
                m == null ? null : finite(m.p99Millis()),
                m == null ? null : m.errors(),
                baseline,
                baseline == null ? null : finite(baselineValue),
                baseline == null ? null : finite(ratio),
                target == null ? null : target.toString(),
                target == null ? "-" : target.verdict(ratio),
                said);
    }

    /** A figure of its own (a baseline, a size, a time), no comparison. */
    static Figure plain(
            String scenario, String name, String unit, Measurement m, double value, String note) {
        return compared(scenario, name, unit, m, value, null, 0, null, note);
    }

    /** A figure the system under test cannot produce yet, e.g. an unsupported consistency mode. */
    static Figure notAvailable(
            String scenario, String name, String unit, Target target, String why) {
        return new Figure(
                scenario,
                name,
                unit,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                target == null ? null : target.toString(),
                NOT_AVAILABLE,
                why);
    }

    private static Double finite(double d) {
        return Double.isFinite(d) ? d : null;
    }
}
