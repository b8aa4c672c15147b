package org.leaderboard.model.api;

/**
 * Open {@code board} to votes again (no-op when open); answered with its settings as they are now.
 */
public record ReopenBoardCommand(String board) {}
