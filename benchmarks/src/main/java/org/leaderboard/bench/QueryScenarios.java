package org.leaderboard.bench;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;

/**
 * Scenarios 4 and 5: for every board size, N users (one history event each, snapshotted by a pass
 * at the real clock), then {@code tailEvents} events after the cutoff (written through the driver,
 * as the writer would store them); the cold first query (it loads the snapshot), the query
 * service's heap per user, top-100 and rank-with-around=5 latencies in both consistency modes, and
 * Redis on the same data. The largest board is scenario 4; all of them are the scaling curve.
 */
final class QueryScenarios {

    static final String QUERIES = "4 queries";
    static final String TAIL = "4 default-mode tail cost";

    private final BenchOptions options;
    private final BoardLoader loader;
    private final QueryClient queries;
    private final RedisBoards redis;
    private final List<ScalingRow> scaling = new ArrayList<>();
    private final List<Figure> figures = new ArrayList<>();

    QueryScenarios(
            BenchOptions options, BoardLoader loader, QueryClient queries, RedisBoards redis) {
        this.options = options;
        this.loader = loader;
        this.queries = queries;
        this.redis = redis;
    }

    List<ScalingRow> scaling() {
        return scaling;
    }

    List<Figure> figures() {
        return figures;
    }

    void run() {
        for (int users : options.users()) {
            boolean largest = users == options.largestBoard();
            Progress.say(
                    "scenario 4-5/5 queries: board of "
                            + users
                            + " users"
                            + (largest ? " (the scenario 4 board)" : "")
                            + " ...");
            scaling.add(board(users, largest));
        }
    }

    private ScalingRow board(int users, boolean largest) {
        String name = "q-" + users + "-" + System.currentTimeMillis() % 100_000;
        Instant now = Instant.now();
        BoardSettings board = loader.createBoard(name, now.minus(Duration.ofMinutes(50)));
        long[] sums = new long[users];
        SplittableRandom random = new SplittableRandom(users);
        Instant historyFrom = now.minus(Duration.ofMinutes(45));
        Measurement historyLoad =
                loader.load(
                        board,
                        users,
                        i -> {
                            VoteCastEvent vote =
                                    new VoteCastEvent(
                                            org.leaderboard.model.time.TimeUuids.voteIdAt(
                                                    historyFrom.plusMillis(
                                                            random.nextLong(
                                                                    Duration.ofMinutes(15)
                                                                            .toMillis()))),
                                            name,
                                            VoteMaker.user(i),
                                            VoteMaker.voter(random),
                                            1 + random.nextInt(10_000));
                            sums[(int) i] += vote.votes();
                            return vote;
                        });
        Progress.say("  " + users + " history events loaded; snapshot pass ...");
        BoardLoader.TimedPass pass = loader.pass(board, Instant.now());
        Instant cutoff = pass.result().newCutoff();
        Progress.say(
                String.format(
                        "  pass: %.0f ms (%.0f events/s), cutoff %s",
                        pass.millis(), pass.eventsPerSecond(), cutoff));

        Optional<Double> heapBefore = queries.heapAfterGc();
        long coldStart = System.nanoTime();
        requireOk(queries.top100(name, null), "cold top-100");
        double coldMillis = (System.nanoTime() - coldStart) / 1e6;
        Optional<Double> heapAfter = queries.heapAfterGc();
        Double heapPerUser =
                heapBefore.isPresent() && heapAfter.isPresent()
                        ? (heapAfter.get() - heapBefore.get()) / users
                        : null;
        Progress.say(
                String.format(
                        "  cold first query %.0f ms; heap per user %s",
                        coldMillis,
                        heapPerUser == null
                                ? "unknown (jcmd or metric unavailable)"
                                : String.format("%.0f bytes", heapPerUser)));

        List<double[]> tailCost = new ArrayList<>();
        tailCost.add(new double[] {0, measureTop100(name, null).p50Millis()});
        int firstStep = Math.max(1, options.tailEvents() / 10);
        addTail(board, users, sums, cutoff, firstStep);
        tailCost.add(new double[] {firstStep, measureTop100(name, null).p50Millis()});
        addTail(board, users, sums, cutoff, options.tailEvents() - firstStep);

        Measurement top = measureTop100(name, null);
        Measurement around = measureAround(name, users, null);
        tailCost.add(new double[] {options.tailEvents(), top.p50Millis()});
        Optional<String> unsupported = queries.eventualUnsupported(name);
        Measurement eventualTop =
                unsupported.isEmpty() ? measureTop100(name, QueryClient.EVENTUAL) : null;
        Measurement eventualAround =
                unsupported.isEmpty() ? measureAround(name, users, QueryClient.EVENTUAL) : null;

        Progress.say("  loading the same tallies into Redis and querying it ...");
        long redisLoadStart = System.nanoTime();
        redis.load(name, sums);
        double redisLoadMillis = (System.nanoTime() - redisLoadStart) / 1e6;
        Measurement redisTop =
                redis.top100(
                        name,
                        options.queryThreads(),
                        options.queryDuration(),
                        options.minQueries());
        Measurement redisRank =
                redis.rank(
                        name,
                        users,
                        options.queryThreads(),
                        options.queryDuration(),
                        options.minQueries());
        Progress.say(
                String.format(
                        "  top-100 p50 %.2f ms (Redis %.3f ms); around p50 %.2f ms (Redis ZREVRANK %.3f ms)",
                        top.p50Millis(),
                        redisTop.p50Millis(),
                        around.p50Millis(),
                        redisRank.p50Millis()));

        if (largest) {
            addFigures(
                    users,
                    pass,
                    coldMillis,
                    heapPerUser,
                    top,
                    around,
                    unsupported,
                    eventualTop,
                    eventualAround,
                    redisTop,
                    redisRank,
                    tailCost,
                    historyLoad,
                    redisLoadMillis);
        }
        return new ScalingRow(
                users,
                options.tailEvents(),
                pass.millis(),
                pass.eventsPerSecond(),
                coldMillis,
                heapPerUser,
                top.p50Millis(),
                top.p99Millis(),
                top.rate(),
                around.p50Millis(),
                around.p99Millis(),
                around.rate(),
                eventualTop == null ? null : eventualTop.p50Millis(),
                eventualAround == null ? null : eventualAround.p50Millis(),
                redisTop.p50Millis(),
                redisRank.p50Millis());
    }

