package org.leaderboard.query.query;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.query.config.EventualSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Bounded-staleness views (invariant 7's {@code ?consistency=eventual}): each board asked for is
 * read (snapshot (+) tail, ranked) by a background thread every {@code refresh-interval} (or twice
 * the time a refresh takes, if longer), and queries are answered from the newest view in memory,
 * without reading Cassandra. The snapshot is immutable and shared, so a refresh costs the tail read
 * and the ranking of the users it changed. A board not asked for during {@code idle-timeout} is
 * dropped.
 *
 * <p>A view's read (the first of a board, and each refresh) waits at most {@code read-timeout} for
 * the board's read; past it, the view is made of what the service already holds (the board's last
 * completed read, or its newest snapshot alone), so that under writes the machine cannot read and
 * serve at once, bounded-staleness queries are still answered, older, and their {@code
 * stalenessMillis} says how much. A refresh never replaces a view with an older one.
 */
@Component
class EventualViews implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(EventualViews.class);

    private final BoardReader reader;
    private final Clock clock;
    private final Duration idleTimeout;
    private final Duration interval;
    private final Duration readTimeout;
    private final Map<String, View> views = new ConcurrentHashMap<>();
    private final ScheduledExecutorService refresher =
            Executors.newSingleThreadScheduledExecutor(
                    runnable -> {
                        Thread thread = new Thread(runnable, "eventual-views");
                        thread.setDaemon(true);
                        return thread;
                    });

    EventualViews(BoardReader reader, Clock clock, EventualSettings settings) {
        this.reader = reader;
        this.clock = clock;
        this.idleTimeout = settings.idleTimeout();
        this.interval = settings.refreshInterval();
        this.readTimeout = settings.readTimeout();
        refresher.schedule(this::refreshLoop, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Refreshes, then waits the refresh interval or twice as long as the refresh took, whichever is
     * longer: a board whose tail takes a second to read is refreshed every 2-3 s instead of keeping
     * a core busy re-reading it (the answers' stalenessMillis says so).
     */
    private void refreshLoop() {
        long started = System.nanoTime();
        try {
            refreshAll();
        } finally {
            long tookMillis = (System.nanoTime() - started) / 1_000_000;
            long delay = Math.max(interval.toMillis(), 2 * tookMillis);
            if (!refresher.isShutdown()) {
                refresher.schedule(this::refreshLoop, delay, TimeUnit.MILLISECONDS);
            }
        }
    }

    /**
     * The newest view of the board; the first query of a board reads it (at most {@code
     * read-timeout}, then from what the service holds), outside the map's lock.
     */
    View view(String board) {
        View view = views.get(board);
        if (view == null) {
            View read = read(board);
            view = views.putIfAbsent(board, read);
            if (view == null) {
                view = read;
            }
        }
        view.askedAt = clock.instant();
        return view;
    }

    /** Whether the board's view is held, so that a query of it is answered from memory. */
    boolean holds(String board) {
        return views.containsKey(board);
    }

    private View read(String board) {
        BoardReader.Held held = reader.readForView(board, readTimeout);
        return new View(held.board(), held.readAt(), clock.instant());
    }

    private void refreshAll() {
        Instant now = clock.instant();
        views.forEach(
                (board, view) -> {
                    if (view.askedAt.plus(idleTimeout).isBefore(now)) {
                        views.remove(board, view);
                        return;
                    }
                    try {
                        View fresh = read(board);
                        if (fresh.readAt.isBefore(view.readAt)
                                && Objects.equals(
                                        fresh.board.periodStart(), view.board.periodStart())) {
                            // The read was late and what the service held is older: keep this.
                            return;
                        }
                        fresh.askedAt = view.askedAt;
                        views.replace(board, view, fresh);
                    } catch (RuntimeException e) {
                        // Keep answering from the older view; its staleness shows the problem.
                        log.warn("refreshing the view of board {} failed: {}", board, e.toString());
                    }
                });
    }

    @Override
    public void destroy() {
        refresher.shutdownNow();
    }

    /**
     * A ranked board and when its tail was read. Pages asked for are built once per view and reused
     * (most clients ask for the same first pages), at most {@value #MAX_PAGES} of them, and so is
     * their entries' JSON.
     */
    static final class View {
        private static final int MAX_PAGES = 64;

        final RankedBoard board;
        final Instant readAt;
        volatile Instant askedAt;
        private final Map<Long, Leaderboard> pages = new ConcurrentHashMap<>();

        View(RankedBoard board, Instant readAt, Instant askedAt) {
            this.board = board;
            this.readAt = readAt;
            this.askedAt = askedAt;
        }

        Leaderboard page(int offset, int limit, Instant now) {
            long key = ((long) offset << 32) | limit;
            Leaderboard page = pages.get(key);
            if (page == null) {
                page = board.page(offset, limit, 0L);
                // Its entries' JSON is written once for every answer from it.
                if (!(page.entries() instanceof SharedEntries)) {
                    page = page.withEntries(new SharedEntries(page.entries()));
                }
                if (pages.size() < MAX_PAGES) {
                    pages.putIfAbsent(key, page);
                }
            }
            return page.withStalenessMillis(stalenessMillis(now));
        }

        long stalenessMillis(Instant now) {
            return Math.max(0, Duration.between(readAt, now).toMillis());
        }
    }
}
