package org.leaderboard.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * CPU used by the load generator (this JVM) and by the system under test (the writer's process)
 * over a window, from {@code /proc/<pid>/stat}: the report's proof that the client is not the
 * limit, and the writer's CPU per vote.
 */
final class ProcessCpu {

    private static final double TICKS_PER_SECOND = 100;
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    private final long writerPid;
    private final long clientTicks;
    private final long writerTicks;
    private final long started;

    private ProcessCpu(long writerPid) {
        this.writerPid = writerPid;
        this.clientTicks = ticks(ProcessHandle.current().pid());
        this.writerTicks = ticks(writerPid);
        this.started = System.nanoTime();
    }

    static ProcessCpu start(long writerPid) {
        return new ProcessCpu(writerPid);
    }

    /**
     * "client CPU 12% of the machine; writer CPU 0.31 s per 1,000 votes" for a load that ran at
     * {@code votesPerSecond} through the window.
     */
    String summary(double votesPerSecond) {
        double wall = (System.nanoTime() - started) / 1e9;
        double client = (ticks(ProcessHandle.current().pid()) - clientTicks) / TICKS_PER_SECOND;
        double writer = (ticks(writerPid) - writerTicks) / TICKS_PER_SECOND;
        double writerCores = writer / wall;
        return String.format(
                Locale.ROOT,
                "client CPU %.0f%% of the machine; writer CPU %.3f s per 1,000 votes",
                100 * client / (wall * CORES),
                votesPerSecond <= 0 ? Double.NaN : writerCores * 1000 / votesPerSecond);
    }

    /**
     * The CPU of named processes over a window, each as a share of the machine (all cores): for a
     * scenario whose load generator is this JVM, beside the services it loads.
     */
    static final class Shares {

        private final Map<String, Long> pids;
        private final Map<String, Long> before = new LinkedHashMap<>();
        private final long started = System.nanoTime();

        private Shares(Map<String, Long> pids) {
            this.pids = pids;
            pids.forEach((name, pid) -> before.put(name, ticks(pid)));
        }

        /** Starts the window for these processes, by name, in the order given. */
        static Shares start(Map<String, Long> pids) {
            return new Shares(new LinkedHashMap<>(pids));
        }

        /** Each process's share of the machine since the window started, in percent. */
        Map<String, Double> percent() {
            double machine = (System.nanoTime() - started) / 1e9 * CORES;
            Map<String, Double> shares = new LinkedHashMap<>();
            pids.forEach(
                    (name, pid) ->
                            shares.put(
                                    name,
                                    100
                                            * (ticks(pid) - before.get(name))
                                            / TICKS_PER_SECOND
                                            / machine));
            return shares;
        }

        /** "load generator 31%, query service 40%, Cassandra 24% of the machine". */
        static String summary(Map<String, Double> percent) {
            StringJoiner said = new StringJoiner(", ", "", " of the machine");
            percent.forEach(
                    (name, share) ->
                            said.add(String.format(Locale.ROOT, "%s %.0f%%", name, share)));
            return said.toString();
        }
    }

    /** utime + stime of a process, in clock ticks (fields 14 and 15 of its stat line). */
    static long ticks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
