package org.leaderboard.writer.command;

import org.axonframework.commandhandling.CommandHandler;
import org.leaderboard.model.api.BoardCreation;
import org.leaderboard.model.api.CloseBoardCommand;
import org.leaderboard.model.api.CreateBoardCommand;
import org.leaderboard.model.api.ReopenBoardCommand;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.BoardCache;
import org.springframework.stereotype.Component;

/**
 * Creates, closes and reopens boards. Creation is idempotent for identical settings, so a client
 * may retry it; a different board of the same id is refused, since settings are immutable. Closing
 * and reopening are idempotent too (the same close again stores the same instant).
 */
@Component
class BoardCommandHandler {

    private final BoardCache boards;

    BoardCommandHandler(BoardCache boards) {
        this.boards = boards;
    }

    @CommandHandler
    BoardCreation handle(CreateBoardCommand command) {
        BoardSettings requested = command.settings();
        BoardSettings stored = boards.create(requested);
        // The stored row differs from the request at least in createdAt unless this call wrote it.
        if (stored.equals(requested)) {
            return new BoardCreation(stored, true);
        }
        if (stored.sameSettingsAs(requested)) {
            return new BoardCreation(stored, false);
        }
        throw new BoardSettingsConflictException(stored, requested);
    }

    /** The board's settings with the close; {@code UnknownBoardException} for an unknown board. */
    @CommandHandler
    BoardSettings handle(CloseBoardCommand command) {
        return boards.closed(boards.require(command.board()), command.closesAt());
    }

    @CommandHandler
    BoardSettings handle(ReopenBoardCommand command) {
        return boards.reopened(boards.require(command.board()));
    }
}
