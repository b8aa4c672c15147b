package org.leaderboard.model.api;

/** One page of a board's ranking: {@code limit} entries starting at position {@code offset}. */
public record FetchLeaderboardQuery(String board, int offset, int limit) {}
