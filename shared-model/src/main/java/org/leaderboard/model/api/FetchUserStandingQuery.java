package org.leaderboard.model.api;

/** One user's rank and tally, with {@code around} neighbours above and below. */
public record FetchUserStandingQuery(String board, String user, int around) {}
