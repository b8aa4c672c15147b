package org.leaderboard.query.page;

import java.time.Instant;
import java.util.List;

/**
 * A board's recent history from its snapshots, for the live page's chart. Snapshots cover only
 * frozen events, so the history ends at the newest snapshot's cutoff ({@code to} is the moment
 * asked for, {@code newestCutoff} where the data ends), a write window or so behind the live
 * ranking.
 *
 * @param eventsPerMinute votes stored per minute between consecutive snapshots (retractions count
 *     as events too)
 * @param top the totals and scores over time of the board's current leaders, in ranking order (of
 *     the board at {@code asOf} for a time-travel chart); empty when {@code topComplete} is false
 * @param topComplete false when the leaders' totals were not read because a snapshot layer is
 *     larger than {@code query.chart.max-layer-rows}
 */
record BoardChart(
        String board,
        Instant from,
        Instant to,
        Instant newestCutoff,
        List<RatePoint> eventsPerMinute,
        List<UserSeries> top,
        boolean topComplete) {

    /** Votes per minute in the snapshot interval ending at {@code at}. */
    record RatePoint(Instant at, double perMinute) {}

    /** One leader's total at each snapshot cutoff. */
    record UserSeries(String user, List<TotalPoint> points) {}

    /**
     * A leader at {@code at}: the sum of its votes, and its score as the board ranks it (the sum,
     * the best or lowest submission, the count; null before a first submission on a BEST or LOWEST
     * board).
     */
    record TotalPoint(Instant at, long votes, Long score) {}
}
