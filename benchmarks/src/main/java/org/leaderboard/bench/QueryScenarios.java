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

    /** The cold first query (it loads the snapshot) and the query service's heap per user. */
    private record ColdStart(double millis, Double heapPerUser) {}

    /**
     * The default mode: top-100 p50 as the tail grows (pairs of tail events and ms), then top-100
     * and rank-around with the full tail.
     */
    private record DefaultMode(List<double[]> tailCost, Measurement top, Measurement around) {}

    /** The bounded-staleness mode, measured only when the query service supports it. */
    private record Eventual(Optional<String> unsupported, Measurement top, Measurement around) {}

    /** Redis on the same tallies. */
    private record RedisBaseline(double loadMillis, Measurement top, Measurement rank) {}

    private ScalingRow board(int users, boolean largest) {
        String name = "q-" + users + "-" + System.currentTimeMillis() % 100_000;
        Instant now = Instant.now();
        BoardSettings board = loader.createBoard(name, now.minus(Duration.ofMinutes(50)));
        long[] sums = new long[users];
        Measurement historyLoad =
                loader.loadHistory(board, users, sums, now.minus(Duration.ofMinutes(45)));
        BoardLoader.TimedPass pass = snapshotHistory(board, users);
        ColdStart cold = coldFirstQuery(name, users);
        DefaultMode defaultMode =
                defaultModeAsTheTailGrows(board, users, sums, pass.result().newCutoff());
        Eventual eventual = eventualMode(name, users);
        RedisBaseline onRedis = redisOnTheSameTallies(name, users, sums);
        sayLatencies(defaultMode, onRedis);

        BoardMeasurements measured =
                measurements(users, historyLoad, pass, cold, defaultMode, eventual, onRedis);
        if (largest) {
            figures.addAll(
                    QueryFigures.of(
                            measured,
                            options.queryThreads(),
                            oneCaller(name, users, eventual.unsupported())));
        }
        return measured.scalingRow();
    }

    private BoardMeasurements measurements(
            int users,
            Measurement historyLoad,
            BoardLoader.TimedPass pass,
            ColdStart cold,
            DefaultMode defaultMode,
            Eventual eventual,
            RedisBaseline onRedis) {
        return new BoardMeasurements(
                users,
                options.tailEvents(),
                historyLoad,
                pass,
                cold.millis(),
                cold.heapPerUser(),
                defaultMode.tailCost(),
                defaultMode.top(),
                defaultMode.around(),
                eventual.unsupported(),
                eventual.top(),
                eventual.around(),
                onRedis.loadMillis(),
                onRedis.top(),
                onRedis.rank());
    }

    private BoardLoader.TimedPass snapshotHistory(BoardSettings board, int users) {
        Progress.say("  " + users + " history events loaded; snapshot pass ...");
        BoardLoader.TimedPass pass = loader.pass(board, Instant.now());
        Progress.say(
                String.format(
                        "  pass: %.0f ms (%.0f events/s), cutoff %s",
                        pass.millis(), pass.eventsPerSecond(), pass.result().newCutoff()));
        return pass;
    }

    private ColdStart coldFirstQuery(String name, int users) {
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
        return new ColdStart(coldMillis, heapPerUser);
    }

    private DefaultMode defaultModeAsTheTailGrows(
            BoardSettings board, int users, long[] sums, Instant cutoff) {
        String name = board.board();
        List<double[]> tailCost = new ArrayList<>();
        tailCost.add(new double[] {0, measureTop100(name, null).p50Millis()});
        int firstStep = Math.max(1, options.tailEvents() / 10);
        addTail(board, users, sums, cutoff, firstStep);
        tailCost.add(new double[] {firstStep, measureTop100(name, null).p50Millis()});
        addTail(board, users, sums, cutoff, options.tailEvents() - firstStep);

        Measurement top = measureTop100(name, null);
        Measurement around = measureAround(name, users, null);
        tailCost.add(new double[] {options.tailEvents(), top.p50Millis()});
        return new DefaultMode(tailCost, top, around);
    }

    private Eventual eventualMode(String name, int users) {
        Optional<String> unsupported = queries.eventualUnsupported(name);
        Measurement eventualTop =
                unsupported.isEmpty() ? measureTop100(name, QueryClient.EVENTUAL) : null;
        Measurement eventualAround =
                unsupported.isEmpty() ? measureAround(name, users, QueryClient.EVENTUAL) : null;
        return new Eventual(unsupported, eventualTop, eventualAround);
    }

    private RedisBaseline redisOnTheSameTallies(String name, int users, long[] sums) {
        Progress.say("  loading the same tallies into Redis and querying it ...");
        long redisLoadStart = System.nanoTime();
        redis.load(name, sums);
        double redisLoadMillis = (System.nanoTime() - redisLoadStart) / 1e6;
        Measurement redisTop = redisTop100(name, options.queryThreads());
        Measurement redisRank = redisRank(name, users, options.queryThreads());
        return new RedisBaseline(redisLoadMillis, redisTop, redisRank);
    }

    private static void sayLatencies(DefaultMode defaultMode, RedisBaseline onRedis) {
        Progress.say(
                String.format(
                        "  top-100 p50 %.2f ms (Redis %.3f ms); around p50 %.2f ms (Redis ZREVRANK %.3f ms)",
                        defaultMode.top().p50Millis(),
                        onRedis.top().p50Millis(),
                        defaultMode.around().p50Millis(),
                        onRedis.rank().p50Millis()));
    }

    /** The bounded-staleness queries and Redis with one caller; null without that mode. */
    private QueryFigures.OneCaller oneCaller(
            String name, int users, Optional<String> eventualUnsupported) {
        if (eventualUnsupported.isPresent()) {
            return null;
        }
        Progress.say("  the same queries with one caller (latency without queueing) ...");
        return new QueryFigures.OneCaller(
                measure(1, () -> queries.top100(name, QueryClient.EVENTUAL)),
                measure(1, () -> queries.around(name, randomUser(users), QueryClient.EVENTUAL)),
                redisTop100(name, 1),
                redisRank(name, users, 1));
    }

    private Measurement redisTop100(String name, int callers) {
        return redis.top100(name, callers, options.queryDuration(), options.minQueries());
    }

    private Measurement redisRank(String name, int users, int callers) {
        return redis.rank(name, users, callers, options.queryDuration(), options.minQueries());
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
        return measure(options.queryThreads(), () -> queries.top100(board, consistency));
    }

    private Measurement measureAround(String board, int users, String consistency) {
        return measure(
                options.queryThreads(),
                () -> queries.around(board, randomUser(users), consistency));
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
