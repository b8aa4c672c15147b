package org.leaderboard.writer.config;

import jakarta.annotation.PreDestroy;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.leaderboard.model.cassandra.BoardCache;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Re-reads the cached board settings every {@code writer.board-refresh} on a thread of its own, so
 * that a board closed through another writer replica is closed here within that time, and the vote
 * path still never reads the boards table.
 */
@Component
class BoardRefresh {

    private static final Logger log = LoggerFactory.getLogger(BoardRefresh.class);

    private final ScheduledExecutorService scheduler =
            Executors.newSingleThreadScheduledExecutor(
                    task -> {
                        Thread thread = new Thread(task, "board-refresh");
                        thread.setDaemon(true);
                        return thread;
                    });

    BoardRefresh(BoardCache boards, WriterSettings settings) {
        long millis = settings.boardRefresh().toMillis();
        scheduler.scheduleWithFixedDelay(
                () -> refresh(boards), millis, millis, TimeUnit.MILLISECONDS);
    }

    /** A failure must not end the schedule: the next round tries again. */
    private static void refresh(BoardCache boards) {
        try {
            boards.refresh();
        } catch (RuntimeException e) {
            log.warn("Board refresh failed; trying again next round", e);
        }
    }

    @PreDestroy
    void stop() {
        scheduler.shutdownNow();
    }
}
