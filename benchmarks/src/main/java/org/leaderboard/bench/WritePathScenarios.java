package org.leaderboard.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import org.leaderboard.model.board.BoardSettings;

/**
 * Scenario 1 (write path: the writer's HTTP API, single and batch, against raw INSERT, counters and
 * LWT read-modify-write) and scenario 2 (one hot board with 10 users against 100 boards with many
 * users, through the batch API).
 */
final class WritePathScenarios {

    static final String WRITE = "1 write path";
    static final String CONTENTION = "2 no contention";
    static final int BATCH = 100;
    private static final int DRIVER_IN_FLIGHT = 128;
    private static final int LWT_IN_FLIGHT = 64;
    private static final int SINGLE_IN_FLIGHT = 256;
    private static final int SINGLE_WARM_UP = 60_000;
    private static final int BATCH_IN_FLIGHT = 8;

    private final BenchOptions options;
    private final DriverBaselines driver;
    private final HttpVotes http;
    private final BoardLoader loader;
    private final long writerPid;
    // CPU over each load's warm-up and measured window, for the figures' notes.
    private String singleCpuNote = "";
    private String batchCpuNote = "";

    WritePathScenarios(
            BenchOptions options,
            DriverBaselines driver,
            HttpVotes http,
            BoardLoader loader,
            long writerPid) {
        this.options = options;
        this.writerPid = writerPid;
        this.driver = driver;
        this.http = http;
        this.loader = loader;
    }

    List<Figure> writePath() {
        SplittableRandom random = new SplittableRandom(1);
        int users = options.writeUsers();
        BoardSettings raw = loader.createBoard("write-raw", Instant.now());
        http.createBoard("write-http");
        Progress.say("scenario 1/5 write path: warming Cassandra up with raw inserts ...");
        // Cassandra's own JIT takes tens of seconds to settle: a short warm-up left the first
        // measurement (the baseline) about a third low in one run.
        rawInserts(raw, random, users)
                .forDuration(options.warmup(), options.warmup().multipliedBy(5));
        Progress.say("  warming the writer up (a fresh JVM answers its first requests slowly) ...");
        // The JIT needs tens of thousands of requests before the writer's CPU per vote settles.
        new AsyncLoad(
                        "http warm-up",
                        SINGLE_IN_FLIGHT,
                        i -> http.single("write-http", random.nextInt(users), random))
                .count(options.quick() ? 500 : SINGLE_WARM_UP);
        new AsyncLoad(
                        "http warm-up",
                        4,
                        i -> http.batch("write-http", users(random, users), random))
                .count(20);
        // The baselines are measured first and last and pooled, the API in between, so that
        // neither side gets the drift of a warming system.
        Measurement insertFirst = measure("raw driver INSERT", rawInserts(raw, random, users));
        Measurement counterFirst = measure("counter UPDATE votes = votes + 1", counters(random));
        ProcessCpu singleCpu = ProcessCpu.start(writerPid);
        Measurement single =
                measure(
                        "HTTP single vote",
                        new AsyncLoad(
                                "http single",
                                SINGLE_IN_FLIGHT,
                                i -> http.single("write-http", random.nextInt(users), random)));
        singleCpuNote = singleCpu.summary(single.rate());
        ProcessCpu batchCpu = ProcessCpu.start(writerPid);
        Measurement batch =
                measure(
                        "HTTP batch of " + BATCH,
                        new AsyncLoad(
                                "http batch",
                                BATCH_IN_FLIGHT,
                                i -> http.batch("write-http", users(random, users), random)));
        batchCpuNote = batchCpu.summary(batch.rate());
        Measurement lwt =
                measure(
                        "LWT read-modify-write",
                        new AsyncLoad(
                                "lwt",
                                LWT_IN_FLIGHT,
                                i ->
                                        driver.readModifyWrite(
                                                "write",
                                                VoteMaker.user(random.nextInt(users)),
                                                VoteMaker.points(random))));
        Measurement counterLast = measure("counter UPDATE votes = votes + 1", counters(random));
        Measurement insertLast = measure("raw driver INSERT", rawInserts(raw, random, users));
        Measurement insert = Measurement.pooled(List.of(insertFirst, insertLast));
        Measurement counter = Measurement.pooled(List.of(counterFirst, counterLast));
        return figures(insert, counter, lwt, single, batch);
    }

