package org.leaderboard.model.board;

import java.time.DateTimeException;
import java.time.ZoneId;

/** Validation of a requested period and time zone, with errors that name the field. */
final class PeriodRules {

    private PeriodRules() {}

    static BoardSettings apply(BoardSettings settings, Period period, String timeZone) {
        Period chosen = period == null ? Period.NONE : period;
        if (chosen == Period.NONE) {
            if (timeZone != null) {
                throw new InvalidInputException(
                        "timeZone",
                        "is only used with a period (HOURLY, DAILY, WEEKLY or MONTHLY); this board"
                                + " has none");
            }
            return settings;
        }
        if (BoardSettings.PERIOD_ALIGNMENT_SECONDS % settings.bucketSeconds() != 0) {
            throw new InvalidInputException(
                    "bucketSeconds",
                    "is "
                            + settings.bucketSeconds()
                            + "; a board with a period needs a bucket size that divides "
                            + BoardSettings.PERIOD_ALIGNMENT_SECONDS
                            + " seconds, so that period boundaries are bucket boundaries");
        }
        return new BoardSettings(
                settings.board(),
                settings.writeWindowSeconds(),
                settings.uniqueVotes(),
                settings.bucketSeconds(),
                settings.shards(),
                settings.chunks(),
                settings.createdAt(),
                chosen,
                zone(timeZone, settings),
                settings.retentionDays());
    }

    private static ZoneId zone(String timeZone, BoardSettings settings) {
        if (timeZone == null) {
            return ZoneId.of("UTC");
        }
        ZoneId zone;
        try {
            zone = ZoneId.of(timeZone);
        } catch (DateTimeException e) {
            throw new InvalidInputException(
                    "timeZone",
                    "'"
                            + Ids.printable(timeZone)
                            + "' is not a time zone id (use an IANA id such as Europe/Paris, or"
                            + " UTC)");
        }
        int offsetSeconds = zone.getRules().getOffset(settings.createdAt()).getTotalSeconds();
        if (offsetSeconds % BoardSettings.PERIOD_ALIGNMENT_SECONDS != 0) {
            throw new InvalidInputException(
                    "timeZone",
                    timeZone + " is offset from UTC by a fraction of 15 minutes; not supported");
        }
        return zone;
    }
}
