package org.leaderboard.query.page;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.leaderboard.model.api.Leaderboard;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The browsers watching one page, and what they were sent last. An update is sent only when what a
 * viewer sees changed (the entries, the number of users, the period), not when only the view's age
 * or its snapshot cutoff did.
 */
final class LiveStream {

    /** How long a browser waits before reconnecting to a stream that ended. */
    private static final long RECONNECT_MILLIS = 2000;

    private final List<SseEmitter> emitters = new CopyOnWriteArrayList<>();
    private volatile Leaderboard lastSent;
    private volatile long lastSentNanos = System.nanoTime();

    void add(SseEmitter emitter, Leaderboard now) {
        emitters.add(emitter);
        emitter.onCompletion(() -> emitters.remove(emitter));
        emitter.onTimeout(() -> emitters.remove(emitter));
        emitter.onError(failure -> emitters.remove(emitter));
        send(emitter, SseEmitter.event().reconnectTime(RECONNECT_MILLIS), now);
        if (lastSent == null) {
            lastSent = now;
        }
    }

    boolean isEmpty() {
        return emitters.isEmpty();
    }

    /** Sends {@code page} if it differs from the last one sent, else a heartbeat when due. */
    void offer(Leaderboard page, Duration heartbeat) {
        if (!sameForViewers(page, lastSent)) {
            lastSent = page;
            lastSentNanos = System.nanoTime();
            emitters.forEach(emitter -> send(emitter, SseEmitter.event(), page));
        } else if (System.nanoTime() - lastSentNanos >= heartbeat.toNanos()) {
            lastSentNanos = System.nanoTime();
            emitters.forEach(this::heartbeat);
        }
    }

    void completeAll() {
        emitters.forEach(SseEmitter::complete);
        emitters.clear();
    }

    private void send(SseEmitter emitter, SseEmitter.SseEventBuilder event, Leaderboard page) {
        try {
            emitter.send(event.name("leaderboard").data(page, MediaType.APPLICATION_JSON));
        } catch (IOException | IllegalStateException e) {
            // The browser went away (or the stream already ended): stop sending to it.
            emitters.remove(emitter);
            emitter.completeWithError(e);
        }
    }

    private void heartbeat(SseEmitter emitter) {
        try {
            emitter.send(SseEmitter.event().comment("heartbeat"));
        } catch (IOException | IllegalStateException e) {
            emitters.remove(emitter);
            emitter.completeWithError(e);
        }
    }

    private static boolean sameForViewers(Leaderboard a, Leaderboard b) {
        return b != null
                && a.totalUsers() == b.totalUsers()
                && Objects.equals(a.periodStart(), b.periodStart())
                && a.entries().equals(b.entries());
    }
}
