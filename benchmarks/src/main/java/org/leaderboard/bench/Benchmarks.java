package org.leaderboard.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The whole benchmark run, one command: starts Cassandra, the writer, the query service and
 * redis-server, runs every scenario, prints a table and writes JSON. See docs/performance.md.
 *
 * <p>{@code ./run-benchmarks [--quick] [--users 10000,100000,1000000] [--out target/bench.json]}
 */
public final class Benchmarks {

    private Benchmarks() {}

    public static void main(String[] args) {
        // Kept-alive connections per host for the query callers (QueryClient); the JDK keeps 5.
        System.setProperty("http.maxConnections", "32");
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            System.out.println(BenchOptions.USAGE);
            return;
        }
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        Report report = run(options);
        System.exit(report.failures.isEmpty() ? 0 : 1);
    }

    /** Runs the scenarios {@code options} selects; a failed scenario is reported, not fatal. */
    static Report run(BenchOptions options) {
        Report report = new Report();
        describe(report, options);
        if (options.runs(7)) {
            // Alone on the machine: nothing else has started yet.
            attempt(report, TailRankingReplay.NAME, new TailRankingReplay(options)::run);
            System.gc();
        }
        if (options.scenarios().stream().anyMatch(scenario -> scenario != 7)) {
            try (BenchEnvironment env = BenchEnvironment.start(options)) {
                Thread hook = new Thread(env::close, "bench-stop");
                Runtime.getRuntime().addShutdownHook(hook);
                report.run.put("cassandraStartMillis", env.cassandraStart.toMillis());
                report.run.put("redisVersion", env.redis.version());
                scenarios(env, options, report);
                Runtime.getRuntime().removeShutdownHook(hook);
            }
        }
        report.run.put("finishedAt", Instant.now().toString());
        report.run.put("loadAverageAtEnd", loadAverage());
        report.print(System.out);
        report.write(options.out());
        System.out.println("JSON report: " + options.out().toAbsolutePath());
        return report;
    }

    private static void scenarios(BenchEnvironment env, BenchOptions options, Report report) {
        BoardLoader loader = new BoardLoader(env.session);
        try (HttpVotes http = new HttpVotes(env.writer.baseUrl());
                RedisBoards redis = new RedisBoards(env.redis.port(), options.queryThreads())) {
            WritePathScenarios writes =
                    new WritePathScenarios(
                            options,
                            new DriverBaselines(env.session),
                            http,
                            loader,
                            env.writer.baseUrl(),
                            env.writer.pid().orElseThrow());
            if (options.runs(1)) {
                attempt(report, WritePathScenarios.WRITE, writes::writePath);
            }
            if (options.runs(2)) {
                attempt(report, WritePathScenarios.CONTENTION, writes::contention);
            }
            if (options.runs(3)) {
                attempt(
                        report,
                        SnapshotScenario.NAME,
                        new SnapshotScenario(options, loader, new QuietNode(env.session))::run);
            }
            if (options.runs(4) || options.runs(5)) {
                QueryScenarios queries =
                        new QueryScenarios(
                                options,
                                loader,
                                new QueryClient(env.query.baseUrl(), env.queryPid()),
                                redis);
                attempt(
                        report,
                        QueryScenarios.QUERIES,
                        () -> {
                            queries.run();
                            return queries.figures();
                        });
                report.scaling.addAll(queries.scaling());
            }
            if (options.runs(6)) {
                attempt(
                        report,
                        ReadsUnderWrites.NAME,
                        () -> {
                            // The harness writes as a second writer, with a progress mark.
                            try (SteadyWrites.Store writer = SteadyWrites.store(env.session)) {
                                return new ReadsUnderWrites(
                                                options,
                                                loader,
                                                new QueryClient(
                                                        env.query.baseUrl(), env.queryPid()),
                                                redis,
                                                writer,
                                                new CoordinatorReads(env.session),
                                                scenario6Processes(env),
                                                new QuietNode(env.session))
                                        .run();
                            }
                        });
            }
        }
    }

    /** The processes whose CPU scenario 6 samples: itself, the query service, Cassandra. */
    private static Map<String, Long> scenario6Processes(BenchEnvironment env) {
        Map<String, Long> processes = new LinkedHashMap<>();
        processes.put(RateRow.LOAD_GENERATOR, ProcessHandle.current().pid());
        env.queryPid().ifPresent(pid -> processes.put("query service", pid));
        env.cassandra.pid().ifPresent(pid -> processes.put("Cassandra", pid));
        return processes;
    }

    private static void attempt(Report report, String scenario, Supplier<List<Figure>> run) {
        try {
            report.figures.addAll(run.get());
        } catch (RuntimeException e) {
            Progress.say("scenario " + scenario + " FAILED: " + e);
            e.printStackTrace();
            report.failures.add(scenario + ": " + e);
        }
    }

    private static void describe(Report report, BenchOptions options) {
        report.run.put("startedAt", Instant.now().toString());
        report.run.put("mode", options.quick() ? "quick (smoke sizes, not a measurement)" : "full");
        report.run.put("options", options);
        report.run.put("cores", Runtime.getRuntime().availableProcessors());
        report.run.put(
                "os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        report.run.put(
                "java",
                System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        report.run.put("loadAverageAtStart", loadAverage());
        report.run.put("memTotal", firstLine(Path.of("/proc/meminfo")));
    }

    private static String loadAverage() {
        return firstLine(Path.of("/proc/loadavg"));
    }

    private static String firstLine(Path file) {
        try {
            return Files.readAllLines(file).get(0).strip();
        } catch (Exception e) {
            return "unknown";
        }
    }
}
