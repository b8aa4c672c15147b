package org.leaderboard.model.board;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;

/**
 * How often a board's leaderboard starts again from zero. Boundaries are wall-clock boundaries in
 * the board's time zone (midnight, Monday, the 1st), so a day is 23 or 25 hours across a daylight
 * saving change. Nothing is deleted at a boundary: the period only decides which events a
 * leaderboard folds.
 */
public enum Period {
    NONE,
    HOURLY,
    DAILY,
    WEEKLY,
    MONTHLY;

    /** The start of the period holding {@code time}; for NONE, the beginning of time. */
    public Instant start(Instant time, ZoneId zone) {
        ZonedDateTime local = time.atZone(zone);
        return switch (this) {
            case NONE -> Instant.MIN;
            case HOURLY -> local.truncatedTo(ChronoUnit.HOURS).toInstant();
            case DAILY -> local.truncatedTo(ChronoUnit.DAYS).toInstant();
            case WEEKLY ->
                    local.truncatedTo(ChronoUnit.DAYS)
                            .with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
                            .toInstant();
            case MONTHLY -> local.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1).toInstant();
        };
    }

    /** The start of the next period after the one holding {@code time}; for NONE, never. */
    public Instant next(Instant time, ZoneId zone) {
        if (this == NONE) {
            return Instant.MAX;
        }
        ZonedDateTime start = start(time, zone).atZone(zone);
        return switch (this) {
            case NONE -> Instant.MAX;
            case HOURLY -> start.plusHours(1).toInstant();
            case DAILY -> start.plusDays(1).toInstant();
            case WEEKLY -> start.plusWeeks(1).toInstant();
            case MONTHLY -> start.plusMonths(1).toInstant();
        };
    }
}
