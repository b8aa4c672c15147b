package org.leaderboard.writer.web;

import java.time.Instant;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.Period;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.board.UniqueVotes;

/**
 * {@code POST /boards}: every setting but the board id is optional and defaults in BoardSettings.
 */
record CreateBoardRequest(
        String board,
        Integer writeWindowSeconds,
        UniqueVotes uniqueVotes,
        Integer bucketSeconds,
        Integer shards,
        Integer chunks,
        Period period,
        String timeZone,
        Integer retentionDays,
        ScoreKind score) {

    BoardSettings toSettings(Instant createdAt) {
        return BoardSettings.requested(
                board,
                writeWindowSeconds,
                uniqueVotes,
                bucketSeconds,
                shards,
                chunks,
                createdAt,
                period,
                timeZone,
                retentionDays,
                score);
    }
}
