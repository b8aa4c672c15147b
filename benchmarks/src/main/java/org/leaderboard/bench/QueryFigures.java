package org.leaderboard.bench;

import java.util.ArrayList;
import java.util.List;

/** The scenario 4 rows of the report, from what was measured on its (largest) board. */
final class QueryFigures {

    private QueryFigures() {}

    /**
     * The bounded-staleness queries and Redis with a single caller: latency without queueing. With
     * several callers on 2 cores the p50 mostly measures waiting for a core (the query service does
     * a few hundred microseconds of work per request, Redis a few), so the latency targets are
     * checked here and the several-caller figures are reported beside them.
     */
    record OneCaller(
            Measurement eventualTop,
            Measurement eventualAround,
            Measurement redisTop,
            Measurement redisRank) {}

    static List<Figure> of(BoardMeasurements m, int callers, OneCaller alone) {
        String on = " (" + m.users() + " users, " + m.tailEvents() + " tail events)";
        List<Figure> figures = new ArrayList<>();
        figures.addAll(redisBaselines(m, callers));
        figures.addAll(readYourWrites(m, on));
        figures.addAll(boundedStaleness(m, callers, alone, on));
        figures.add(heapPerUser(m));
        figures.add(coldSnapshotLoad(m));
        figures.add(snapshotPass(m));
        figures.addAll(tailCost(m));
        return figures;
    }

    /** Redis's own rates with as many callers: what the p50 ratios below compare against. */
    private static List<Figure> redisBaselines(BoardMeasurements m, int callers) {
        return List.of(
                Figure.plain(
                        QueryScenarios.QUERIES,
                        "Redis ZREVRANGE 0 99 WITHSCORES (baseline)",
                        "queries/s",
                        m.redisTop(),
                        m.redisTop().rate(),
                        callers + " callers"),
                Figure.plain(
                        QueryScenarios.QUERIES,
                        "Redis ZREVRANK (baseline)",
                        "queries/s",
                        m.redisRank(),
                        m.redisRank().rate(),
                        callers + " callers"));
    }

    /** The default mode (read-your-writes: the tail replayed on every query) against Redis. */
    private static List<Figure> readYourWrites(BoardMeasurements m, String on) {
        return List.of(
                Figure.compared(
                        QueryScenarios.QUERIES,
                        "top-100, default (read-your-writes)" + on,
                        "p50 ms",
                        m.top(),
                        m.top().p50Millis(),
                        "Redis ZREVRANGE p50",
                        m.redisTop().p50Millis(),
                        null,
                        String.format("%.1f queries/s; ratio = p50 / Redis p50", m.top().rate())),
                Figure.compared(
                        QueryScenarios.QUERIES,
                        "rank around=5, default (read-your-writes)" + on,
                        "p50 ms",
                        m.around(),
                        m.around().p50Millis(),
                        "Redis ZREVRANK p50",
                        m.redisRank().p50Millis(),
                        null,
                        String.format(
                                "%.1f queries/s; ratio = p50 / Redis p50", m.around().rate())));
    }

    /**
     * The bounded-staleness mode against Redis: with one caller (where the latency target is
     * checked) when it was measured, then with several; not available where the service lacks it.
     */
    private static List<Figure> boundedStaleness(
            BoardMeasurements m, int callers, OneCaller alone, String on) {
        if (m.unsupported().isPresent()) {
            return notAvailable(m.unsupported().get());
        }
        List<Figure> figures = new ArrayList<>();
        if (alone != null) {
            figures.addAll(boundedStalenessAlone(alone, on));
        }
        figures.add(
                Figure.compared(
                        QueryScenarios.QUERIES,
                        "top-100, bounded staleness, " + callers + " callers" + on,
                        "p50 ms",
                        m.eventualTop(),
                        m.eventualTop().p50Millis(),
                        "Redis ZREVRANGE p50",
                        m.redisTop().p50Millis(),
                        alone == null ? Target.atMost(5) : null,
                        String.format(
                                "%.1f queries/s (Redis %.1f)",
                                m.eventualTop().rate(), m.redisTop().rate())));
        figures.add(
                Figure.compared(
                        QueryScenarios.QUERIES,
                        "rank around=5, bounded staleness, " + callers + " callers" + on,
                        "p50 ms",
                        m.eventualAround(),
                        m.eventualAround().p50Millis(),
                        "Redis ZREVRANK p50",
                        m.redisRank().p50Millis(),
                        alone == null ? Target.atMost(5) : null,
                        String.format(
                                "%.1f queries/s (Redis %.1f)",
                                m.eventualAround().rate(), m.redisRank().rate())));
        return figures;
    }

