package org.leaderboard.query.page;

import java.time.Instant;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.ScoreKind;

/**
 * What the board list shows of a board: its name, when it was created, for periodic boards the
 * period and its time zone (null without one), and how it scores (SUM, BEST, LOWEST, COUNT).
 */
record BoardSummary(
        String board, Instant createdAt, String period, String timeZone, ScoreKind score) {

    static BoardSummary of(BoardSettings settings) {
        boolean periodic = settings.hasPeriod();
        return new BoardSummary(
                settings.board(),
                settings.createdAt(),
                periodic ? settings.period().name() : null,
                periodic ? settings.timeZone().getId() : null,
                settings.score());
    }
}
