package org.leaderboard.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.snapshot.pass.PassResult;

/**
 * Scenario 6, reads under writes: the largest board (one history event per user, snapshotted),
 * then, for every write rate, votes written continuously (stamped now, the writer's statement)
 * while a snapshot pass runs every 2 s in the background, as the scheduled worker does; once the
 * tail has reached its steady state (the board's write window plus the margins), top-100 and
 * user-standing latencies in both modes with 1 and 4 callers (the four read-your-writes rows in
 * turns of a second, together over whole buckets of the board, then the two bounded-staleness rows
 * the same way, taking their turns with Redis's top-100 and standing on the machine as busy), and
 * the replicas' part of a strong read measured alone with the driver. Compared with the same
 * queries without writes and with Redis on the board's tallies, in the same run (measured before
 * the rows and after them, the faster of the two the baseline). The rate {@code held} is searched
 * for first ({@link HeldRate}): the highest the machine holds with read-your-writes reads served.
 */
final class ReadsUnderWrites {

    static final String NAME = "6 reads under writes";
    private static final String SCENARIO = ReadsUnderWrites.NAME;
    private static final int FLAT_OUT = BenchOptions.FLAT_OUT;
    private static final int HELD = BenchOptions.HELD;

    /** The first rate probed for the highest held when no rate was asked before it. */
    private static final int HELD_START = 1_000;

    /** At most this many probes for the highest rate held (each about one bucket and a half). */
    private static final int HELD_PROBES = 6;

    private static final Duration RECOVERED_WITHIN = Duration.ofMillis(200);
    private static final Duration RECOVER_AT_MOST = Duration.ofMinutes(3);
    private static final String TAIL_PHASE = "leaderboard.strong.read?tag=phase:tail";
    private static final String RANK_PHASE = "leaderboard.strong.read?tag=phase:rank";

    /** A step of the query service's newer heads taken up, by the step's name. */
    private static final String TAKE_UP = "leaderboard.snapshot.head.take.up?tag=step:";

    private static final Duration SLICE = Duration.ofSeconds(1);

    /** The name of Redis's standing baseline in the figures. */
    static final String REDIS_AROUND = "Redis rank and the entries around it";

    /** The longest the Redis baseline waits for the node's flushes and compactions to end. */
    private static final Duration QUIET_AT_MOST = Duration.ofMinutes(2);

    /** The warm-up goes on until the JIT compilers use less than this share of a core ... */
    private static final double JIT_QUIET = 0.1;

    /** ... over a window this long ... */
    private static final Duration JIT_WINDOW = Duration.ofSeconds(5);

    /** ... for at most this long after its first 15 s. */
    private static final Duration JIT_WAIT_AT_MOST = Duration.ofSeconds(120);

    private final BenchOptions options;
    private final BoardLoader loader;
    private final QueryClient queries;
    private static final Pattern STALENESS = Pattern.compile("\"stalenessMillis\":(\\d+)");

    private final RedisBoards redis;
    private final SteadyWrites.Store events;
    private final CoordinatorReads coordinated;
    private final Map<String, Long> processes;
    private final QuietNode node;

    /**
     * @param processes the processes whose CPU is sampled while the strong queries run, by name:
     *     this JVM (the load generator, {@link RateRow#LOAD_GENERATOR}), the query service,
     *     Cassandra
     * @param node the Cassandra node, whose flushes and compactions the Redis baseline waits out
     */
    ReadsUnderWrites(
            BenchOptions options,
            BoardLoader loader,
            QueryClient queries,
            RedisBoards redis,
            SteadyWrites.Store events,
            CoordinatorReads coordinated,
            Map<String, Long> processes,
            QuietNode node) {
        this.options = options;
        this.node = node;
        this.processes = processes;
        this.coordinated = coordinated;
        this.loader = loader;
        this.queries = queries;
        this.redis = redis;
        this.events = events;
    }

