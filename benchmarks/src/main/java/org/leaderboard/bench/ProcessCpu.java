package org.leaderboard.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
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
    static final int CORES = Runtime.getRuntime().availableProcessors();

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
            return ticksOf(Path.of("/proc/" + pid + "/stat"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * utime + stime of a JVM's JIT compiler threads ({@code C1 CompilerThread*}, {@code C2
     * CompilerThread*}), in clock ticks; threads that end between two looks are left out, and a
     * process that is gone has none.
     */
    static long compilerTicks(long pid) {
        Path tasks = Path.of("/proc/" + pid + "/task");
        long ticks = 0;
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                try {
                    String name = Files.readString(thread.resolve("comm")).strip();
                    if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                        ticks += ticksOf(thread.resolve("stat"));
                    }
                } catch (IOException | RuntimeException ended) {
                    // The thread ended meanwhile: its time is no longer counted anywhere.
                }
            }
        } catch (IOException gone) {
            return 0;
        }
        return ticks;
    }

    /** The JIT compilers' CPU of some processes over a window, in cores. */
    static final class Compilers {

        private final Collection<Long> pids;
        private final long ticksBefore;
        private final long started = System.nanoTime();

        private Compilers(Collection<Long> pids) {
            this.pids = List.copyOf(pids);
            this.ticksBefore = ticks();
        }

        static Compilers start(Collection<Long> pids) {
            return new Compilers(pids);
        }

        /** Seconds since the window started. */
        double seconds() {
            return (System.nanoTime() - started) / 1e9;
        }

        /** The compilers' CPU since the window started, in cores (0.5: half of one core). */
        double cores() {
            return (ticks() - ticksBefore) / TICKS_PER_SECOND / seconds();
        }

        private long ticks() {
            long sum = 0;
            for (long pid : pids) {
                sum += compilerTicks(pid);
            }
            return sum;
        }
    }

    private static long ticksOf(Path stat) throws IOException {
        String line = Files.readString(stat);
        String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
