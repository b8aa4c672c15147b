package org.leaderboard.writer.web;

import java.util.UUID;
import org.leaderboard.model.api.CastVoteCommand;
import org.leaderboard.model.board.InvalidInputException;

/** One vote of a request: a command to send, or the reason it is refused with 400. */
sealed interface ParsedVote {

    record Valid(CastVoteCommand command) implements ParsedVote {}

    /** {@code voteId} is the client's id when it could be read before the problem, else null. */
    record Invalid(UUID voteId, InvalidInputException problem) implements ParsedVote {}
}
