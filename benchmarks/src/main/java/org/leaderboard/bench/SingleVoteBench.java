package org.leaderboard.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.leaderboard.local.CassandraNode;
import org.leaderboard.local.FreePorts;
import org.leaderboard.local.NodeSpec;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.local.Sessions;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.BoardDao;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.Schema;

/**
 * The single-vote figures with a lean client: Cassandra and the writer only (no query service, no
 * Redis), raw async INSERT measured before and after the API (pooled), and single votes driven by
 * Debian's {@code wrk} with {@code benchmarks/wrk/single-vote-bench.lua}: at full load with no
 * think time, then at 70% of that peak (each connection waits a random 0..2x delay between
 * requests); and the batch API (100 votes per request, 8 in flight) in between. Reports votes/s,
 * p50/p99, the ratio to raw INSERT, wrk's own CPU share of the machine and the writer's CPU seconds
 * per 1,000 votes (from {@code /proc/<pid>/stat}).
 *
 * <p>{@code java -cp benchmarks/target/benchmarks-0.1.0-SNAPSHOT-exec.jar
 * -Dloader.main=org.leaderboard.bench.SingleVoteBench
 * org.springframework.boot.loader.launch.PropertiesLauncher [--connections=256] [--duration=20]
 * [--jfr]}
 */
public final class SingleVoteBench {

    private static final String BOARD = "single";
    private static final long TICKS_PER_SECOND = 100;

    private SingleVoteBench() {}

    public static void main(String[] args) throws Exception {
        int connections = intOption(args, "--connections=", 256);
        int seconds = intOption(args, "--duration=", 20);
        boolean jfr = List.of(args).contains("--jfr");
        Path root = BenchEnvironment.projectRoot();
        Path jar =
                Path.of(
                        stringOption(
                                args,
                                "--writer-jar=",
                                root.resolve(
                                                "writer-service/target/writer-service-0.1.0-SNAPSHOT-exec.jar")
                                        .toString()));
        Path runs = root.resolve("benchmarks/target/bench-run");
        CassandraNode.stopLeftovers(runs);
        Path run = runs.resolve("single-" + System.currentTimeMillis());
        try (CassandraNode cassandra =
                new CassandraNode(
                        NodeSpec.singleNode(
                                run.resolve("cassandra"),
                                FreePorts.any(),
                                FreePorts.any(),
                                FreePorts.any(),
                                "1g"))) {
            say("starting Cassandra ...");
            cassandra.start(Duration.ofMinutes(3));
            try (CqlSession admin = Sessions.connect(cassandra.spec().contactPoint(), null)) {
                Schema.apply(admin, BenchEnvironment.KEYSPACE, Schema.SINGLE_NODE_REPLICATION);
            }
            ServiceProcess writer = writer(jar, run.resolve("logs"), cassandra, jfr);
            try (CqlSession session =
                    Sessions.connect(cassandra.spec().contactPoint(), BenchEnvironment.KEYSPACE)) {
                writer.start();
                writer.awaitHealthy(Duration.ofMinutes(3));
                try (HttpVotes http = new HttpVotes(writer.baseUrl())) {
                    http.createBoard(BOARD);
                    measure(session, writer, http, connections, seconds);
                }
            } finally {
                writer.stop();
            }
        }
    }

    private static void measure(
            CqlSession session, ServiceProcess writer, HttpVotes http, int connections, int seconds)
            throws Exception {
        say("load average at start: " + Files.readString(Path.of("/proc/loadavg")).trim());
        BoardSettings board = new BoardDao(session, Consistency.DEFAULT).find(BOARD).orElseThrow();
        DriverBaselines driver = new DriverBaselines(session);
        Measurement rawBefore = rawInsert(driver, board, Duration.ofSeconds(20), seconds);
        // The JIT needs about half a minute of load before the writer's CPU per vote settles.
        say("warming the writer up for 30 s ...");
        wrk(writer, connections, 30, 0);
        WrkResult peak = wrk(writer, connections, seconds, 0);
        Measurement batch = batch(http, seconds);
        Measurement rawAfter = rawInsert(driver, board, Duration.ofSeconds(3), seconds);
        double raw = Measurement.pooled(List.of(rawBefore, rawAfter)).rate();
        // c connections with a mean delay d (ms) offer about c / (d + latency) votes/s.
        double target = 0.7 * peak.votesPerSecond;
        int delayMs = (int) Math.max(1, connections * 1000.0 / target - peak.p50Millis);
        WrkResult at70 = wrk(writer, connections, seconds, delayMs);
        say("load average at end: " + Files.readString(Path.of("/proc/loadavg")).trim());
        System.out.printf(
                Locale.ROOT,
                "raw driver async INSERT: %,.0f votes/s (p50 %.2f / p99 %.2f ms, pooled before"
                        + " and after)%n",
                raw,
                rawBefore.p50Millis(),
                rawBefore.p99Millis());
        System.out.printf(
                Locale.ROOT,
                "batch API, 100 votes per request, 8 in flight (JDK HttpClient): %,.0f votes/s"
                        + " (p50 %.2f / p99 %.2f ms per request), %.2fx raw INSERT%n",
                batch.rate(),
                batch.p50Millis(),
                batch.p99Millis(),
                batch.rate() / raw);
        print("single vote, peak (" + connections + " connections, no think time)", peak, raw);
        print("single vote at ~70% of peak (delay " + delayMs + " ms)", at70, raw);
    }

