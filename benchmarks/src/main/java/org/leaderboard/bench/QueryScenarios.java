package org.leaderboard.bench;

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

        BoardMeasurements measured =
                new BoardMeasurements(
                        users,
                        options.tailEvents(),
                        historyLoad,
                        pass,
                        coldMillis,
                        heapPerUser,
                        tailCost,
                        top,
                        around,
                        unsupported,
                        eventualTop,
                        eventualAround,
                        redisLoadMillis,
                        redisTop,
                        redisRank);
        if (largest) {
            QueryFigures.OneCaller alone = null;
            if (unsupported.isEmpty()) {
                Progress.say("  the same queries with one caller (latency without queueing) ...");
                alone =
                        new QueryFigures.OneCaller(
                                measure(1, () -> queries.top100(name, QueryClient.EVENTUAL)),
                                measure(
                                        1,
                                        () ->
                                                queries.around(
                                                        name,
                                                        randomUser(users),
                                                        QueryClient.EVENTUAL)),
                                redis.top100(
                                        name, 1, options.queryDuration(), options.minQueries()),
                                redis.rank(
                                        name,
                                        users,
                                        1,
                                        options.queryDuration(),
                                        options.minQueries()));
            }
            figures.addAll(QueryFigures.of(measured, options.queryThreads(), alone));
        }
        return measured.scalingRow();
    }

    private Measurement measure(
            int callers, java.util.function.Supplier<QueryClient.Answer> query) {
        return ClosedLoop.run(
                callers,
                options.queryDuration(),
                options.minQueries(),
                () -> query.get().statusCode() == 200);
    }

    private static String randomUser(int users) {
        return VoteMaker.user(ThreadLocalRandom.current().nextInt(users));
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

    private static void requireOk(QueryClient.Answer response, String what) {
        if (response.statusCode() != 200) {
            throw new IllegalStateException(
                    what + " answered " + response.statusCode() + ": " + response.body());
        }
    }
}
