package org.leaderboard.model.api;

import org.leaderboard.model.board.BoardSettings;

/** Create a board with these (validated) settings; idempotent for identical settings. */
public record CreateBoardCommand(BoardSettings settings) {}
