package org.leaderboard.writer.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.leaderboard.model.board.BoardSettings;

/**
 * {@code GET /boards}: one page of boards, and the cursor of the next page (null after the last).
 */
record BoardList(
        List<BoardSettings> boards,
        @Schema(
                        description =
                                "Pass as pageState for the next page; null after the last page",
                        nullable = true)
                String next) {}
