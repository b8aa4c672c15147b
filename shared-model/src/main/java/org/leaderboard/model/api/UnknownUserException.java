package org.leaderboard.model.api;

/** The user has no counted votes on the board. */
public class UnknownUserException extends RuntimeException {

    public UnknownUserException(String board, String user) {
        super("user '" + user + "' has no votes on board '" + board + "'");
    }
}
