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

    /** The single-vote warm-up of a full run: as long as SingleVoteBench's with wrk. */
    private static final Duration SINGLE_WARM_UP = Duration.ofSeconds(30);

    /**
     * The batches' warm-up. Single votes are taken in Netty's pipeline now, so they no longer warm
     * up the Reactor Netty and WebFlux path that batches take: after 15 s of batches, batches
     * reached 0.91x the raw INSERT in one full run, while scenario 2's batches in the same run went
     * from 25,006 to 36,505 votes/s over the next two minutes.
     */
    private static final Duration BATCH_WARM_UP = Duration.ofSeconds(30);

    private static final int THINK_TIME_PROBES = 3;
    private static final Duration THINK_TIME_PROBE = Duration.ofSeconds(5);

    private static final int BATCH_IN_FLIGHT = 8;
    private static final String RAW_INSERT = "raw driver async INSERT";
    private static final String IN_FLIGHT = " in flight";

    private final BenchOptions options;
    private final DriverBaselines driver;
    private final HttpVotes http;
    private final BoardLoader loader;
    private final String writerUrl;
    private final long writerPid;
    private final boolean wrk = Wrk.available();

    WritePathScenarios(
            BenchOptions options,
            DriverBaselines driver,
            HttpVotes http,
            BoardLoader loader,
            String writerUrl,
            long writerPid) {
        this.options = options;
        this.writerUrl = writerUrl;
        this.writerPid = writerPid;
        this.driver = driver;
        this.http = http;
        this.loader = loader;
    }

    /**
     * A load on the writer as measured, with the writer's CPU over the load's warm-up and measured
     * window, for the figures' notes.
     */
    private record OnWriter(Measurement measured, String cpuNote) {}

    List<Figure> writePath() {
        SplittableRandom random = new SplittableRandom(1);
        int users = options.writeUsers();
        BoardSettings raw = loader.createBoard("write-raw", Instant.now());
        http.createBoard("write-http");
        warmUpCassandra(raw, random, users);
        warmUpWriter(random, users);
        // The baselines are measured first and last and pooled, the API in between, so that
        // neither side gets the drift of a warming system.
        Measurement insertFirst = measure("raw driver INSERT", rawInserts(raw, random, users));
        Measurement counterFirst = measure("counter UPDATE votes = votes + 1", counters(random));
        LeanSingles lean = wrk ? leanSingleVotes() : null;
        OnWriter single =
                measureOnWriter("HTTP single vote", singleVotes("http single", random, users));
        OnWriter batch =
                wrk
                        ? wrkBatches(options.writeDuration())
                        : measureOnWriter(
                                "HTTP batch of " + BATCH,
                                batches(
                                        "http batch",
                                        BATCH_IN_FLIGHT,
                                        "write-http",
                                        random,
                                        users));
        Measurement lwt = measure("LWT read-modify-write", readModifyWrites(random, users));
        Measurement counterLast = measure("counter UPDATE votes = votes + 1", counters(random));
        Measurement insertLast = measure("raw driver INSERT", rawInserts(raw, random, users));
        Measurement insert = Measurement.pooled(List.of(insertFirst, insertLast));
        Measurement counter = Measurement.pooled(List.of(counterFirst, counterLast));
        List<Figure> figures = new ArrayList<>(figures(insert, counter, lwt, single, batch));
        figures.addAll(leanFigures(lean, single, insert));
        return figures;
    }

    /** Single votes driven by wrk: at the peak with no think time, then at about 70% of it. */
    private record LeanSingles(Wrk.Result peak, Wrk.Result at70, int delayMs) {}

    private LeanSingles leanSingleVotes() {
        Progress.say("  measuring single votes with wrk, at the peak and at ~70% of it ...");
        Wrk.Result peak = wrkSingleVotes(0, options.writeDuration());
        int delayMs = thinkTimeFor(0.7 * peak.measured().rate(), peak.measured().p50Millis());
        Wrk.Result at70 = wrkSingleVotes(delayMs, options.writeDuration());
        return new LeanSingles(peak, at70, delayMs);
    }

    /**
     * The mean think time per connection at which wrk offers about {@code rate} votes/s. A
     * connection's cycle is its think time plus the request's latency, and the latency falls with
     * the load, so one estimate from the peak's latency overshoots (it offered 111% of the peak in
     * one run): short probes correct the think time by the cycle they missed.
     */
    private int thinkTimeFor(double rate, double peakLatencyMillis) {
        double cycle = SINGLE_IN_FLIGHT * 1000.0 / rate;
        double delay = Math.max(1, cycle - peakLatencyMillis);
        int probes = options.quick() ? 1 : THINK_TIME_PROBES;
        for (int probe = 0; probe < probes; probe++) {
            Wrk.Result tried =
                    wrkSingleVotes(
                            (int) Math.round(delay),
                            options.quick() ? Duration.ofSeconds(1) : THINK_TIME_PROBE);
            double seen = SINGLE_IN_FLIGHT * 1000.0 / Math.max(1, tried.measured().rate());
            delay = Math.max(1, delay + cycle - seen);
        }
        return (int) Math.round(delay);
    }

    /** Batches of 100 driven by wrk, {@link #BATCH_IN_FLIGHT} connections, no think time. */
    private OnWriter wrkBatches(Duration duration) {
        Wrk.Result result =
                Wrk.batches(writerUrl, writerPid, "write-http", BATCH_IN_FLIGHT, duration);
        Measurement m = result.measured();
        Progress.say(
                String.format(
                        "  wrk batches of %d: %.0f votes/s, p50 %.2f ms, p99 %.2f ms, %d errors",
                        BATCH, m.rate(), m.p50Millis(), m.p99Millis(), m.errors()));
        return new OnWriter(m, "driven by wrk; " + result.cpuNote());
    }

    private Wrk.Result wrkSingleVotes(int delayMs, Duration duration) {
        Wrk.Result result =
                Wrk.singleVotes(
                        writerUrl, writerPid, "write-http", SINGLE_IN_FLIGHT, duration, delayMs);
        Measurement m = result.measured();
        Progress.say(
                String.format(
                        "  wrk single votes (think time %d ms): %.0f/s, p50 %.2f ms, p99 %.2f ms,"
                                + " %d errors",
                        delayMs, m.rate(), m.p50Millis(), m.p99Millis(), m.errors()));
        return result;
    }

    /**
     * The single-vote target on wrk's figure (the lean client), the latency target at about 70% of
     * its peak, and how far the harness's own client is from wrk's figure; not available without
     * wrk.
     */
    private static List<Figure> leanFigures(
            LeanSingles lean, OnWriter harness, Measurement insert) {
        String single = "writer API, single vote (wrk, " + SINGLE_IN_FLIGHT + " connections)";
        String at70 = "writer API, single vote at ~70% of wrk's peak, p99";
        if (lean == null) {
            String why = "wrk is not installed (deploy/local/wrk.sh installs it)";
            return List.of(
                    Figure.notAvailable(WRITE, single, "votes/s", Target.atLeast(0.4), why),
                    Figure.notAvailable(WRITE, at70, "p99 ms", Target.atMost(1.0), why));
        }
        Measurement peak = lean.peak().measured();
        Measurement moderate = lean.at70().measured();
        return List.of(
                againstRawInsert(
                        single,
                        peak,
                        insert,
                        Target.atLeast(0.4),
                        "no think time; " + lean.peak().cpuNote()),
                Figure.compared(
                        WRITE,
                        at70,
                        "p99 ms",
                        moderate,
                        moderate.p99Millis(),
                        "latency budget of 25 ms",
                        25,
                        Target.atMost(1.0),
                        String.format(
                                java.util.Locale.ROOT,
                                "%.0f votes/s, %.0f%% of the peak (think time 0..%d ms per"
                                        + " connection); %s",
                                moderate.rate(),
                                100 * moderate.rate() / peak.rate(),
                                2 * lean.delayMs(),
                                lean.at70().cpuNote())),
                Figure.compared(
                        WRITE,
                        "writer API, single vote: the harness's client against wrk",
                        "votes/s",
                        harness.measured(),
                        harness.measured().rate(),
                        "single votes driven by wrk",
                        peak.rate(),
                        null,
                        "the harness's Reactor Netty client, " + harness.cpuNote()));
    }

    private void warmUpCassandra(BoardSettings raw, SplittableRandom random, int users) {
        Progress.say("scenario 1/5 write path: warming Cassandra up with raw inserts ...");
        // Cassandra's own JIT takes tens of seconds to settle: a short warm-up left the first
        // measurement (the baseline) about a third low in one run.
        rawInserts(raw, random, users)
                .forDuration(options.warmup(), options.warmup().multipliedBy(5));
    }

    private void warmUpWriter(SplittableRandom random, int users) {
        Progress.say("  warming the writer up (a fresh JVM answers its first requests slowly) ...");
        // The JIT needs hundreds of thousands of requests before the writer's CPU per vote
        // settles: after 60,000 the writer still spent 2.5 times its settled CPU per vote, and
        // measured about half its settled rate (JFR samples per vote, against SingleVoteBench's
        // writer after wrk's 30 s warm-up).
        AsyncLoad singles = singleVotes("http warm-up", random, users);
        // Batches take their own path (a 100-vote body, one partition batch per shard): 20 of
        // them left it cold, and the batch figure of scenario 1 was 0.55-0.64 of the same load's
        // in scenario 2, which warms its loads up for longer.
        AsyncLoad batches = batches("http warm-up", BATCH_IN_FLIGHT, "write-http", random, users);
        if (options.quick()) {
            singles.count(500);
            batches.count(20);
        } else {
            if (wrk) {
                Wrk.singleVotes(
                        writerUrl, writerPid, "write-http", SINGLE_IN_FLIGHT, SINGLE_WARM_UP, 0);
            } else {
                singles.forDuration(Duration.ZERO, SINGLE_WARM_UP);
            }
            if (wrk) {
                wrkBatches(BATCH_WARM_UP);
            } else {
                batches.forDuration(Duration.ZERO, BATCH_WARM_UP);
            }
        }
    }

    private OnWriter measureOnWriter(String what, AsyncLoad load) {
        ProcessCpu cpu = ProcessCpu.start(writerPid);
        Measurement measured = measure(what, load);
        return new OnWriter(measured, cpu.summary(measured.rate()));
    }

    private List<Figure> figures(
            Measurement insert,
            Measurement counter,
            Measurement lwt,
            OnWriter single,
            OnWriter batch) {
        return List.of(
                rawInsertBaseline(insert),
                countersAgainstRawInsert(counter, insert),
                readModifyWriteAgainstRawInsert(lwt, insert),
                batchesAgainstRawInsert(batch, insert),
                batchesAgainstCounters(batch.measured(), counter),
                singleVotesAgainstRawInsert(single, insert));
    }

    private static Figure rawInsertBaseline(Measurement insert) {
        return Figure.plain(
                WRITE,
                RAW_INSERT + " (baseline, the store's ceiling)",
                "votes/s",
                insert,
                insert.rate(),
                DRIVER_IN_FLIGHT
                        + IN_FLIGHT
                        + ", same rows as the writer; measured first and last, pooled");
    }

    private static Figure againstRawInsert(
            String name, Measurement measured, Measurement insert, Target target, String note) {
        return Figure.compared(
                WRITE,
                name,
                "votes/s",
                measured,
                measured.rate(),
                RAW_INSERT,
                insert.rate(),
                target,
                note);
    }

    private static Figure countersAgainstRawInsert(Measurement counter, Measurement insert) {
        return againstRawInsert(
                "counter UPDATE votes = votes + 1",
                counter,
                insert,
                null,
                DRIVER_IN_FLIGHT + IN_FLIGHT + "; measured second and second-to-last, pooled");
    }

    private static Figure readModifyWriteAgainstRawInsert(Measurement lwt, Measurement insert) {
        return againstRawInsert(
                "LWT read-modify-write (IF NOT EXISTS / IF)",
                lwt,
                insert,
                null,
                LWT_IN_FLIGHT + IN_FLIGHT + "; a lost race reads and retries");
    }

    private static Figure batchesAgainstRawInsert(OnWriter batch, Measurement insert) {
        return againstRawInsert(
                "writer API, batch of " + BATCH,
                batch.measured(),
                insert,
                Target.atLeast(1.0),
                BATCH_IN_FLIGHT + " requests in flight; latency per request; " + batch.cpuNote());
    }

    private static Figure singleVotesAgainstRawInsert(OnWriter single, Measurement insert) {
        return againstRawInsert(
                "writer API, single vote (the harness's client)",
                single.measured(),
                insert,
                null,
                SINGLE_IN_FLIGHT
                        + " connections (the harness's Reactor Netty client); "
                        + single.cpuNote());
    }

    private static Figure batchesAgainstCounters(Measurement batch, Measurement counter) {
        return Figure.compared(
                WRITE,
                "writer API, batch of " + BATCH + " vs counters",
                "votes/s",
                batch,
                batch.rate(),
                "counter UPDATE",
                counter.rate(),
                Target.atLeast(1.5),
                null);
    }

    /** Shards of the second hot board: the design's remedy for a board known to be hot. */
    static final int HOT_SHARDS = 32;

    /** A load of scenario 2: its name in the progress lines, and a fresh load for each round. */
    private record NamedLoad(String name, Supplier<AsyncLoad> fresh) {}

    /** The pooled measurements of scenario 2. */
    private record Contention(Measurement spread, Measurement hot, Measurement sharded) {}

    List<Figure> contention() {
        SplittableRandom random = new SplittableRandom(2);
        List<String> spread = createContentionBoards();
        // The first batch of each board makes the writer look the board up; keep that out.
        warmUpBoardLookups(spread, random);
        NamedLoad hot = new NamedLoad("hot board, 10 users", () -> hotBoard("hot", random));
        NamedLoad sharded =
                new NamedLoad(
                        "hot board, 10 users, " + HOT_SHARDS + " shards",
                        () -> hotBoard("hot-sharded", random));
        NamedLoad spreadOut = spreadLoad(spread, random);
        // Each load is measured twice, in the order spread, hot, sharded, sharded, hot, spread,
        // and pooled,
        // after a warm-up of both: the writer keeps getting faster for a while (JIT), and a fixed
        // order would hand that drift to whichever side runs later (measured: 0.77x hot-first,
        // 1.20x spread-first with the same code).
        warmUpWith(hot, sharded, spreadOut);
        return contentionFigures(measureMirrored(spreadOut, hot, sharded));
    }

    /** Creates the hot board, its sharded twin and the spread boards; returns the spread ones. */
    private List<String> createContentionBoards() {
        Progress.say("scenario 2/5 no contention: creating 1 hot board and 100 spread boards ...");
        http.createBoard("hot");
        http.createBoard("hot-sharded", HOT_SHARDS);
        List<String> spread = new ArrayList<>();
        for (int b = 0; b < 100; b++) {
            spread.add("spread-" + b);
            http.createBoard("spread-" + b);
        }
        return spread;
    }

    private void warmUpBoardLookups(List<String> spread, SplittableRandom random) {
        new AsyncLoad(
                        "board warm-up",
                        4,
                        random,
                        (i, r) ->
                                http.batch(
                                        i == 0 ? "hot" : spread.get((int) i - 1), users(r, 10), r))
                .count(1 + spread.size());
    }

    /** Batches on a random one of the spread boards, from the write path's number of users. */
    private NamedLoad spreadLoad(List<String> spread, SplittableRandom random) {
        return new NamedLoad(
                "100 boards, " + options.writeUsers() + " users",
                () ->
                        new AsyncLoad(
                                "spread",
                                BATCH_IN_FLIGHT,
                                random,
                                (i, r) ->
                                        http.batch(
                                                spread.get(r.nextInt(spread.size())),
                                                users(r, options.writeUsers()),
                                                r)));
    }

    private void warmUpWith(NamedLoad... loads) {
        Progress.say("  warming up the writer with the loads ...");
        for (NamedLoad load : loads) {
            load.fresh().get().forDuration(Duration.ZERO, options.warmup());
        }
    }

    /** Spread, hot, sharded, sharded, hot, spread; each load's two rounds pooled. */
    private Contention measureMirrored(NamedLoad spread, NamedLoad hot, NamedLoad sharded) {
        Measurement spread1 = measure(spread);
        Measurement hot1 = measure(hot);
        Measurement sharded1 = measure(sharded);
        Measurement sharded2 = measure(sharded);
        Measurement hot2 = measure(hot);
        Measurement spread2 = measure(spread);
        return new Contention(
                Measurement.pooled(List.of(spread1, spread2)),
                Measurement.pooled(List.of(hot1, hot2)),
                Measurement.pooled(List.of(sharded1, sharded2)));
    }

    private Measurement measure(NamedLoad load) {
        return measure(load.name(), load.fresh().get());
    }

    private List<Figure> contentionFigures(Contention measured) {
        String through =
                "writer API, batches of "
                        + BATCH
                        + ", "
                        + BATCH_IN_FLIGHT
                        + " in flight; measured spread, hot, hot-32, hot-32, hot, spread and pooled (latency: mean of the rounds)";
        Measurement spreadOut = measured.spread();
        return List.of(
                Figure.plain(
                        CONTENTION,
                        "100 boards, " + options.writeUsers() + " users (baseline)",
                        "votes/s",
                        spreadOut,
                        spreadOut.rate(),
                        through),
                againstSpread(
                        "one hot board, 10 users (default 8 shards)",
                        measured.hot(),
                        spreadOut,
                        Target.atLeast(0.9),
                        through),
                againstSpread(
                        "one hot board, 10 users, created with " + HOT_SHARDS + " shards",
                        measured.sharded(),
                        spreadOut,
                        null,
                        through));
    }

    private static Figure againstSpread(
            String name, Measurement measured, Measurement spread, Target target, String note) {
        return Figure.compared(
                CONTENTION,
                name,
                "votes/s",
                measured,
                measured.rate(),
                "100 boards spread",
                spread.rate(),
                target,
                note);
    }

    private AsyncLoad hotBoard(String board, SplittableRandom random) {
        return batches(board, BATCH_IN_FLIGHT, board, random, 10);
    }

    /** Writer API batches of {@link #BATCH} votes on one board, from {@code users} users. */
    private AsyncLoad batches(
            String label, int inFlight, String board, SplittableRandom random, int users) {
        return new AsyncLoad(
                label, inFlight, random, (i, r) -> http.batch(board, users(r, users), r));
    }

    /** Writer API single votes on the write path's board. */
    private AsyncLoad singleVotes(String label, SplittableRandom random, int users) {
        return new AsyncLoad(
                label,
                SINGLE_IN_FLIGHT,
                random,
                (i, r) -> http.single("write-http", r.nextInt(users), r));
    }

    private AsyncLoad readModifyWrites(SplittableRandom random, int users) {
        return new AsyncLoad(
                "lwt",
                LWT_IN_FLIGHT,
                random,
                (i, r) ->
                        driver.readModifyWrite(
                                "write", VoteMaker.user(r.nextInt(users)), VoteMaker.points(r)));
    }

    private AsyncLoad counters(SplittableRandom random) {
        return new AsyncLoad(
                "counter",
                DRIVER_IN_FLIGHT,
                random,
                (i, r) ->
                        driver.counter(
                                "write",
                                VoteMaker.user(r.nextInt(options.writeUsers())),
                                VoteMaker.points(r)));
    }

    private AsyncLoad rawInserts(BoardSettings board, SplittableRandom random, int users) {
        return new AsyncLoad(
                "raw insert",
                DRIVER_IN_FLIGHT,
                random,
                (i, r) ->
                        driver.insert(
                                board,
                                VoteMaker.vote(board.board(), r.nextInt(users), Instant.now(), r)));
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
