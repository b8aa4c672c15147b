package org.leaderboard.writer.command;

import java.time.Instant;
import java.util.UUID;
import org.leaderboard.model.board.BoardSettings;

/** A vote whose time is at or after the board's close instant: answered 422, not stored. */
public class BoardClosedException extends VoteRefusedException {

    private final String board;
    private final Instant closesAt;
    private final Instant voteTime;

    BoardClosedException(BoardSettings board, UUID voteId, Instant voteTime) {
        super(
                voteId,
                "board '"
                        + board.board()
                        + "' is closed to votes from "
                        + board.closesAt()
                        + " on; this vote's time (its voteId's) is "
                        + voteTime
                        + ", not stored",
                null);
        this.board = board.board();
        this.closesAt = board.closesAt();
        this.voteTime = voteTime;
    }

    public String board() {
        return board;
    }

    public Instant closesAt() {
        return closesAt;
    }

    public Instant voteTime() {
        return voteTime;
    }

    @Override
    public int httpStatus() {
        return 422;
    }

    @Override
    public String title() {
        return "Board closed";
    }
}
