package org.leaderboard.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

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