    List<Figure> run() {
        int users = options.largestBoard();
        String name = "rw-" + users + "-" + System.currentTimeMillis() % 100_000;
        BoardSettings board = loader.createBoard(name, Instant.now().minus(Duration.ofMinutes(50)));
        long[] sums = loadHistory(board, users);
        Progress.say("scenario " + NAME + ": " + users + " users loaded; first pass ...");
        loader.pass(board, Instant.now());
        redis.load(name, sums);
        Redis before = measureRedis(name, users);
        // Each rate's figures are made once Redis has been measured again after the rows.
        List<Function<Redis, List<Figure>>> later = new ArrayList<>();
        ScheduledExecutorService passes =
                Executors.newSingleThreadScheduledExecutor(
                        task -> {
                            // As the worker runs its rounds: at the lowest priority, nice 10
                            // with the flags ./run-benchmarks starts this JVM with (ServiceJvm).
                            Thread thread = new Thread(task, "background-passes");
                            thread.setDaemon(true);
                            thread.setPriority(
                                    Boolean.getBoolean("bench.passes-normal-priority")
                                            ? Thread.NORM_PRIORITY
                                            : Thread.MIN_PRIORITY);
                            return thread;
                        });
        passes.scheduleWithFixedDelay(() -> passQuietly(board), 2, 2, TimeUnit.SECONDS);
        try {
            RateRow idle = null;
            int highestAsked = 0;
            for (int rate : rates()) {
                String label;
                if (rate == HELD) {
                    HeldRate.Search search = searchHeld(board, users, highestAsked);
                    later.add(baseline -> List.of(heldFigure(search)));
                    if (search.held() == 0) {
                        continue;
                    }
                    rate = search.held();
                    label = rate + " votes/s, the highest held";
                } else {
                    highestAsked = Math.max(highestAsked, rate);
                    label = rate == FLAT_OUT ? "flat out" : rate + " votes/s";
                }
                RateRow row = atRate(board, users, rate, label);
                idle = idle == null ? row : idle;
                RateRow withoutWrites = idle;
                later.add(
                        baseline ->
                                row.figures(
                                        withoutWrites,
                                        baseline.top(),
                                        baseline.rank(),
                                        baseline.around()));
            }
        } finally {
            passes.shutdownNow();
        }
        Redis after = measureRedis(name, users);
        Redis faster = Redis.faster(before, after);
        String note =
                String.format(
                        "the faster p50 of two measurements, before the rows (%.3f, %.3f and"
                                + " %.3f ms) and after them (%.3f, %.3f and %.3f ms), each on a"
                                + " node without flushes or compactions",
                        before.top().p50Millis(),
                        before.rank().p50Millis(),
                        before.around().p50Millis(),
                        after.top().p50Millis(),
                        after.rank().p50Millis(),
                        after.around().p50Millis());
        List<Figure> figures = new ArrayList<>();
        figures.add(
                Figure.plain(
                        SCENARIO,
                        "Redis ZREVRANGE 0 99, 1 caller",
                        "p50 ms",
                        faster.top(),
                        faster.top().p50Millis(),
                        note));
        figures.add(
                Figure.plain(
                        SCENARIO,
                        "Redis ZREVRANK, 1 caller",
                        "p50 ms",
                        faster.rank(),
                        faster.rank().p50Millis(),
                        note));
        figures.add(
                Figure.plain(
                        SCENARIO,
                        REDIS_AROUND + ", 1 caller",
                        "p50 ms",
                        faster.around(),
                        faster.around().p50Millis(),
                        note
                                + "; ZREVRANK and ZREVRANGE WITHSCORES of the "
                                + QueryClient.AROUND
                                + " places each side, in one Lua script (one round trip), as a"
                                + " Redis client asks for what a standing answers"));
        for (Function<Redis, List<Figure>> figuresOf : later) {
            figures.addAll(figuresOf.apply(faster));
        }
        return figures;
    }

    /**
     * Redis's top-100, rank, and rank with the entries around it (a standing) on the board's
     * tallies, 1 caller each.
     */
    private record Redis(Measurement top, Measurement rank, Measurement around) {