    private void addFigures(
            int users,
            BoardLoader.TimedPass pass,
            double coldMillis,
            Double heapPerUser,
            Measurement top,
            Measurement around,
            Optional<String> unsupported,
            Measurement eventualTop,
            Measurement eventualAround,
            Measurement redisTop,
            Measurement redisRank,
            List<double[]> tailCost,
            Measurement historyLoad,
            double redisLoadMillis) {
        String on = " (" + users + " users, " + options.tailEvents() + " tail events)";
        figures.add(
                Figure.plain(
                        QUERIES,
                        "Redis ZREVRANGE 0 99 WITHSCORES (baseline)",
                        "queries/s",
                        redisTop,
                        redisTop.rate(),
                        options.queryThreads() + " callers"));
        figures.add(
                Figure.plain(
                        QUERIES,
                        "Redis ZREVRANK (baseline)",
                        "queries/s",
                        redisRank,
                        redisRank.rate(),
                        options.queryThreads() + " callers"));
        figures.add(
                Figure.compared(
                        QUERIES,
                        "top-100, default (read-your-writes)" + on,
                        "p50 ms",
                        top,
                        top.p50Millis(),
                        "Redis ZREVRANGE p50",
                        redisTop.p50Millis(),
                        null,
                        String.format("%.1f queries/s; ratio = p50 / Redis p50", top.rate())));
        figures.add(
                Figure.compared(
                        QUERIES,
                        "rank around=5, default (read-your-writes)" + on,
                        "p50 ms",
                        around,
                        around.p50Millis(),
                        "Redis ZREVRANK p50",
                        redisRank.p50Millis(),
                        null,
                        String.format("%.1f queries/s; ratio = p50 / Redis p50", around.rate())));
        if (unsupported.isPresent()) {
            figures.add(
                    Figure.notAvailable(
                            QUERIES,
                            "top-100, bounded staleness (?consistency=eventual)",
                            "p50 ms",
                            Target.atMost(5),
                            unsupported.get()));
            figures.add(
                    Figure.notAvailable(
                            QUERIES,
                            "rank around=5, bounded staleness (?consistency=eventual)",
                            "p50 ms",
                            Target.atMost(5),
                            unsupported.get()));
        } else {
            figures.add(
                    Figure.compared(
                            QUERIES,
                            "top-100, bounded staleness" + on,
                            "p50 ms",
                            eventualTop,
                            eventualTop.p50Millis(),
                            "Redis ZREVRANGE p50",
                            redisTop.p50Millis(),
                            Target.atMost(5),
                            String.format("%.1f queries/s", eventualTop.rate())));
            figures.add(
                    Figure.compared(
                            QUERIES,
                            "rank around=5, bounded staleness" + on,
                            "p50 ms",
                            eventualAround,
                            eventualAround.p50Millis(),
                            "Redis ZREVRANK p50",
                            redisRank.p50Millis(),
                            Target.atMost(5),
                            String.format("%.1f queries/s", eventualAround.rate())));
        }
        if (heapPerUser == null) {
            figures.add(
                    Figure.notAvailable(
                            QUERIES,
                            "query-service heap per snapshot user",
                            "bytes/user",
                            Target.atMost(1),
                            "jcmd GC.run or /actuator/metrics/jvm.memory.used unavailable"));
        } else {
            figures.add(
                    Figure.compared(
                            QUERIES,
                            "query-service heap per snapshot user",
                            "bytes/user",
                            null,
                            heapPerUser,
                            "budget of 100 bytes/user",
                            100,
                            Target.atMost(1),
                            "heap after full GC, after minus before the first query on the board"));
        }
        figures.add(
                Figure.compared(
                        QUERIES,
                        "time to load the " + users + "-user snapshot (cold first top-100)",
                        "ms",
                        null,
                        coldMillis,
                        "loading the same tallies into Redis (pipelined ZADD)",
                        redisLoadMillis,
                        null,
                        "no tail events yet"));
        figures.add(
                Figure.compared(
                        QUERIES,
                        "snapshot pass over the " + users + " history events",
                        "events/s",
                        null,
                        pass.eventsPerSecond(),
                        "raw driver INSERT of the same events",
                        historyLoad.rate(),
                        null,
                        String.format("%.0f ms", pass.millis())));
        for (double[] step : tailCost) {
            figures.add(
                    Figure.compared(
                            TAIL,
                            "top-100 p50 with " + (long) step[0] + " tail events",
                            "ms",
                            null,
                            step[1],
                            "top-100 p50 without tail",
                            tailCost.get(0)[1],
                            null,
                            "default mode replays the tail on every query"));
        }
        double[] first = tailCost.get(0);
        double[] last = tailCost.get(tailCost.size() - 1);
        if (last[0] > first[0]) {
            double perTenThousand = (last[1] - first[1]) / (last[0] - first[0]) * 10_000;
            figures.add(
                    Figure.plain(
                            TAIL,
                            "tail cost per 10,000 tail events (top-100 p50)",
                            "ms",
                            null,
                            perTenThousand,
                            "tail events = write rate x (write window + margin + pass interval):"
                                    + " at 1,000 votes/s and 60+10+10 s that is 80,000 events"));
        }
    }

