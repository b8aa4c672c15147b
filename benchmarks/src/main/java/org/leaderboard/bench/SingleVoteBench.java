package org.leaderboard.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;
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
 * [--jfr] [--writer-arg=--writer.load.direct-vote-route=false]}; each {@code --writer-arg} is
 * passed to the writer as is.
 */
public final class SingleVoteBench {

    private static final String BOARD = "single";

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
            List<String> writerArgs =
                    Stream.of(args)
                            .filter(arg -> arg.startsWith("--writer-arg="))
                            .map(arg -> arg.substring("--writer-arg=".length()))
                            .toList();
            ServiceProcess writer = writer(jar, run.resolve("logs"), cassandra, jfr, writerArgs);
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
        Wrk.Result peak = wrk(writer, connections, seconds, 0);
        Measurement batch = batch(http, seconds);
        Measurement rawAfter = rawInsert(driver, board, Duration.ofSeconds(3), seconds);
        double raw = Measurement.pooled(List.of(rawBefore, rawAfter)).rate();
        // c connections with a mean delay d (ms) offer about c / (d + latency) votes/s.
        double target = 0.7 * peak.measured().rate();
        int delayMs =
                (int) Math.max(1, connections * 1000.0 / target - peak.measured().p50Millis());
        Wrk.Result at70 = wrk(writer, connections, seconds, delayMs);
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
                        random,
                        (i, r) ->
                                driver.insert(
                                        board,
                                        VoteMaker.vote(BOARD, i % 100_000, Instant.now(), r)))
                .forDuration(warmup, Duration.ofSeconds(seconds));
    }

    /** The batch endpoint as scenario 1 drives it: 100 votes per request, 8 requests in flight. */
    private static Measurement batch(HttpVotes http, int seconds) {
        say("batch API: 5 s warm-up, " + seconds + " s measured ...");
        SplittableRandom random = new SplittableRandom(11);
        return new AsyncLoad(
                        "batch API",
                        8,
                        random,
                        (i, r) -> http.batch(BOARD, r.longs(100, 0, 100_000).boxed().toList(), r))
                .forDuration(Duration.ofSeconds(5), Duration.ofSeconds(seconds));
    }

    private static void print(String label, Wrk.Result result, double raw) {
        Measurement m = result.measured();
        System.out.printf(
                Locale.ROOT,
                "%s: %,.0f votes/s, p50 %.2f / p99 %.2f ms, %.2fx raw INSERT; %s; non-2xx %d,"
                        + " socket errors %s%n",
                label,
                m.rate(),
                m.p50Millis(),
                m.p99Millis(),
                m.rate() / raw,
                result.cpuNote(),
                result.non2xx(),
                result.socketErrors());
    }

    private static Wrk.Result wrk(
            ServiceProcess writer, int connections, int seconds, int delayMs) {
        return Wrk.singleVotes(
                writer.baseUrl(),
                writer.pid().orElseThrow(),
                BOARD,
                connections,
                Duration.ofSeconds(seconds),
                delayMs);
    }

    private static ServiceProcess writer(
            Path jar, Path logs, CassandraNode cassandra, boolean jfr, List<String> extra) {
        List<String> jvm = new ArrayList<>(List.of("-Xmx1g"));
        if (jfr) {
            jvm.add(
                    "-XX:StartFlightRecording=settings=profile,dumponexit=true,filename="
                            + logs.resolve("writer-service.jfr"));
        }
        List<String> settings =
                new ArrayList<>(
                        List.of(
                                "--spring.cassandra.contact-points="
                                        + cassandra.spec().contactPoint(),
                                "--spring.cassandra.local-datacenter=" + Sessions.LOCAL_DATACENTER,
                                "--spring.cassandra.keyspace-name=" + BenchEnvironment.KEYSPACE,
                                "--api.security.keys[0].name=benchmarks",
                                "--api.security.keys[0].key=" + BenchEnvironment.API_KEY,
                                "--api.security.keys[0].roles=ADMIN",
                                // The writer's feed on any free port (its row says which).
                                "--writer.feed.port=0"));
        settings.addAll(extra);
        return new ServiceProcess("writer-service", jar, FreePorts.any(), settings, logs, jvm);
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
