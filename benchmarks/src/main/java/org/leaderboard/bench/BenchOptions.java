package org.leaderboard.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * What one run does: sizes and durations of every scenario. {@code --quick} shrinks everything to
 * seconds for the smoke test; the defaults are the full run.
 *
 * @param quick the CI smoke sizes
 * @param users board sizes of the query and snapshot scaling curve (scenarios 4 and 5); the largest
 *     is the board of scenario 4
 * @param tailEvents events after the snapshot cutoff on every query board
 * @param out where the JSON report goes
 * @param warmup unmeasured time before every write measurement
 * @param writeDuration measured time of every write-path and contention measurement
 * @param queryDuration measured time of every query measurement (at least {@code minQueries})
 * @param minQueries least queries per query measurement, however slow
 * @param newEvents scenario 3: events of the measured incremental pass
 * @param littleHistory scenario 3: events behind them on the "little history" board
 * @param historyFactor scenario 3: history of the other board, as a multiple of {@code newEvents}
 * @param writeUsers users the write-path votes go to
 * @param cassandraHeap heap of the Cassandra node
 * @param queryHeap heap of the query service
 * @param writerHeap heap of the writer
 * @param queryThreads concurrent query callers (HTTP and Redis alike)
 * @param scenarios which scenarios run (all by default; 5 is measured together with 4; 7 runs
 *     first, in the harness's JVM, before Cassandra and the services start)
 * @param jfr whether the writer and the query service record a JFR profile of the run
 * @param writeRates scenario 6: the write rates in votes/s, the first 0 (the baseline of the
 *     others), {@value #FLAT_OUT} for as fast as the machine goes ({@code max}), {@value #HELD} for
 *     the highest rate it holds with read-your-writes reads served ({@code held}, searched for by
 *     {@link HeldRate})
 */
record BenchOptions(
        boolean quick,
        List<Integer> users,
        int tailEvents,
        Path out,
        Duration warmup,
        Duration writeDuration,
        Duration queryDuration,
        int minQueries,
        int newEvents,
        int littleHistory,
        int historyFactor,
        int writeUsers,
        String cassandraHeap,
        String queryHeap,
        String writerHeap,
        int queryThreads,
        java.util.Set<Integer> scenarios,
        boolean jfr,
        List<Integer> writeRates) {

    /** A write rate of scenario 6: as many votes as 128 in flight get stored. */
    static final int FLAT_OUT = -1;

    /** A write rate of scenario 6: the highest the machine holds, searched for in the run. */
    static final int HELD = -2;

    static final java.util.Set<Integer> ALL_SCENARIOS = java.util.Set.of(1, 2, 3, 4, 5, 6, 7);

    static final String USAGE =
            "usage: run-benchmarks [--quick] [--users 10000,100000,1000000] [--tail 100000]"
                    + " [--out target/bench.json] [--duration 20s] [--query-duration 15s]"
                    + " [--scenarios 1,2,3,4,5,6,7] [--rates 0,1000,5000,held,max] [--jfr]";

    static BenchOptions full() {
        return new BenchOptions(
                false,
                List.of(10_000, 100_000, 1_000_000),
                100_000,
                Path.of("target/bench.json"),
                Duration.ofSeconds(5),
                Duration.ofSeconds(20),
                Duration.ofSeconds(15),
                20,
                100_000,
                10_000,
                10,
                100_000,
                "1g",
                "3g",
                "1g",
                4,
                ALL_SCENARIOS,
                false,
                List.of(0, 1_000, 5_000, HELD, FLAT_OUT));
    }

    static BenchOptions quickOnes() {
        return new BenchOptions(
                true,
                List.of(1_000, 2_000),
                1_000,
                Path.of("target/bench.json"),
                Duration.ofMillis(500),
                Duration.ofMillis(1500),
                Duration.ofSeconds(1),
                5,
                2_000,
                200,
                10,
                2_000,
                "1g",
                "512m",
                "512m",
                2,
                ALL_SCENARIOS,
                false,
                List.of(0, 200, HELD, FLAT_OUT));
    }

    /** Parses the command line; {@code --quick} first sets the small sizes, others override. */
    static BenchOptions parse(String... args) {
        List<String> list = Arrays.asList(args);
        BenchOptions options = list.contains("--quick") ? quickOnes() : full();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--quick")) {
                continue;
            }
            if (arg.equals("--jfr")) {
                options = options.withJfr();
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(arg + " needs a value; " + USAGE);
            }
            options = options.with(arg, args[++i]);
        }
        return options;
    }

    private BenchOptions with(String name, String value) {
        Draft d = new Draft(this);
        switch (name) {
            case "--users" -> d.users = parseUsers(value);
            case "--tail" -> d.tailEvents = positive(name, value);
            case "--out" -> d.out = Path.of(value);
            case "--duration" -> d.writeDuration = duration(name, value);
            case "--query-duration" -> d.queryDuration = duration(name, value);
            case "--scenarios" -> d.scenarios = parseScenarios(value);
            case "--rates" -> d.writeRates = parseRates(value);
            default -> throw new IllegalArgumentException("unknown option " + name + "; " + USAGE);
        }
        return d.build();
    }

    private BenchOptions withJfr() {
        Draft d = new Draft(this);
        d.jfr = true;
        return d.build();
    }

    int largestBoard() {
        return users.stream().mapToInt(Integer::intValue).max().orElseThrow();
    }

    private static List<Integer> parseUsers(String value) {
        List<Integer> sizes =
                Arrays.stream(value.split(","))
                        .map(String::strip)
                        .map(v -> positive("--users", v.replace("_", "")))
                        .sorted()
                        .toList();
        if (sizes.isEmpty()) {
            throw new IllegalArgumentException("--users needs at least one size");
        }
        return sizes;
    }

    private static int positive(String name, String value) {
        try {
            int n = Integer.parseInt(value);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                name + " must be a positive integer, was '" + value + "'");
    }

    private static Duration duration(String name, String value) {
        String v = value.strip().toLowerCase();
        try {
            if (v.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2)));
            }
            return Duration.ofSeconds(
                    Long.parseLong(v.endsWith("s") ? v.substring(0, v.length() - 1) : v));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    name + " must be a duration like 20s or 500ms, was '" + value + "'");
        }
    }

    boolean runs(int scenario) {
        return scenarios.contains(scenario);
    }

    private static java.util.Set<Integer> parseScenarios(String value) {
        java.util.Set<Integer> chosen = new java.util.TreeSet<>();
        for (String v : value.split(",")) {
            int n = positive("--scenarios", v.strip());
            if (!ALL_SCENARIOS.contains(n)) {
                throw new IllegalArgumentException("--scenarios takes numbers 1 to 7, was " + n);
            }
            chosen.add(n);
        }
        return java.util.Set.copyOf(chosen);
    }

    private static List<Integer> parseRates(String value) {
        List<Integer> rates =
                Arrays.stream(value.split(","))
                        .map(String::strip)
                        .map(BenchOptions::parseRate)
                        .toList();
        if (rates.get(0) != 0) {
            throw new IllegalArgumentException(
                    "--rates must start with 0 (the baseline of the other rates), was '"
                            + value
                            + "'");
        }
        return rates;
    }

    private static int parseRate(String value) {
        return switch (value) {
            case "max" -> FLAT_OUT;
            case "held" -> HELD;
            default -> zeroOrPositive(value.replace("_", ""));
        };
    }

    private static int zeroOrPositive(String value) {
        return value.equals("0") ? 0 : positive("--rates", value);
    }

    /** A mutable copy, so that each command-line option changes one field. */
    private static final class Draft {
        private final BenchOptions o;
        List<Integer> users;
        int tailEvents;
        Path out;
        Duration writeDuration;
        Duration queryDuration;
        java.util.Set<Integer> scenarios;
        boolean jfr;
        List<Integer> writeRates;

        Draft(BenchOptions o) {
            this.o = o;
            this.users = o.users;
            this.tailEvents = o.tailEvents;
            this.out = o.out;
            this.writeDuration = o.writeDuration;
            this.queryDuration = o.queryDuration;
            this.scenarios = o.scenarios;
            this.jfr = o.jfr;
            this.writeRates = o.writeRates;
        }

        BenchOptions build() {
            return new BenchOptions(
                    o.quick,
                    users,
                    tailEvents,
                    out,
                    o.warmup,
                    writeDuration,
                    queryDuration,
                    o.minQueries,
                    o.newEvents,
                    o.littleHistory,
                    o.historyFactor,
                    o.writeUsers,
                    o.cassandraHeap,
                    o.queryHeap,
                    o.writerHeap,
                    o.queryThreads,
                    scenarios,
                    jfr,
                    writeRates);
        }
    }
}