        /** Each query's measurement with the lower p50: the baseline least flattering to us. */
        static Redis faster(Redis one, Redis other) {
            return new Redis(
                    faster(one.top, other.top),
                    faster(one.rank, other.rank),
                    faster(one.around, other.around));
        }

        private static Measurement faster(Measurement one, Measurement other) {
            return one.p50Millis() <= other.p50Millis() ? one : other;
        }
    }

    /**
     * Redis measured once the node has no flush or compaction running (at most {@link
     * #QUIET_AT_MOST}): Redis's top-100 took 0.036 ms in one run and 0.110 ms in the next when it
     * was measured only once, right after the board was loaded, which moved every ratio against it
     * threefold. Measured before the rows and again after them; the faster of the two is the
     * baseline.
     */
    private Redis measureRedis(String name, int users) {
        node.await(QUIET_AT_MOST);
        Redis measured =
                new Redis(
                        redis.top100(name, 1, duration(), options.minQueries()),
                        redis.rank(name, users, 1, duration(), options.minQueries()),
                        redis.rankAround(
                                name,
                                users,
                                QueryClient.AROUND,
                                1,
                                duration(),
                                options.minQueries()));
        Progress.say(
                String.format(
                        "  Redis: ZREVRANGE 0 99 p50 %.3f ms, ZREVRANK p50 %.3f ms, a rank with"
                                + " the entries around it p50 %.3f ms; %s",
                        measured.top().p50Millis(),
                        measured.rank().p50Millis(),
                        measured.around().p50Millis(),
                        node.summary()));
        return measured;
    }

    private List<Integer> rates() {
        return options.writeRates();
    }

    /**
     * The highest write rate the machine holds with read-your-writes reads served ({@link
     * HeldRate}), from a quarter above the highest rate asked before it (or {@link #HELD_START}).
     * Each probe writes at its rate for the warm-up of a row, then asks read-your-writes top-100s
     * at one caller for a whole bucket of the board (so that the bucket's snapshot pass and the
     * newer head the query service then takes up weigh on it); a rate not held leaves a backlog, so
     * the next probe waits until strong reads are quick again without writes.
     */
    private HeldRate.Search searchHeld(BoardSettings board, int users, int highestAsked) {
        // At least the smallest rate the search probes (--rates 0,10,held).
        int start =
                highestAsked > 0
                        ? Math.max(HeldRate.ROUND_TO, (int) (highestAsked * HeldRate.STEP))
                        : HELD_START;
        Progress.say(
                "  the highest rate held: probing from "
                        + start
                        + " votes/s, each probe "
                        + (warmup(board).plus(probeDuration(board))).toSeconds()
                        + " s ...");
        HeldRate.Search search =
                HeldRate.search(
                        start,
                        options.quick() ? 2 : HELD_PROBES,
                        rate -> probe(board, users, rate));
        Progress.say(
                "  the highest rate held: "
                        + search.held()
                        + " votes/s"
                        + (search.notHeld() > 0 ? ", not " + search.notHeld() : ""));
        return search;
    }

    private HeldRate.Probe probe(BoardSettings board, int users, int rate) {
        String b = board.board();
        HeldRate.Probe seen;
        try (SteadyWrites writes = SteadyWrites.atRate(events, board, users, rate)) {
            sleep(warmup(board));
            long storedBefore = writes.stored();
            long started = System.nanoTime();
            Measurement top =
                    ClosedLoop.run(
                            1, probeDuration(board), 1, () -> answered(queries.top100(b, null)));
            double seconds = (System.nanoTime() - started) / 1e9;
            seen = new HeldRate.Probe(rate, (writes.stored() - storedBefore) / seconds, top);
        }
        Progress.say("    probe at " + seen);
        if (!seen.held()) {
            recover(b);
        }
        return seen;
    }

    /** A whole bucket of the board (a second in the quick run). */
    private Duration probeDuration(BoardSettings board) {
        return options.quick() ? duration() : board.buckets().size();
    }