    /**
     * Both bounded-staleness rows, as not available: {@code why} says what the service answered.
     */
    private static List<Figure> notAvailable(String why) {
        return List.of(
                Figure.notAvailable(
                        QueryScenarios.QUERIES,
                        "top-100, bounded staleness (?consistency=eventual)",
                        "p50 ms",
                        Target.atMost(5),
                        why),
                Figure.notAvailable(
                        QueryScenarios.QUERIES,
                        "rank around=5, bounded staleness (?consistency=eventual)",
                        "p50 ms",
                        Target.atMost(5),
                        why));
    }

    /** With one caller: the latency without queueing, checked against the target. */
    private static List<Figure> boundedStalenessAlone(OneCaller alone, String on) {
        return List.of(
                Figure.compared(
                        QueryScenarios.QUERIES,
                        "top-100, bounded staleness, 1 caller" + on,
                        "p50 ms",
                        alone.eventualTop(),
                        alone.eventualTop().p50Millis(),
                        "Redis ZREVRANGE p50, 1 caller",
                        alone.redisTop().p50Millis(),
                        Target.atMost(5),
                        String.format(
                                "%.1f queries/s (Redis %.1f)",
                                alone.eventualTop().rate(), alone.redisTop().rate())),
                Figure.compared(
                        QueryScenarios.QUERIES,
                        "rank around=5, bounded staleness, 1 caller" + on,
                        "p50 ms",
                        alone.eventualAround(),
                        alone.eventualAround().p50Millis(),
                        "Redis ZREVRANK p50, 1 caller",
                        alone.redisRank().p50Millis(),
                        Target.atMost(5),
                        String.format(
                                "%.1f queries/s (Redis %.1f)",
                                alone.eventualAround().rate(), alone.redisRank().rate())));
    }

    /** The query service's memory for a loaded snapshot, against a budget of 100 bytes a user. */
    private static Figure heapPerUser(BoardMeasurements m) {
        if (m.heapPerUser() == null) {
            return Figure.notAvailable(
                    QueryScenarios.QUERIES,
                    "query-service heap per snapshot user",
                    "bytes/user",
                    Target.atMost(1),
                    "jcmd GC.run or /actuator/metrics/jvm.memory.used unavailable");
        }
        return Figure.compared(
                QueryScenarios.QUERIES,
                "query-service heap per snapshot user",
                "bytes/user",
                null,
                m.heapPerUser(),
                "budget of 100 bytes/user",
                100,
                Target.atMost(1),
                "heap after full GC, after minus before the first query on the board");
    }

    /** The first query on the board loads its snapshot: against loading the same into Redis. */
    private static Figure coldSnapshotLoad(BoardMeasurements m) {
        return Figure.compared(
                QueryScenarios.QUERIES,
                "time to load the " + m.users() + "-user snapshot (cold first top-100)",
                "ms",
                null,
                m.coldMillis(),
                "loading the same tallies into Redis (pipelined ZADD)",
                m.redisLoadMillis(),
                null,
                "no tail events yet");
    }

    /** The snapshot worker's pass over the board's history, against writing that history. */
    private static Figure snapshotPass(BoardMeasurements m) {
        return Figure.compared(
                QueryScenarios.QUERIES,
                "snapshot pass over the " + m.users() + " history events",
                "events/s",
                null,
                m.pass().eventsPerSecond(),
                "raw driver INSERT of the same events",
                m.historyLoad().rate(),
                null,
                String.format("%.0f ms", m.pass().millis()));
    }

    /**
     * The default mode's top-100 p50 at each measured tail length, against no tail, and the cost
     * per 10,000 tail events between the shortest and longest tail.
     */
    private static List<Figure> tailCost(BoardMeasurements m) {
        double[] first = m.tailCost().get(0);
        double[] last = m.tailCost().get(m.tailCost().size() - 1);
        List<Figure> figures = new ArrayList<>();
        for (double[] step : m.tailCost()) {
            figures.add(
                    Figure.compared(
                            QueryScenarios.TAIL,
                            "top-100 p50 with " + (long) step[0] + " tail events",
                            "ms",
                            null,
                            step[1],
                            "top-100 p50 without tail",
                            first[1],
                            null,
                            "default mode replays the tail on every query"));
        }
        if (last[0] > first[0]) {
            double perTenThousand = (last[1] - first[1]) / (last[0] - first[0]) * 10_000;
            figures.add(
                    Figure.plain(
                            QueryScenarios.TAIL,
                            "tail cost per 10,000 tail events (top-100 p50)",
                            "ms",
                            null,
                            perTenThousand,
                            "tail events = write rate x (write window + margin + pass interval):"
                                    + " at 1,000 votes/s and 60+10+10 s that is 80,000 events"));
        }
        return figures;
    }
}