    private static Measurement rawInsert(
            DriverBaselines driver, BoardSettings board, Duration warmup, int seconds) {
        say("raw INSERT: " + warmup.toSeconds() + " s warm-up, " + seconds + " s measured ...");
        SplittableRandom random = new SplittableRandom(7);
        return new AsyncLoad(
                        "raw INSERT",
                        128,
                        i ->
                                driver.insert(
                                        board,
                                        VoteMaker.vote(
                                                BOARD, i % 100_000, Instant.now(), random.split())))
                .forDuration(warmup, Duration.ofSeconds(seconds));
    }

    /** The batch endpoint as scenario 1 drives it: 100 votes per request, 8 requests in flight. */
    private static Measurement batch(HttpVotes http, int seconds) {
        say("batch API: 5 s warm-up, " + seconds + " s measured ...");
        SplittableRandom random = new SplittableRandom(11);
        return new AsyncLoad(
                        "batch API",
                        8,
                        i ->
                                http.batch(
                                        BOARD,
                                        random.longs(100, 0, 100_000).boxed().toList(),
                                        random.split()))
                .forDuration(Duration.ofSeconds(5), Duration.ofSeconds(seconds));
    }

    private static void print(String label, WrkResult result, double raw) {
        System.out.printf(
                Locale.ROOT,
                "%s: %,.0f votes/s, p50 %.2f / p99 %.2f ms, %.2fx raw INSERT; wrk CPU %.0f%% of the"
                        + " machine; writer CPU %.3f s per 1,000 votes; non-2xx %d, socket errors"
                        + " %s%n",
                label,
                result.votesPerSecond,
                result.p50Millis,
                result.p99Millis,
                result.votesPerSecond / raw,
                100 * result.clientCpuShare,
                result.writerCpuSecondsPer1000,
                result.non2xx,
                result.socketErrors);
    }

    private record WrkResult(
            double votesPerSecond,
            double p50Millis,
            double p99Millis,
            double clientCpuShare,
            double writerCpuSecondsPer1000,
            long non2xx,
            String socketErrors) {}

    /** Runs wrk through bash so that bash's {@code times} reports wrk's own CPU seconds. */
    private static WrkResult wrk(ServiceProcess writer, int connections, int seconds, int delayMs)
            throws IOException, InterruptedException {
        Path script =
                BenchEnvironment.projectRoot().resolve("benchmarks/wrk/single-vote-bench.lua");
        String command =
                String.format(
                        Locale.ROOT,
                        "wrk -t2 -c%d -d%ds --timeout 10s -s %s %s; times",
                        connections,
                        seconds,
                        script,
                        writer.baseUrl());
        say("running: " + command + " (DELAY_MS=" + delayMs + ")");
        ProcessBuilder builder =
                new ProcessBuilder("bash", "-c", command).redirectErrorStream(true);
        builder.environment().put("BOARD", BOARD);
        builder.environment().put("API_KEY", BenchEnvironment.API_KEY);
        builder.environment().put("DELAY_MS", Integer.toString(delayMs));
        long writerTicksBefore = cpuTicks(writer.pid().orElseThrow());
        long started = System.nanoTime();
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        process.waitFor();
        double wall = (System.nanoTime() - started) / 1e9;
        double writerSeconds =
                (cpuTicks(writer.pid().orElseThrow()) - writerTicksBefore)
                        / (double) TICKS_PER_SECOND;
        System.err.print(output);
        long requests = longOf(output, "(\\d+) requests in");
        double rate = requests / (double) seconds;
        return new WrkResult(
                rate,
                longOf(output, "p50_us=(\\d+)") / 1000.0,
                longOf(output, "p99_us=(\\d+)") / 1000.0,
                childCpuSeconds(output) / (wall * Runtime.getRuntime().availableProcessors()),
                writerSeconds * 1000 / Math.max(1, requests),
                longOf(output, "non2xx_3xx=(\\d+)"),
                firstMatch(output, "STATUS non2xx_3xx=\\d+ (.*)"));
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

    private static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // Fields 14 and 15 of stat (utime, stime), counted after the command name.
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long longOf(String output, String regex) {
        String value = firstMatch(output, regex);
        return value.isEmpty() ? 0 : Long.parseLong(value);
    }

    private static String firstMatch(String output, String regex) {
        Matcher m = Pattern.compile(regex).matcher(output);
        return m.find() ? m.group(1) : "";
    }

    private static ServiceProcess writer(
            Path jar, Path logs, CassandraNode cassandra, boolean jfr) {
        List<String> jvm = new ArrayList<>(List.of("-Xmx1g"));
        if (jfr) {
            jvm.add(
                    "-XX:StartFlightRecording=settings=profile,dumponexit=true,filename="
                            + logs.resolve("writer-service.jfr"));
        }
        return new ServiceProcess(
                "writer-service",
                jar,
                FreePorts.any(),
                List.of(
                        "--spring.cassandra.contact-points=" + cassandra.spec().contactPoint(),
                        "--spring.cassandra.local-datacenter=" + Sessions.LOCAL_DATACENTER,
                        "--spring.cassandra.keyspace-name=" + BenchEnvironment.KEYSPACE,
                        "--api.security.keys[0].name=benchmarks",
                        "--api.security.keys[0].key=" + BenchEnvironment.API_KEY,
                        "--api.security.keys[0].roles=ADMIN"),
                logs,
                jvm);
    }

    private static int intOption(String[] args, String prefix, int fallback) {
        return Integer.parseInt(stringOption(args, prefix, Integer.toString(fallback)));
    }

    private static String stringOption(String[] args, String prefix, String fallback) {
        for (String arg : args) {
            if (arg.startsWith(prefix)) {
                return arg.substring(prefix.length());
            }
        }
        return fallback;
    }

    private static void say(String line) {
        Progress.say(line);
    }
}
