package org.leaderboard.model.cassandra;

import com.datastax.oss.driver.api.core.DriverException;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UnknownBoardException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Board settings, cached once found, so the vote and query paths read the boards table once per
 * board and JVM, never per request. Misses are not cached, so a board created through another
 * instance is found on the next request. The settings are fixed at creation except the close
 * instant: {@link #refresh} re-reads the boards this JVM knows (the writer calls it on a schedule,
 * off the vote path), and {@link #remember} shows this JVM its own writes at once.
 */
public final class BoardCache {

    private static final Logger log = LoggerFactory.getLogger(BoardCache.class);

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

    /** The board's settings if this JVM has them already; never reads the store. */
    public Optional<BoardSettings> cached(String board) {
        return Optional.ofNullable(known.get(board));
    }

    /**
     * Shows settings this JVM has just stored (a creation, a close, a reopening) at once, before
     * the next {@link #refresh}.
     */
    public void remember(BoardSettings stored) {
        known.put(stored.board(), stored);
    }

    /**
     * Re-reads every board this JVM knows, so that a close made through another instance is seen
     * here. A board that cannot be read keeps its cached settings until the next refresh: a store
     * that cannot answer one read cannot take votes either.
     */
    public void refresh() {
        for (String board : known.keySet()) {
            BoardSettings before = known.get(board);
            try {
                // Only if unchanged meanwhile: a close made here during the read is newer.
                boards.find(board).ifPresent(found -> known.replace(board, before, found));
            } catch (DriverException e) {
                log.warn("Could not re-read board '{}'; keeping its cached settings", board, e);
            }
        }
    }
}
