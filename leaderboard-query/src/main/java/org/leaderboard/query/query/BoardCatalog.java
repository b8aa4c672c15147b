package org.leaderboard.query.query;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UnknownBoardException;
import org.leaderboard.model.cassandra.BoardDao;
import org.springframework.stereotype.Component;

/**
 * Board settings, cached forever once found: they are immutable after creation. A board that is not
 * found is not cached, so it becomes visible as soon as it is created.
 */
@Component
class BoardCatalog {

    private final BoardDao boards;
    private final ConcurrentMap<String, BoardSettings> found = new ConcurrentHashMap<>();

    BoardCatalog(BoardDao boards) {
        this.boards = boards;
    }

    BoardSettings settings(String board) {
        BoardSettings cached = found.get(board);
        if (cached != null) {
            return cached;
        }
        BoardSettings settings =
                boards.find(board).orElseThrow(() -> new UnknownBoardException(board));
        found.putIfAbsent(board, settings);
        return settings;
    }
}
