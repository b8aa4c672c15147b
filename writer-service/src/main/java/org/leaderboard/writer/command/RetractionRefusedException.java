package org.leaderboard.writer.command;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.leaderboard.model.board.ScoreKind;

/**
 * A retraction that cannot be made: 404 for a vote that is not stored, 422 for one not counted or
 * on a board whose score a retraction cannot undo.
 */
public class RetractionRefusedException extends StatusRefusal {

    private RetractionRefusedException(UUID voteId, int status, String title, String detail) {
        super(voteId, status, title, detail);
    }

    static RetractionRefusedException unknownVote(String board, UUID voteId) {
        return new RetractionRefusedException(
                voteId,
                404,
                "Unknown vote",
                "vote " + voteId + " is not stored on board '" + board + "'; nothing to retract");
    }

    static RetractionRefusedException isRetraction(UUID voteId, UUID retracts) {
        return new RetractionRefusedException(
                voteId,
                422,
                "Not a vote",
                voteId
                        + " is the retraction of vote "
                        + retracts
                        + "; only votes can be retracted");
    }

    static RetractionRefusedException neverCounted(UUID voteId, String voter) {
        return new RetractionRefusedException(
                voteId,
                422,
                "Vote not counted",
                "vote "
                        + voteId
                        + " lost its unique-vote claim (voter '"
                        + voter
                        + "' voted with another vote) and never counted; nothing to retract");
    }

    static RetractionRefusedException notRetractable(String board, UUID voteId, ScoreKind score) {
        return new RetractionRefusedException(
                voteId,
                422,
                "Not retractable",
                "board '"
                        + board
                        + "' ranks by score "
                        + score
                        + " ("
                        + (score == ScoreKind.BEST ? "the highest" : "the lowest")
                        + " single vote), which a retraction cannot undo: it would have to"
                        + " forget vote "
                        + voteId
                        + " without knowing the user's other votes. Only SUM and COUNT boards take"
                        + " retractions");
    }

    static RetractionRefusedException periodClosed(
            UUID voteId, Instant voteTime, Instant periodEnd, Duration writeWindow) {
        return new RetractionRefusedException(
                voteId,
                422,
                "Period closed",
                "vote "
                        + voteId
                        + " (time "
                        + voteTime
                        + ") belongs to the period that ended at "
                        + periodEnd
                        + "; a retraction counts in its vote's period, which takes retractions"
                        + " until its end plus the write window ("
                        + WriteWindow.seconds(writeWindow)
                        + ")");
    }
}
