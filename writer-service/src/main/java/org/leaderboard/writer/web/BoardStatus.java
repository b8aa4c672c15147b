package org.leaderboard.writer.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.Optional;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.SnapshotHead;

/** {@code GET /boards/{board}}: the board's settings, whether it takes votes, and its snapshot. */
record BoardStatus(
        String board,
        BoardSettings settings,
        @Schema(description = "The writer's clock when it answered; closed and lag are as of it")
                Instant now,
        @Schema(
                        description =
                                "Whether votes of now are refused (settings.closesAt is not after now)")
                boolean closed,
        @Schema(
                        description =
                                "The time-travel horizon: now minus retentionDays; null when the"
                                        + " board keeps everything",
                        nullable = true)
                Instant horizon,
        @Schema(
                        description =
                                "The newest snapshot (as of it, not of now); null before the first",
                        nullable = true)
                SnapshotStats snapshot) {

    static BoardStatus of(BoardSettings settings, Optional<SnapshotHead> newest, Instant now) {
        return new BoardStatus(
                settings.board(),
                settings,
                now,
                settings.closedTo(now),
                settings.retentionDays() == null ? null : settings.horizon(now),
                newest.map(head -> SnapshotStats.of(head, now)).orElse(null));
    }
}
