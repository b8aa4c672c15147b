package org.leaderboard.query.web;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import org.leaderboard.model.board.InvalidInputException;

/** The {@code asOf} parameter of time-travel queries: an ISO-8601 instant with an offset. */
public final class AsOf {

    private AsOf() {}

    public static Instant parse(String asOf) {
        if (asOf == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(asOf).toInstant();
        } catch (DateTimeParseException e) {
            String shown = asOf.length() > 40 ? asOf.substring(0, 40) + "..." : asOf;
            throw new InvalidInputException(
                    "asOf",
                    "'"
                            + shown.replaceAll("\\p{Cntrl}", "?")
                            + "' is not an ISO-8601 date-time with an offset, such as"
                            + " 2026-11-21T10:15:30Z or 2026-11-21T11:15:30+01:00");
        }
    }
}
