package org.leaderboard.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Scenario 6's queries at one write rate: strong (read-your-writes) top-100 and user standing with
 * 1 and 4 callers, eventual with 1 caller, Redis's top-100 and standing asked in turns with the
 * eventual ones (on the machine as busy), the replicas' part of a strong read alone (with the
 * driver, 1 caller: the floor under a strong query), the same requests without the held rows every
 * read is sent again (what those rows cost the replicas), and the write rate achieved while they
 * were measured, and the CPU of the load generator and of the processes it loads while the strong
 * queries were measured.
 */
record RateRow(
        String label,
        Measurement strongTop1,
        Measurement strongTop4,
        Measurement strongAround1,
        Measurement strongAround4,
        Measurement eventualTop1,
        Measurement eventualAround1,
        Measurement redisTopAlongside,
        Measurement redisAroundAlongside,
        Measurement roundTrip,
        Measurement roundTripUnheld,
        double achievedVotesPerSecond,
        Map<String, Double> cpuPercent) {

    private static final String SCENARIO = ReadsUnderWrites.NAME;

    /** The name of the load generator's share in {@link #cpuPercent}. */
    static final String LOAD_GENERATOR = "load generator";

    RateRow measured(double votesPerSecond, Map<String, Double> cpu) {
        return new RateRow(
                label,
                strongTop1,
                strongTop4,
                strongAround1,
                strongAround4,
                eventualTop1,
                eventualAround1,
                redisTopAlongside,
                redisAroundAlongside,
                roundTrip,
                roundTripUnheld,
                votesPerSecond,
                cpu);
    }

    /**
     * Strong p50 against the same query without writes (target <= 2x) and against Redis (<= 20x),
     * strong p99 against p99 without writes (<= 5x), eventual p50 against Redis (<= 3x): the
     * top-100 against ZREVRANGE, the standing (the user and the entries around it) against the same
     * from Redis ({@code redisAround}), and, for information, against ZREVRANK alone, which answers
     * the rank without the entries.
     */
    List<Figure> figures(
            RateRow idle, Measurement redisTop, Measurement redisRank, Measurement redisAround) {
        String at = " (" + label + ", " + Math.round(achievedVotesPerSecond) + " achieved)";
        List<Figure> figures = new ArrayList<>();
        strong(figures, "top-100, strong, 1 caller" + at, strongTop1, idle.strongTop1);
        figures.add(
                vsRedis(
                        "top-100, strong, 1 caller" + at,
                        strongTop1,
                        "Redis ZREVRANGE p50, 1 caller",
                        redisTop,
                        20));
        strong(figures, "top-100, strong, 4 callers" + at, strongTop4, idle.strongTop4);
        strong(figures, "user standing, strong, 1 caller" + at, strongAround1, idle.strongAround1);
        strong(figures, "user standing, strong, 4 callers" + at, strongAround4, idle.strongAround4);
        figures.add(
                vsRedis(
                        "top-100, eventual, 1 caller" + at,
                        eventualTop1,
                        "Redis ZREVRANGE p50, 1 caller",
                        redisTop,
                        3));
        figures.add(
                vsRedis(
                        "user standing, eventual, 1 caller" + at,
                        eventualAround1,
                        ReadsUnderWrites.REDIS_AROUND + " p50, 1 caller",
                        redisAround,
                        3));
        figures.add(
                alongside(
                        "top-100, eventual, 1 caller, over Redis on the same machine" + at,
                        eventualTop1,
                        "Redis ZREVRANGE p50, 1 caller, in turns with it",
                        redisTopAlongside));
        figures.add(
                alongside(
                        "user standing, eventual, 1 caller, over Redis on the same machine" + at,
                        eventualAround1,
                        ReadsUnderWrites.REDIS_AROUND + " p50, 1 caller, in turns with it",
                        redisAroundAlongside));
        figures.add(
                Figure.compared(
                        SCENARIO,
                        "user standing, eventual, 1 caller, over the rank alone" + at,
                        "p50 ms",
                        eventualAround1,
                        eventualAround1.p50Millis(),
                        "Redis ZREVRANK p50, 1 caller",
                        redisRank.p50Millis(),
                        null,
                        "for information: ZREVRANK answers the rank without the entries around"
                                + " it"));
        figures.add(
                Figure.compared(
                        SCENARIO,
                        "the replicas' round trip of a strong read, driver, 1 caller" + at,
                        "p50 ms",
                        roundTrip,
                        roundTrip.p50Millis(),
                        "the same without writes",
                        idle.roundTrip.p50Millis(),
                        null,
                        null));
        figures.add(
                Figure.compared(
                        SCENARIO,
                        "the replicas' round trip without the held rows, driver, 1 caller" + at,
                        "p50 ms",
                        roundTripUnheld,
                        roundTripUnheld.p50Millis(),
                        "the replicas' round trip p50",
                        roundTrip.p50Millis(),
                        null,
                        "the same requests, each partition read from now on instead of from now"
                                + " minus the held lag: the rows of the last "
                                + TailLags.HELD_LAG.toMillis()
                                + " ms, which every strong read is sent again, left out"));
        figures.add(
                Figure.compared(
                        SCENARIO,
                        "top-100, strong, 1 caller, over the replicas' round trip" + at,
                        "p50 ms",
                        strongTop1,
                        strongTop1.p50Millis(),
                        "the replicas' round trip p50",
                        roundTrip.p50Millis(),
                        null,
                        null));
        Double generator = cpuPercent.get(LOAD_GENERATOR);
        if (generator != null) {
            figures.add(
                    Figure.plain(
                            SCENARIO,
                            "load generator's CPU during the strong queries" + at,
                            "% of the machine",
                            null,
                            generator,
                            "the harness's JVM: the writes, the queries' HTTP clients and the"
                                    + " background snapshot passes; "
                                    + ProcessCpu.Shares.summary(cpuPercent)));
        }
        return figures;
    }

    private static void strong(List<Figure> figures, String name, Measurement m, Measurement idle) {
        figures.add(
                Figure.compared(
                        SCENARIO,
                        name,
                        "p50 ms",
                        m,
                        m.p50Millis(),
                        "p50 without writes",
                        idle.p50Millis(),
                        Target.atMost(2),
                        null));
        figures.add(
                Figure.compared(
                        SCENARIO,
                        name + " p99",
                        "p99 ms",
                        m,
                        m.p99Millis(),
                        "p99 without writes",
                        idle.p99Millis(),
                        Target.atMost(5),
                        null));
    }

    /**
     * A bounded-staleness p50 against Redis's, asked in turns with it during the same row, so on a
     * machine as busy with the same writes (the service's store, writer and snapshot passes), for
     * information: how much of the row's gap to Redis the machine's load alone makes. Redis's
     * sorted set takes none of the writes.
     */
    private static Figure alongside(
            String name, Measurement m, String baseline, Measurement redis) {
        return vsRedis(
                name,
                m,
                baseline,
                redis,
                null,
                "for information: Redis asked in turns of a second with the row, on the machine"
                        + " as busy with the same writes; the target is against Redis on a quiet"
                        + " machine");
    }

    private static Figure vsRedis(
            String name, Measurement m, String baseline, Measurement redis, double bound) {
        return vsRedis(name, m, baseline, redis, Target.atMost(bound), null);
    }

    private static Figure vsRedis(
            String name,
            Measurement m,
            String baseline,
            Measurement redis,
            Target target,
            String note) {
        return Figure.compared(
                SCENARIO,
                name,
                "p50 ms",
                m,
                m.p50Millis(),
                baseline,
                redis.p50Millis(),
                target,
                note);
    }
}
