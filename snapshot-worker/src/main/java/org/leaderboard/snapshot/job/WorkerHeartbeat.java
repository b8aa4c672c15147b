package org.leaderboard.snapshot.job;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.leaderboard.snapshot.config.SharingSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Keeps a scheduled worker among the live ones: a heartbeat at start and then every third of the
 * TTL, on its own thread so that a long round cannot let the row expire; the row is deleted at a
 * graceful stop, so that the others take the boards in their next round. A killed worker is
 * forgotten when its row expires. A failed heartbeat is logged and tried again at the next beat.
 */
final class WorkerHeartbeat implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WorkerHeartbeat.class);

    private final WorkerRegistry registry;
    private final SharingSettings sharing;
    private ScheduledExecutorService beats;

    WorkerHeartbeat(WorkerRegistry registry, SharingSettings sharing) {
        this.registry = registry;
        this.sharing = sharing;
    }

    @Override
    public synchronized void start() {
        beats =
                Executors.newSingleThreadScheduledExecutor(
                        task -> {
                            Thread thread = new Thread(task, "worker-heartbeat");
                            thread.setDaemon(true);
                            // Not the rounds' lowest priority: a late beat lets the row expire.
                            thread.setPriority(Thread.NORM_PRIORITY);
                            return thread;
                        });
        long every = Math.max(200, sharing.heartbeatTtl().toMillis() / 3);
        beats.scheduleWithFixedDelay(this::beat, 0, every, TimeUnit.MILLISECONDS);
        log.info(
                "snapshot worker {} shares boards with the live workers (heartbeat every {} ms, ttl"
                        + " {})",
                sharing.workerId(),
                every,
                sharing.heartbeatTtl());
    }

    private void beat() {
        try {
            registry.heartbeat(sharing.workerId(), sharing.heartbeatTtl());
        } catch (RuntimeException e) {
            log.warn("snapshot worker heartbeat failed: {}", e.toString());
        }
    }

    @Override
    public synchronized void stop() {
        if (beats == null) {
            return;
        }
        beats.shutdownNow();
        try {
            beats.awaitTermination(Duration.ofSeconds(5).toMillis(), TimeUnit.MILLISECONDS);
            registry.leave(sharing.workerId());
            log.info("snapshot worker {} left the live workers", sharing.workerId());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.warn(
                    "snapshot worker {} could not leave ({}); it is forgotten after {}",
                    sharing.workerId(),
                    e.toString(),
                    sharing.heartbeatTtl());
        }
        beats = null;
    }

    @Override
    public synchronized boolean isRunning() {
        return beats != null;
    }
}
