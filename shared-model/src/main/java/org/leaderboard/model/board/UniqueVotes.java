package org.leaderboard.model.board;

/** Whether a voter may vote more than once: not restricted, once per user, or once per board. */
public enum UniqueVotes {
    NONE,
    PER_USER,
    PER_BOARD
}
