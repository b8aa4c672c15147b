package org.leaderboard.query.query;

import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.query.config.QuerySettings;

/** Bounds of the query parameters: a refusal names the parameter, its value and the limit. */
final class QueryLimits {

    private final int maxLimit;
    private final int maxAround;

    QueryLimits(QuerySettings settings) {
        this(settings.maxLimit(), settings.maxAround());
    }

    QueryLimits(int maxLimit, int maxAround) {
        this.maxLimit = maxLimit;
        this.maxAround = maxAround;
    }

    void checkPage(int offset, int limit) {
        if (offset < 0) {
            throw new InvalidInputException("offset", "is " + offset + "; must be 0 or more");
        }
        requireBetween("limit", limit, 1, maxLimit);
    }

    /** A friends' board: 1 to the page limit of users, each named once or more. */
    void checkUsers(java.util.List<String> users) {
        if (users.isEmpty() || users.size() > maxLimit) {
            throw new InvalidInputException(
                    "users",
                    "names "
                            + users.size()
                            + " users; name 1 to "
                            + maxLimit
                            + " users, separated by commas");
        }
    }

    void checkAround(int around) {
        requireBetween("around", around, 0, maxAround);
    }

    private static void requireBetween(String parameter, int value, int min, int max) {
        if (value < min || value > max) {
            throw new InvalidInputException(
                    parameter, "is " + value + "; must be between " + min + " and " + max);
        }
    }
}
