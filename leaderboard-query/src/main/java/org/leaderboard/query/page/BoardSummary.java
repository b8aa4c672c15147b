package org.leaderboard.query.page;

import java.time.Instant;
import org.leaderboard.model.board.BoardSettings;

/**
 * What the board list shows of a board: its name, when it was created, and for periodic boards the
 * period and its time zone (null without one).
 */
record BoardSummary(String board, Instant createdAt, String period, String timeZone) {

    static BoardSummary of(BoardSettings settings) {
        boolean periodic = settings.hasPeriod();
        return new BoardSummary(
                settings.board(),
                settings.createdAt(),
                periodic ? settings.period().name() : null,
                periodic ? settings.timeZone().getId() : null);
    }
}