    private List<Figure> figures(
            Measurement insert,
            Measurement counter,
            Measurement lwt,
            Measurement single,
            Measurement batch) {
        String raw = "raw driver async INSERT";
        String inFlight = " in flight";
        List<Figure> f = new ArrayList<>();
        f.add(
                Figure.plain(
                        WRITE,
                        raw + " (baseline, the store's ceiling)",
                        "votes/s",
                        insert,
                        insert.rate(),
                        DRIVER_IN_FLIGHT
                                + inFlight
                                + ", same rows as the writer; measured first and last, pooled"));
        f.add(
                Figure.compared(
                        WRITE,
                        "counter UPDATE votes = votes + 1",
                        "votes/s",
                        counter,
                        counter.rate(),
                        raw,
                        insert.rate(),
                        null,
                        DRIVER_IN_FLIGHT
                                + inFlight
                                + "; measured second and second-to-last, pooled"));
        f.add(
                Figure.compared(
                        WRITE,
                        "LWT read-modify-write (IF NOT EXISTS / IF)",
                        "votes/s",
                        lwt,
                        lwt.rate(),
                        raw,
                        insert.rate(),
                        null,
                        LWT_IN_FLIGHT + inFlight + "; a lost race reads and retries"));
        f.add(
                Figure.compared(
                        WRITE,
                        "writer API, batch of " + BATCH,
                        "votes/s",
                        batch,
                        batch.rate(),
                        raw,
                        insert.rate(),
                        Target.atLeast(0.5),
                        BATCH_IN_FLIGHT
                                + " requests in flight; latency per request; "
                                + batchCpuNote));
        f.add(
                Figure.compared(
                        WRITE,
                        "writer API, batch of " + BATCH + " vs counters",
                        "votes/s",
                        batch,
                        batch.rate(),
                        "counter UPDATE",
                        counter.rate(),
                        Target.atLeast(1.5),
                        null));
        f.add(
                Figure.compared(
                        WRITE,
                        "writer API, single vote",
                        "votes/s",
                        single,
                        single.rate(),
                        raw,
                        insert.rate(),
                        Target.atLeast(0.4),
                        SINGLE_IN_FLIGHT
                                + " connections (Reactor Netty client); "
                                + singleCpuNote
                                + "; wrk with 256 connections: SingleVoteBench"));
        return f;
    }

    /** Shards of the second hot board: the design's remedy for a board known to be hot. */
    static final int HOT_SHARDS = 32;

