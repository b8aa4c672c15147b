package org.leaderboard.model.api;

import java.time.Instant;

/**
 * One page of a board's ranking: {@code limit} entries starting at position {@code offset}; as it
 * stood at {@code asOf} if that is set (time travel), else now.
 */
public record FetchLeaderboardQuery(
        String board, int offset, int limit, Instant asOf, ReadMode mode) {

    public FetchLeaderboardQuery {
        mode = mode == null ? ReadMode.LATEST : mode;
    }

    public FetchLeaderboardQuery(String board, int offset, int limit) {
        this(board, offset, limit, null, ReadMode.LATEST);
    }
}
