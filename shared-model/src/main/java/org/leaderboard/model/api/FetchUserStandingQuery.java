package org.leaderboard.model.api;

import java.time.Instant;

/**
 * One user's rank and tally, with {@code around} neighbours above and below; as it stood at {@code
 * asOf} if that is set (time travel), else now.
 */
public record FetchUserStandingQuery(
        String board, String user, int around, Instant asOf, ReadMode mode) {

    public FetchUserStandingQuery {
        mode = mode == null ? ReadMode.LATEST : mode;
    }

    public FetchUserStandingQuery(String board, String user, int around) {
        this(board, user, around, null, ReadMode.LATEST);
    }
}