    List<Figure> contention() {
        SplittableRandom random = new SplittableRandom(2);
        Progress.say("scenario 2/5 no contention: creating 1 hot board and 100 spread boards ...");
        http.createBoard("hot");
        http.createBoard("hot-sharded", HOT_SHARDS);
        List<String> spread = new ArrayList<>();
        for (int b = 0; b < 100; b++) {
            spread.add("spread-" + b);
            http.createBoard("spread-" + b);
        }
        // The first batch of each board makes the writer look the board up; keep that out.
        new AsyncLoad(
                        "board warm-up",
                        4,
                        i ->
                                http.batch(
                                        i == 0 ? "hot" : spread.get((int) i - 1),
                                        users(random, 10),
                                        random))
                .count(1 + spread.size());
        // Each load is measured twice, in the order spread, hot, sharded, sharded, hot, spread,
        // and pooled,
        // after a warm-up of both: the writer keeps getting faster for a while (JIT), and a fixed
        // order would hand that drift to whichever side runs later (measured: 0.77x hot-first,
        // 1.20x spread-first with the same code).
        Supplier<AsyncLoad> hotLoad = () -> hotBoard("hot", random);
        Supplier<AsyncLoad> shardedLoad = () -> hotBoard("hot-sharded", random);
        Supplier<AsyncLoad> spreadLoad =
                () ->
                        new AsyncLoad(
                                "spread",
                                BATCH_IN_FLIGHT,
                                i ->
                                        http.batch(
                                                spread.get(random.nextInt(spread.size())),
                                                users(random, options.writeUsers()),
                                                random));
        Progress.say("  warming up the writer with the loads ...");
        hotLoad.get().forDuration(Duration.ZERO, options.warmup());
        shardedLoad.get().forDuration(Duration.ZERO, options.warmup());
        spreadLoad.get().forDuration(Duration.ZERO, options.warmup());
        String spreadName = "100 boards, " + options.writeUsers() + " users";
        String hotName = "hot board, 10 users";
        String shardedName = "hot board, 10 users, " + HOT_SHARDS + " shards";
        List<Measurement> spreads = new ArrayList<>();
        List<Measurement> hots = new ArrayList<>();
        List<Measurement> shardeds = new ArrayList<>();
        spreads.add(measure(spreadName, spreadLoad.get()));
        hots.add(measure(hotName, hotLoad.get()));
        shardeds.add(measure(shardedName, shardedLoad.get()));
        shardeds.add(measure(shardedName, shardedLoad.get()));
        hots.add(measure(hotName, hotLoad.get()));
        spreads.add(measure(spreadName, spreadLoad.get()));
        Measurement sharded = Measurement.pooled(shardeds);
        Measurement hot = Measurement.pooled(hots);
        Measurement spreadOut = Measurement.pooled(spreads);
        String through =
                "writer API, batches of "
                        + BATCH
                        + ", "
                        + BATCH_IN_FLIGHT
                        + " in flight; measured spread, hot, hot-32, hot-32, hot, spread and pooled (latency: mean of the rounds)";
        return List.of(
                Figure.plain(
                        CONTENTION,
                        "100 boards, " + options.writeUsers() + " users (baseline)",
                        "votes/s",
                        spreadOut,
                        spreadOut.rate(),
                        through),
                Figure.compared(
                        CONTENTION,
                        "one hot board, 10 users (default 8 shards)",
                        "votes/s",
                        hot,
                        hot.rate(),
                        "100 boards spread",
                        spreadOut.rate(),
                        Target.atLeast(0.9),
                        through),
                Figure.compared(
                        CONTENTION,
                        "one hot board, 10 users, created with " + HOT_SHARDS + " shards",
                        "votes/s",
                        sharded,
                        sharded.rate(),
                        "100 boards spread",
                        spreadOut.rate(),
                        null,
                        through));
    }

    private AsyncLoad hotBoard(String board, SplittableRandom random) {
        return new AsyncLoad(
                board, BATCH_IN_FLIGHT, i -> http.batch(board, users(random, 10), random));
    }

    private AsyncLoad counters(SplittableRandom random) {
        return new AsyncLoad(
                "counter",
                DRIVER_IN_FLIGHT,
                i ->
                        driver.counter(
                                "write",
                                VoteMaker.user(random.nextInt(options.writeUsers())),
                                VoteMaker.points(random)));
    }

    private AsyncLoad rawInserts(BoardSettings board, SplittableRandom random, int users) {
        return new AsyncLoad(
                "raw insert",
                DRIVER_IN_FLIGHT,
                i ->
                        driver.insert(
                                board,
                                VoteMaker.vote(
                                        board.board(),
                                        random.nextInt(users),
                                        Instant.now(),
                                        random)));
    }

    private Measurement measure(String what, AsyncLoad load) {
        Progress.say(
                "  measuring " + what + " for " + options.writeDuration().toMillis() + " ms ...");
        Measurement m = load.forDuration(options.warmup(), options.writeDuration());
        Progress.say(
                String.format(
                        "  %s: %.0f/s, p50 %.2f ms, p99 %.2f ms, %d errors",
                        what, m.rate(), m.p50Millis(), m.p99Millis(), m.errors()));
        return m;
    }

    private static List<Long> users(SplittableRandom random, int users) {
        return LongStream.range(0, BATCH).map(i -> random.nextInt(users)).boxed().toList();
    }
}
