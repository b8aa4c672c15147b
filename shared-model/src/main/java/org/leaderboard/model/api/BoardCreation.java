package org.leaderboard.model.api;

import org.leaderboard.model.board.BoardSettings;

/**
 * Outcome of {@link CreateBoardCommand}: the stored settings and whether this call created them.
 */
public record BoardCreation(BoardSettings settings, boolean created) {}
