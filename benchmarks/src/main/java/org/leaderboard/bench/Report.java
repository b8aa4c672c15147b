package org.leaderboard.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The results of one run: every figure with its baseline, ratio, target and verdict, the scaling
 * curve, and what the run ran on. Printed as a table and written as JSON.
 */
final class Report {

    private static final ObjectMapper JSON =
            new ObjectMapper()
                    .registerModule(new com.fasterxml.jackson.datatype.jsr310.JavaTimeModule())
                    .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
                    .enable(SerializationFeature.INDENT_OUTPUT);

    final Map<String, Object> run = new LinkedHashMap<>();
    final List<Figure> figures = new ArrayList<>();
    final List<ScalingRow> scaling = new ArrayList<>();
    final List<String> failures = new ArrayList<>();

    Map<String, Object> asJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("run", run);
        json.put("figures", figures);
        json.put("scaling", scaling);
        json.put("failures", failures);
        return json;
    }

    void write(Path file) {
        try {
            if (file.toAbsolutePath().getParent() != null) {
                Files.createDirectories(file.toAbsolutePath().getParent());
            }
            JSON.writeValue(file.toFile(), asJson());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final String FIGURE_ROW =
            "%-24s | %-62s | %12s %-10s | %9s | %9s | %-28s | %7s | %-8s | %s%n";
    private static final String SCALING_HEADER =
            "%10s | %8s | %10s | %12s | %9s | %10s | %9s | %9s | %9s | %9s | %10s | %10s | %9s | %9s%n";
    private static final String SCALING_ROW =
            "%10d | %8d | %10s | %12s | %9s | %10s | %9s | %9s | %9s | %9s | %10s | %10s | %9s | %9s%n";

    void print(PrintStream out) {
        out.println();
        printFigures(out);
        if (!scaling.isEmpty()) {
            printScalingCurve(out);
        }
        printFailures(out);
        out.println();
    }

    private void printFigures(PrintStream out) {
        out.printf(
                FIGURE_ROW,
                "scenario",
                "figure",
                "value",
                "unit",
                "p50 ms",
                "p99 ms",
                "baseline",
                "ratio",
                "target",
                "verdict");
        out.println("-".repeat(200));
        for (Figure f : figures) {
            printFigure(out, f);
        }
    }

    private static void printFigure(PrintStream out, Figure f) {
        out.printf(
                FIGURE_ROW,
                f.scenario(),
                cut(f.name(), 62),
                number(f.value()),
                f.unit(),
                number(f.p50Millis()),
                number(f.p99Millis()),
                cut(nz(f.baseline()), 28),
                f.ratio() == null ? "" : String.format("%.2fx", f.ratio()),
                nz(f.target()),
                f.verdict());
    }

    private void printScalingCurve(PrintStream out) {
        out.println();
        out.println("5 scaling curve (default mode unless marked; ms unless marked)");
        out.printf(
                SCALING_HEADER,
                "users",
                "tail",
                "pass ms",
                "pass ev/s",
                "cold ms",
                "heap B/u",
                "top p50",
                "top p99",
                "top q/s",
                "rank p50",
                "ev top p50",
                "ev rnk p50",
                "redis top",
                "redis rnk");
        for (ScalingRow r : scaling) {
            printScalingRow(out, r);
        }
    }

    private static void printScalingRow(PrintStream out, ScalingRow r) {
        out.printf(
                SCALING_ROW,
                r.users(),
                r.tailEvents(),
                number(r.snapshotPassMillis()),
                number(r.snapshotEventsPerSecond()),
                number(r.coldQueryMillis()),
                number(r.heapBytesPerUser()),
                number(r.top100P50Millis()),
                number(r.top100P99Millis()),
                number(r.top100PerSecond()),
                number(r.aroundP50Millis()),
                orNa(r.eventualTop100P50Millis()),
                orNa(r.eventualAroundP50Millis()),
                number(r.redisTop100P50Millis()),
                number(r.redisRankP50Millis()));
    }

    private void printFailures(PrintStream out) {
        for (String failure : failures) {
            out.println("FAILED: " + failure);
        }
    }

    static String number(Double d) {
        if (d == null || d.isNaN()) {
            return "";
        }
        double a = Math.abs(d);
        if (a >= 100) {
            return String.format("%,.0f", d);
        }
        if (a >= 1) {
            return String.format("%.2f", d);
        }
        return String.format("%.3f", d);
    }

    private static String orNa(Double d) {
        return d == null ? "n/a" : number(d);
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private static String cut(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "~";
    }
}