    /**
     * Without writes, until a read-your-writes top-100 is answered within {@link #RECOVERED_WITHIN}
     * three times in a row (the backlog of a rate not held read and folded), at most {@link
     * #RECOVER_AT_MOST}.
     */
    private void recover(String board) {
        long started = System.nanoTime();
        long until = started + RECOVER_AT_MOST.toNanos();
        int quick = 0;
        while (quick < 3 && System.nanoTime() < until) {
            long asked = System.nanoTime();
            boolean answered = ok(queries.top100(board, null));
            boolean inTime = System.nanoTime() - asked <= RECOVERED_WITHIN.toNanos();
            quick = answered && inTime ? quick + 1 : 0;
            if (quick == 0) {
                sleep(Duration.ofMillis(500));
            }
        }
        Progress.say(
                String.format(
                        "    %s after %d s without writes",
                        quick >= 3 ? "strong reads quick again" : "strong reads still slow",
                        (System.nanoTime() - started) / 1_000_000_000L));
    }

    private static Figure heldFigure(HeldRate.Search search) {
        return Figure.plain(
                SCENARIO,
                "the highest write rate held with read-your-writes reads served",
                "votes/s",
                null,
                search.held(),
                String.format(
                        "writes at %.0f%% of the rate or more, and a read-your-writes top-100 at one"
                                + " caller over a bucket of the board with none refused and p99"
                                + " within %.0f ms; %s; probes: %s",
                        100 * HeldRate.ACHIEVED_AT_LEAST,
                        HeldRate.STRONG_P99_AT_MOST_MILLIS,
                        search.notHeld() > 0
                                ? search.notHeld() + " votes/s not held"
                                : "no rate probed was not held",
                        search.probes()));
    }

    private RateRow atRate(BoardSettings board, int users, int rate, String label) {
        try (SteadyWrites writes =
                rate == FLAT_OUT
                        ? SteadyWrites.flatOut(events, board, users)
                        : SteadyWrites.atRate(events, board, users, rate)) {
            Duration warmup = warmup(board);
            Progress.say(
                    "  "
                            + label
                            + ": writing for "
                            + warmup.toSeconds()
                            + " s until the tail is steady ...");
            sleep(warmup);
            WarmUp warmUp = warmUpQueries(board, users);
            long storedBefore = writes.stored();
            long lateBefore = writes.late();
            TailReads readsBefore = tailReads();
            Map<String, Long> requestsBefore = coordinated.now();
            long started = System.nanoTime();
            String b = board.board();
            ProcessCpu.Shares cpu = ProcessCpu.Shares.start(processes);
            ProcessCpu.Compilers compilers = ProcessCpu.Compilers.start(processes.values());
            Callable<Boolean> top = () -> answered(queries.top100(b, null));
            Callable<Boolean> around = () -> answered(queries.around(b, user(users), null));
            List<Measurement> strong =
                    ClosedLoop.interleaved(
                            List.of(
                                    new ClosedLoop.Load(1, top),
                                    new ClosedLoop.Load(4, top),
                                    new ClosedLoop.Load(1, around),
                                    new ClosedLoop.Load(4, around)),
                            interleavedDuration(board, 4),
                            SLICE,
                            options.minQueries());
            Measurement strongTop1 = strong.get(0);
            Measurement strongTop4 = strong.get(1);
            Measurement strongAround1 = strong.get(2);
            Measurement strongAround4 = strong.get(3);
            Map<String, Double> cpuPercent = cpu.percent();
            // The compilers' part of the three shares: what the warm-up left compiling.
            cpuPercent.put("their JIT compilers", 100 * compilers.cores() / ProcessCpu.CORES);
            String requests =
                    CoordinatorReads.perRead(
                            requestsBefore,
                            coordinated.now(),
                            tailReads().reads - readsBefore.reads);
            List<Measurement> eventual =
                    ClosedLoop.interleaved(
                            List.of(
                                    new ClosedLoop.Load(
                                            1, () -> ok(queries.top100(b, QueryClient.EVENTUAL))),
                                    new ClosedLoop.Load(
                                            1,
                                            () ->
                                                    ok(
                                                            queries.around(
                                                                    b,
                                                                    user(users),
                                                                    QueryClient.EVENTUAL))),
                                    new ClosedLoop.Load(1, redis.top100(b)),
                                    new ClosedLoop.Load(
                                            1, redis.rankAround(b, users, QueryClient.AROUND))),
                            interleavedDuration(board, 4),
                            SLICE,
                            options.minQueries());
            RateRow row =
                    new RateRow(
                            label,
                            strongTop1,
                            strongTop4,
                            strongAround1,
                            strongAround4,
                            eventual.get(0),
                            eventual.get(1),
                            eventual.get(2),
                            eventual.get(3),
                            measure(
                                    1,
                                    () ->
                                            loader.replicasRoundTrip(
                                                                    board,
                                                                    Instant.now(),
                                                                    TailLags.HELD_LAG)
                                                            .join()
                                                    >= 0),
                            measure(
                                    1,
                                    () ->
                                            loader.replicasRoundTrip(
                                                                    board,
                                                                    Instant.now(),
                                                                    Duration.ZERO)
                                                            .join()
                                                    >= 0),
                            0,
                            Map.of());
            double seconds = (System.nanoTime() - started) / 1e9;
            double achieved = (writes.stored() - storedBefore) / seconds;
            String stale = staleness(queries.top100(b, QueryClient.EVENTUAL));
            Progress.say(
                    String.format(
                            "  %s: %.0f votes/s achieved (%d marked late); strong top-100"
                                    + " p50 %.2f ms (%d queries), the replicas' round trip alone"
                                    + " p50 %.2f ms (%.2f ms without the held rows); %s; during"
                                    + " the strong queries, %s; CPU %s; %s; %s",
                            label,
                            achieved,
                            writes.late() - lateBefore,
                            row.strongTop1().p50Millis(),
                            row.strongTop1().requests(),
                            row.roundTrip().p50Millis(),
                            row.roundTripUnheld().p50Millis(),
                            tailReads().since(readsBefore),
                            requests,
                            ProcessCpu.Shares.summary(cpuPercent),
                            warmUp,
                            stale));
            return row.measured(achieved, cpuPercent);
        }
    }

