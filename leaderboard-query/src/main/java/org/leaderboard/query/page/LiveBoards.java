package org.leaderboard.query.page;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.axonframework.queryhandling.QueryGateway;
import org.leaderboard.model.api.FetchLeaderboardQuery;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.ReadMode;
import org.leaderboard.query.config.LiveSettings;
import org.leaderboard.query.web.Answers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The streams behind {@code GET /boards/{board}/live}. One background thread looks at every watched
 * page once per {@code query.live.interval}, through the query bus in {@code EVENTUAL} mode (the
 * in-memory view, no Cassandra read per look), and sends the page to its streams only when it
 * changed: a board gets at most one update per interval however many votes arrive, and a thousand
 * browsers on one page cost one look.
 *
 * <p>A lifecycle bean stopped before the web server's graceful shutdown: open streams never end on
 * their own, so they are completed first, or shutdown would wait for them until its timeout.
 */
@Component
class LiveBoards implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(LiveBoards.class);

    private final QueryGateway queries;
    private final LiveSettings settings;
    private final Map<LivePage, LiveStream> streams = new ConcurrentHashMap<>();
    private final ScheduledExecutorService ticker =
            Executors.newSingleThreadScheduledExecutor(
                    runnable -> {
                        Thread thread = new Thread(runnable, "live-boards");
                        thread.setDaemon(true);
                        return thread;
                    });
    private volatile boolean running;

    LiveBoards(QueryGateway queries, LiveSettings settings) {
        this.queries = queries;
        this.settings = settings;
    }

    /**
     * A stream of the page that starts with the page as it is now. The first look happens here, in
     * the request, so that an unknown board or a bad page is refused with a problem (404, 400)
     * instead of an empty stream.
     */
    SseEmitter subscribe(LivePage page) {
        Leaderboard now = look(page);
        SseEmitter emitter = new SseEmitter(settings.streamTimeout().toMillis());
        LiveStream stream =
                streams.compute(page, (key, old) -> old == null ? new LiveStream() : old);
        stream.add(emitter, now);
        return emitter;
    }

    private Leaderboard look(LivePage page) {
        return Answers.await(
                queries.query(
                        new FetchLeaderboardQuery(
                                page.board(), page.offset(), page.limit(), null, ReadMode.EVENTUAL),
                        Leaderboard.class));
    }

    private void tick() {
        streams.forEach(
                (page, stream) -> {
                    // Removed only while empty, atomically, so a subscriber arriving now is kept.
                    if (streams.computeIfPresent(page, (key, s) -> s.isEmpty() ? null : s)
                            == null) {
                        return;
                    }
                    try {
                        stream.offer(look(page), settings.heartbeat());
                    } catch (RuntimeException e) {
                        // The streams stay open: the view may answer again at the next look.
                        log.warn("live page {} could not be read: {}", page, e.toString());
                    }
                });
    }

    @Override
    public void start() {
        long millis = settings.interval().toMillis();
        ticker.scheduleWithFixedDelay(this::tick, millis, millis, TimeUnit.MILLISECONDS);
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        ticker.shutdownNow();
        streams.values().forEach(LiveStream::completeAll);
        streams.clear();
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
