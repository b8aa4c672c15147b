package org.leaderboard.query.config;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The live page's chart of a board's history, read from its snapshots (prefix {@code query.chart}).
 *
 * @param points how many moments of the asked window are looked up (one snapshot head read each)
 * @param topUsers how many of the board's leaders get a line of their totals over time
 * @param maxLayerRows the leaders' totals are read from whole snapshot layers; a board with a layer
 *     larger than this gets the votes-per-minute chart only, so that a chart never reads a
 *     million-user layer
 */
@ConfigurationProperties("query.chart")
public record ChartSettings(int points, int topUsers, long maxLayerRows) {

    public ChartSettings {
        requireBetween("query.chart.points", points, 2, 1000);
        requireBetween("query.chart.top-users", topUsers, 0, 20);
        requireBetween("query.chart.max-layer-rows", maxLayerRows, 0, Long.MAX_VALUE);
    }

    private static void requireBetween(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(
                    name + " is " + value + "; must be between " + min + " and " + max);
        }
    }
}
