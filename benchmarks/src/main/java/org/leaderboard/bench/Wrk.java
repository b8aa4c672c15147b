package org.leaderboard.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Votes driven by Debian's {@code wrk} (a lean C load generator): single votes with {@code
 * benchmarks/wrk/single-vote-bench.lua} (one vote per request, 100,000 users, ids made by the
 * writer, {@code connections} kept-alive connections, each waiting a random 0..2x {@code delayMs}
 * between requests, 0: no think time) and batches of 100 with {@code batch-bench.lua}. wrk runs
 * under bash so that bash's {@code times} reports wrk's own CPU; the writer's CPU comes from {@code
 * /proc/<pid>/stat}. {@code deploy/local/wrk.sh} installs it; {@code ./run-benchmarks} sources
 * that.
 */
final class Wrk {

    private static final double TICKS_PER_SECOND = 100;
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    /**
     * What one wrk run measured: the votes answered 2xx as a {@link Measurement} (wrk's own rate
     * and latency percentiles; errors are non-2xx answers and socket errors), wrk's share of the
     * machine's CPU and the writer's CPU seconds per 1,000 votes.
     */
    record Result(
            Measurement measured,
            double clientCpuShare,
            double writerCpuSecondsPer1000,
            long non2xx,
            String socketErrors) {

        String cpuNote() {
            return String.format(
                    Locale.ROOT,
                    "wrk CPU %.0f%% of the machine; writer CPU %.3f s per 1,000 votes",
                    100 * clientCpuShare,
                    writerCpuSecondsPer1000);
        }
    }

    private Wrk() {}

    /** Whether {@code wrk} is on the PATH. */
    static boolean available() {
        try {
            Process process =
                    new ProcessBuilder("bash", "-c", "command -v wrk")
                            .redirectErrorStream(true)
                            .start();
            process.getInputStream().readAllBytes();
            return process.waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Single votes on {@code board} for {@code duration} (whole seconds). */
    static Result singleVotes(
            String baseUrl,
            long writerPid,
            String board,
            int connections,
            Duration duration,
            int delayMs) {
        return run(
                "single-vote-bench.lua",
                1,
                baseUrl,
                writerPid,
                board,
                connections,
                duration,
                delayMs);
    }

    /**
     * Batches of 100 votes ({@code benchmarks/wrk/batch-bench.lua}) on {@code board} for {@code
     * duration}, no think time; a batch answered with a refused vote counts as an error.
     */
    static Result batches(
            String baseUrl, long writerPid, String board, int connections, Duration duration) {
        return run("batch-bench.lua", 100, baseUrl, writerPid, board, connections, duration, 0);
    }

    private static Result run(
            String scriptName,
            int votesPerRequest,
            String baseUrl,
            long writerPid,
            String board,
            int connections,
            Duration duration,
            int delayMs) {
        long seconds = Math.max(1, duration.toSeconds());
        Path script = BenchEnvironment.projectRoot().resolve("benchmarks/wrk/" + scriptName);
        String command =
                String.format(
                        Locale.ROOT,
                        "wrk -t2 -c%d -d%ds --timeout 10s -s %s %s; times",
                        connections,
                        seconds,
                        script,
                        baseUrl);
        Progress.say("  running: " + command + " (DELAY_MS=" + delayMs + ")");
        ProcessBuilder builder =
                new ProcessBuilder("bash", "-c", command).redirectErrorStream(true);
        builder.environment().put("BOARD", board);
        builder.environment().put("API_KEY", BenchEnvironment.API_KEY);
        builder.environment().put("DELAY_MS", Integer.toString(delayMs));
        long writerTicksBefore = ProcessCpu.ticks(writerPid);
        long started = System.nanoTime();
        String output = run(builder);
        double wall = (System.nanoTime() - started) / 1e9;
        double writerSeconds = (ProcessCpu.ticks(writerPid) - writerTicksBefore) / TICKS_PER_SECOND;
        long requests = longOf(output, "(\\d+) requests in");
        long non2xx = longOf(output, "non2xx_3xx=(\\d+)");
        long refused = longOf(output, "REFUSED requests=(\\d+)");
        String socketErrors = firstMatch(output, "STATUS non2xx_3xx=\\d+ (.*)");
        long errors = non2xx + refused + socketErrorCount(socketErrors);
        long stored = requests - non2xx - refused;
        Measurement measured =
                new Measurement(
                        stored * votesPerRequest,
                        seconds,
                        stored,
                        errors,
                        longOf(output, "p50_us=(\\d+)") / 1000.0,
                        longOf(output, "p99_us=(\\d+)") / 1000.0);
        return new Result(
                measured,
                childCpuSeconds(output) / (wall * CORES),
                writerSeconds * 1000 / Math.max(1, requests * votesPerRequest),
                non2xx,
                socketErrors);
    }

    private static String run(ProcessBuilder builder) {
        try {
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes());
            int exit = process.waitFor();
            System.err.print(output);
            if (exit != 0 || !output.contains("requests in")) {
                throw new IllegalStateException("wrk failed (exit " + exit + "): " + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static long socketErrorCount(String socketErrors) {
        Matcher m = Pattern.compile("=(\\d+)").matcher(socketErrors);
        long sum = 0;
        while (m.find()) {
            sum += Long.parseLong(m.group(1));
        }
        return sum;
    }

    /** The second line of bash's {@code times}: the children's user and system time. */
    private static double childCpuSeconds(String output) {
        Matcher m = Pattern.compile("(\\d+)m([\\d.]+)s (\\d+)m([\\d.]+)s").matcher(output);
        List<Double> lines = new ArrayList<>();
        while (m.find()) {
            lines.add(
                    Integer.parseInt(m.group(1)) * 60
                            + Double.parseDouble(m.group(2))
                            + Integer.parseInt(m.group(3)) * 60
                            + Double.parseDouble(m.group(4)));
        }
        return lines.isEmpty() ? Double.NaN : lines.get(lines.size() - 1);
    }

    private static long longOf(String output, String regex) {
        String value = firstMatch(output, regex);
        return value.isEmpty() ? 0 : Long.parseLong(value);
    }

    private static String firstMatch(String output, String regex) {
        Matcher m = Pattern.compile(regex).matcher(output);
        return m.find() ? m.group(1) : "";
    }
}
