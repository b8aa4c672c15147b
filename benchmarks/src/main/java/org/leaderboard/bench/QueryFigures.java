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
        List<Figure> figures = new ArrayList<>();
        String on = " (" + m.users() + " users, " + m.tailEvents() + " tail events)";
        figures.add(
                Figure.plain(
                        QueryScenarios.QUERIES,
                        "Redis ZREVRANGE 0 99 WITHSCORES (baseline)",
                        "queries/s",
                        m.redisTop(),
                        m.redisTop().rate(),
                        callers + " callers"));
        figures.add(
                Figure.plain(
                        QueryScenarios.QUERIES,
                        "Redis ZREVRANK (baseline)",
                        "queries/s",
                        m.redisRank(),
                        m.redisRank().rate(),
                        callers + " callers"));
        figures.add(
                Figure.compared(
                        QueryScenarios.QUERIES,
                        "top-100, default (read-your-writes)" + on,
                        "p50 ms",
                        m.top(),
                        m.top().p50Millis(),
                        "Redis ZREVRANGE p50",
                        m.redisTop().p50Millis(),
                        null,
                        String.format("%.1f queries/s; ratio = p50 / Redis p50", m.top().rate())));
        figures.add(
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
        if (m.unsupported().isPresent()) {
            figures.add(
                    Figure.notAvailable(
                            QueryScenarios.QUERIES,
                            "top-100, bounded staleness (?consistency=eventual)",
                            "p50 ms",
                            Target.atMost(5),
                            m.unsupported().get()));
            figures.add(
                    Figure.notAvailable(
                            QueryScenarios.QUERIES,
                            "rank around=5, bounded staleness (?consistency=eventual)",
                            "p50 ms",
                            Target.atMost(5),
                            m.unsupported().get()));
        } else {
            if (alone != null) {
                figures.add(
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
                                        alone.eventualTop().rate(), alone.redisTop().rate())));
                figures.add(
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
        }
        if (m.heapPerUser() == null) {
            figures.add(
                    Figure.notAvailable(
                            QueryScenarios.QUERIES,
                            "query-service heap per snapshot user",
                            "bytes/user",
                            Target.atMost(1),
                            "jcmd GC.run or /actuator/metrics/jvm.memory.used unavailable"));
        } else {
            figures.add(
                    Figure.compared(
                            QueryScenarios.QUERIES,
                            "query-service heap per snapshot user",
                            "bytes/user",
                            null,
                            m.heapPerUser(),
                            "budget of 100 bytes/user",
                            100,
                            Target.atMost(1),
                            "heap after full GC, after minus before the first query on the board"));
        }
        figures.add(
                Figure.compared(
                        QueryScenarios.QUERIES,
                        "time to load the " + m.users() + "-user snapshot (cold first top-100)",
                        "ms",
                        null,
                        m.coldMillis(),
                        "loading the same tallies into Redis (pipelined ZADD)",
                        m.redisLoadMillis(),
                        null,
                        "no tail events yet"));
        figures.add(
                Figure.compared(
                        QueryScenarios.QUERIES,
                        "snapshot pass over the " + m.users() + " history events",
                        "events/s",
                        null,
                        m.pass().eventsPerSecond(),
                        "raw driver INSERT of the same events",
                        m.historyLoad().rate(),
                        null,
                        String.format("%.0f ms", m.pass().millis())));
        for (double[] step : m.tailCost()) {
            figures.add(
                    Figure.compared(
                            QueryScenarios.TAIL,
                            "top-100 p50 with " + (long) step[0] + " tail events",
                            "ms",
                            null,
                            step[1],
                            "top-100 p50 without tail",
                            m.tailCost().get(0)[1],
                            null,
                            "default mode replays the tail on every query"));
        }
        double[] first = m.tailCost().get(0);
        double[] last = m.tailCost().get(m.tailCost().size() - 1);
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
