package org.leaderboard.model.api;

import java.time.Instant;

/**
 * Close {@code board} to votes whose time is at or after {@code closesAt}; closing again moves the
 * instant. Answered with the board's settings as they are now.
 */
public record CloseBoardCommand(String board, Instant closesAt) {}