    private Measurement measureTop100(String board, String consistency) {
        return ClosedLoop.run(
                options.queryThreads(),
                options.queryDuration(),
                options.minQueries(),
                () -> queries.top100(board, consistency).statusCode() == 200);
    }

    private Measurement measureAround(String board, int users, String consistency) {
        return ClosedLoop.run(
                options.queryThreads(),
                options.queryDuration(),
                options.minQueries(),
                () ->
                        queries.around(
                                                board,
                                                VoteMaker.user(
                                                        ThreadLocalRandom.current().nextInt(users)),
                                                consistency)
                                        .statusCode()
                                == 200);
    }

    /** Tail events at times in [cutoff, now), for existing users, 1 to 5 points. */
    private void addTail(BoardSettings board, int users, long[] sums, Instant cutoff, int count) {
        SplittableRandom random = new SplittableRandom(count * 31L + users);
        long spanMillis = Math.max(1, Duration.between(cutoff, Instant.now()).toMillis() - 1);
        loader.load(
                board,
                count,
                i -> {
                    int user = random.nextInt(users);
                    VoteCastEvent vote =
                            VoteMaker.vote(
                                    board.board(),
                                    user,
                                    cutoff.plusMillis(random.nextLong(spanMillis)),
                                    random);
                    sums[user] += vote.votes();
                    return vote;
                });
    }

    private static void requireOk(HttpResponse<String> response, String what) {
        if (response.statusCode() != 200) {
            throw new IllegalStateException(
                    what + " answered " + response.statusCode() + ": " + response.body());
        }
    }
}
