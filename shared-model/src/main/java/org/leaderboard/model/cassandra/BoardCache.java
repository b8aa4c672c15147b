package org.leaderboard.model.cassandra;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UnknownBoardException;

/**
 * Board settings, cached forever once found: they are immutable after creation, so the vote and
 * query paths read the boards table once per board and JVM, never per request. Misses are not
 * cached, so a board created through another instance is found on the next request.
 */
public final class BoardCache {

    private final BoardDao boards;
    private final ConcurrentMap<String, BoardSettings> known = new ConcurrentHashMap<>();

    public BoardCache(BoardDao boards) {
        this.boards = boards;
    }

    /** The board's settings; {@link UnknownBoardException} if it was never created. */
    public BoardSettings require(String board) {
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
    public BoardSettings create(BoardSettings requested) {
        BoardSettings stored = boards.insertIfAbsent(requested);
        known.putIfAbsent(stored.board(), stored);
        return stored;
    }
}