    /**
     * How old a bounded-staleness answer is after the rows ({@code stalenessMillis}): about the
     * refresh interval while the service reads the board in time, older while it answers from what
     * it held (writes it cannot read and serve at once).
     */
    static String staleness(QueryClient.Answer answer) {
        if (answer.statusCode() != 200) {
            return "an eventual top-100 after them answered " + answer.statusCode();
        }
        Matcher found = STALENESS.matcher(answer.body());
        return found.find()
                ? "an eventual top-100 after them " + found.group(1) + " ms stale"
                : "an eventual top-100 after them without stalenessMillis";
    }

    /** The query service's shared strong reads so far: how many, rows sent, late events read. */
    private TailReads tailReads() {
        return new TailReads(
                queries.meter("leaderboard.tail.rows.sent", "COUNT").orElse(0.0),
                queries.meter("leaderboard.tail.rows.sent", "TOTAL").orElse(0.0),
                queries.meter("leaderboard.tail.late.events", "COUNT").orElse(0.0),
                queries.meter(TAIL_PHASE, "TOTAL_TIME").orElse(0.0),
                queries.meter(RANK_PHASE, "TOTAL_TIME").orElse(0.0),
                queries.meter("leaderboard.tail.feed.reads", "COUNT").orElse(0.0),
                queries.meter("leaderboard.tail.store.reads.beside", "COUNT").orElse(0.0),
                queries.meter(TAKE_UP + "snapshot", "COUNT").orElse(0.0),
                queries.meter(TAKE_UP + "snapshot", "TOTAL_TIME").orElse(0.0),
                queries.meter(TAKE_UP + "tail", "TOTAL_TIME").orElse(0.0));
    }

