package org.leaderboard.writer.command;

import org.axonframework.commandhandling.CommandHandler;
import org.leaderboard.model.api.BoardCreation;
import org.leaderboard.model.api.CloseBoardCommand;
import org.leaderboard.model.api.CreateBoardCommand;
import org.leaderboard.model.api.ReopenBoardCommand;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.BoardCache;
import org.leaderboard.writer.store.BoardWriter;
import org.springframework.stereotype.Component;

/**
 * Creates, closes and reopens boards. Creation is idempotent for identical settings, so a client
 * may retry it; a different board of the same id is refused, since settings are immutable. Closing
 * and reopening are idempotent too (the same close again stores the same instant).
 */
@Component
class BoardCommandHandler {

    private final BoardCache boards;
    private final BoardWriter store;

    BoardCommandHandler(BoardCache boards, BoardWriter store) {
        this.boards = boards;
        this.store = store;
    }

    @CommandHandler
    BoardCreation handle(CreateBoardCommand command) {
        BoardSettings requested = command.settings();
        BoardSettings stored = remembered(store.insertIfAbsent(requested));
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
        BoardSettings board = boards.require(command.board());
        store.close(board.board(), command.closesAt());
        return remembered(board.withClosesAt(command.closesAt()));
    }

    @CommandHandler
    BoardSettings handle(ReopenBoardCommand command) {
        BoardSettings board = boards.require(command.board());
        store.reopen(board.board());
        return remembered(board.withClosesAt(null));
    }

    /** Shows this JVM what it has just stored at once, before the board cache's next refresh. */
    private BoardSettings remembered(BoardSettings stored) {
        boards.remember(stored);
        return stored;
    }
}
