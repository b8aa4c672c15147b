package org.leaderboard.writer.command;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UnknownBoardException;
import org.leaderboard.model.cassandra.BoardDao;
import org.springframework.stereotype.Component;

/**
 * Board settings, cached forever once found: they are immutable after creation, so the vote path
 * reads the boards table once per board and JVM, never per vote. Misses are not cached, so a board
 * created through another writer instance is found on the next request.
 */
@Component
class BoardDirectory {

    private final BoardDao boards;
    private final ConcurrentMap<String, BoardSettings> known = new ConcurrentHashMap<>();

    BoardDirectory(BoardDao boards) {
        this.boards = boards;
    }

    BoardSettings require(String board) {
        BoardSettings cached = known.get(board);
        if (cached != null) {
            return cached;
        }
        BoardSettings found =
                boards.find(board).orElseThrow(() -> new UnknownBoardException(board));
        known.putIfAbsent(board, found);
        return found;
    }

    /** Stores the board unless it exists; returns the settings that are stored now. */
    BoardSettings create(BoardSettings requested) {
        BoardSettings stored = boards.insertIfAbsent(requested);
        known.putIfAbsent(stored.board(), stored);
        return stored;
    }
}