    /**
     * What the query service's strong reads did during one rate's queries: reads, those made from
     * the writers' feeds alone, rows sent per read of the store, late events read by key because of
     * their marks, and the time of the reads' two phases; and the newer heads it took up meanwhile,
     * with the time of their two ranking steps.
     */
    private record TailReads(
            double reads,
            double rowsSent,
            double lateEvents,
            double tailSeconds,
            double rankSeconds,
            double fedReads,
            double besideReads,
            double takeUps,
            double takeUpSnapshotSeconds,
            double takeUpTailSeconds) {

        String since(TailReads before) {
            double n = reads - before.reads;
            double fed = fedReads - before.fedReads;
            double beside = besideReads - before.besideReads;
            double heads = takeUps - before.takeUps;
            return String.format(
                    "%.0f shared strong reads (%.0f from the writers' feeds alone, %.0f of the"
                            + " store beside them), %.0f rows sent"
                            + " per read of the store, %.0f late events read by their marks; a"
                            + " read's mean %.2f ms for its tail, %.2f ms to rank; %.0f newer"
                            + " heads taken up, a mean %.2f s to rank each one's snapshot and"
                            + " %.2f s its tail",
                    n,
                    fed,
                    beside,
                    n - fed > 0 ? (rowsSent - before.rowsSent) / (n - fed) : 0,
                    lateEvents - before.lateEvents,
                    n > 0 ? 1000 * (tailSeconds - before.tailSeconds) / n : 0,
                    n > 0 ? 1000 * (rankSeconds - before.rankSeconds) / n : 0,
                    heads,
                    heads > 0 ? (takeUpSnapshotSeconds - before.takeUpSnapshotSeconds) / heads : 0,
                    heads > 0 ? (takeUpTailSeconds - before.takeUpTailSeconds) / heads : 0);
        }
    }

    /** The board's write window plus the query service's and the worker's margins, and 5 s. */
    private Duration warmup(BoardSettings board) {
        return options.quick() ? Duration.ofSeconds(2) : board.writeWindow().plusSeconds(10 + 5);
    }

    /**
     * Every measured query kind right before each row is measured, so that the JITs have compiled
     * what the row asks, as it stands then: without it the row without writes, the baseline of
     * every ratio, measured a cold service when the scenario ran alone (12.3 ms for a top-100
     * against 2.2 ms when it ran after scenario 4's queries). At least 15 s, and on until the JIT
     * compilers of the processes sampled (the load generator, the query service, Cassandra) used
     * under {@link #JIT_QUIET} of a core in {@link #JIT_WINDOW}, at most {@link #JIT_WAIT_AT_MOST}:
     * 15 s alone left the query service compiling at two thirds of a core through the first third
     * of the strong rows without writes, which made the baseline slower than the service is and
     * flattered the ratios. Then on until 1 s into the board's next bucket, so that at every rate
     * the rows start at the same moment of the bucket: a strong read also reads the next bucket's
     * partitions during the last {@code query.future-tolerance} (10 s) of each bucket, and the
     * background passes take up a new snapshot head once a bucket; rows measured at different
     * moments of the minute would compare more of one with less of it. The quick run does not wait.
     *
     * @return how long the warm-up took, and whether the compilers were quiet at its end
     */
    private WarmUp warmUpQueries(BoardSettings settings, int users) {
        String board = settings.board();
        long started = System.nanoTime();
        long until = started + (options.quick() ? 1_000_000_000L : 15_000_000_000L);
        long jitUntil = until + (options.quick() ? 0 : JIT_WAIT_AT_MOST.toNanos());
        ProcessCpu.Compilers window = ProcessCpu.Compilers.start(processes.values());
        boolean quiet = options.quick();
        Instant aligned = null;
        while (true) {
            answered(queries.top100(board, null));
            answered(queries.around(board, user(users), null));
            queries.top100(board, QueryClient.EVENTUAL);
            queries.around(board, user(users), QueryClient.EVENTUAL);
            long now = System.nanoTime();
            if (!quiet && window.seconds() >= JIT_WINDOW.toSeconds()) {
                quiet = window.cores() < JIT_QUIET;
                window = ProcessCpu.Compilers.start(processes.values());
            }
            if (now < until || !quiet && now < jitUntil) {
                continue;
            }
            if (aligned == null) {
                aligned =
                        options.quick()
                                ? Instant.MIN
                                : settings.buckets()
                                        .floor(Instant.now().plusSeconds(15))
                                        .plus(settings.buckets().size())
                                        .plusSeconds(1);
            }
            if (!Instant.now().isBefore(aligned)) {
                return new WarmUp(Duration.ofNanos(now - started), quiet);
            }
        }
    }

