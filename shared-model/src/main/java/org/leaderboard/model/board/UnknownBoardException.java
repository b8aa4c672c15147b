package org.leaderboard.model.board;

/** The board named in a request has not been created. */
public class UnknownBoardException extends RuntimeException {

    private final String board;

    public UnknownBoardException(String board) {
        super("board '" + board + "' does not exist; create it with POST /boards first");
        this.board = board;
    }

    public String board() {
        return board;
    }
}
