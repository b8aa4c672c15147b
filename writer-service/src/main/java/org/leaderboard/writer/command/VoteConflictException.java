package org.leaderboard.writer.command;

import java.util.UUID;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;

/**
 * A unique-vote board already holds another vote of this voter (invariant 8): answered 409, and the
 * vote does not count.
 */
public class VoteConflictException extends VoteRefusedException {

    private final UUID heldBy;

    VoteConflictException(
            BoardSettings board, UUID voteId, String voter, String user, UUID heldBy) {
        super(voteId, detail(board, voter, user, heldBy), null);
        this.heldBy = heldBy;
    }

    private static String detail(BoardSettings board, String voter, String user, UUID heldBy) {
        String scope =
                board.uniqueVotes() == UniqueVotes.PER_USER
                        ? "for user '"
                                + user
                                + "' on board '"
                                + board.board()
                                + "' (uniqueVotes PER_USER)"
                        : "on board '" + board.board() + "' (uniqueVotes PER_BOARD)";
        return "voter '"
                + voter
                + "' already voted "
                + scope
                + " with vote "
                + heldBy
                + "; this vote is not counted";
    }

    public UUID heldBy() {
        return heldBy;
    }

    @Override
    public int httpStatus() {
        return 409;
    }

    @Override
    public String title() {
        return "Voter already voted";
    }
}