    /** How long a row's warm-up took, and whether the JIT compilers had gone quiet. */
    private record WarmUp(Duration took, boolean jitQuiet) {

        @Override
        public String toString() {
            return String.format(
                    "warm-up %d s%s",
                    took.toSeconds(),
                    jitQuiet ? "" : " (the JIT compilers still busy when it ended)");
        }
    }

    private Duration duration() {
        return options.queryDuration();
    }

    /**
     * How long each of {@code loads} rows taking turns of {@link #SLICE} runs: the query duration,
     * but together a whole number of the board's buckets, so that the snapshot pass that freezes a
     * bucket, once a bucket, and the newer head the query service then takes up weigh on every row
     * as they weigh on the minute. Run one after the other, rows of 5 s at the same moment of the
     * bucket at every rate had the user's standing at 4 callers meet both at every rate with
     * writes, and the others never; and the two bounded-staleness rows, 10 s each after the strong
     * ones, had their standing fall on the pass at 5,000 votes/s (its reads and layer writes take
     * both cores for seconds), so that its p50 weighed the pass more than the minute does. The
     * strong rows take turns among themselves, as before, and the bounded-staleness ones among
     * themselves, so that the strong rows stay comparable with earlier runs.
     */
    private Duration interleavedDuration(BoardSettings board, int loads) {
        if (options.quick()) {
            return duration();
        }
        return ClosedLoop.eachOverWholePeriods(duration(), loads, board.buckets().size());
    }

    private Measurement measure(int callers, Callable<Boolean> query) {
        return ClosedLoop.run(callers, duration(), options.minQueries(), query);
    }

    private void passQuietly(BoardSettings board) {
        try {
            BoardLoader.TimedPass pass = loader.pass(board, Instant.now());
            if (pass.result().outcome() != PassResult.Outcome.UP_TO_DATE) {
                // What the machine spends on each bucket's pass, as the worker would: the part
                // until its head is written, then the merges its chain calls for.
                Progress.say(
                        String.format(
                                "    background pass: %.0f ms to its head, %.0f ms of merges"
                                        + " after it; %s; the head's layers %s rows",
                                pass.millis(),
                                pass.mergeMillis(),
                                pass.result().summary(),
                                loader.chain(board)));
            }
        } catch (RuntimeException e) {
            Progress.say("  background pass failed: " + e);
        }
    }

    private long[] loadHistory(BoardSettings board, int users) {
        long[] sums = new long[users];
        loader.loadHistory(board, users, sums, Instant.now().minus(Duration.ofMinutes(45)));
        return sums;
    }

    /**
     * Whether a read-your-writes query was answered. A refusal with {@code Retry-After} (a 503 of a
     * service whose reads are behind) is waited out first, as a client should: asked again at once,
     * the refusals, a few milliseconds each, came by the hundred a second and took CPU from the
     * reads they waited for. Refusals count as errors of their row either way.
     */
    private static boolean answered(QueryClient.Answer answer) {
        if (answer.statusCode() == 503 && answer.retryAfterSeconds() > 0) {
            sleep(Duration.ofSeconds(answer.retryAfterSeconds()));
        }
        return ok(answer);
    }

    private static boolean ok(QueryClient.Answer answer) {
        return answer.statusCode() == 200;
    }

    private static String user(int users) {
        return VoteMaker.user(ThreadLocalRandom.current().nextInt(users));
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
