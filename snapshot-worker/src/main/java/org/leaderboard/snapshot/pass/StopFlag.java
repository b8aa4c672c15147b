package org.leaderboard.snapshot.pass;

import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Raised when the application starts shutting down. Passes check it between steps and between
 * boards, so a graceful shutdown ends after the current step's head instead of mid-step. (Stopping
 * mid-step would be safe too, only wasted work: nothing is visible before its head.)
 */
@Component
public class StopFlag implements SmartLifecycle {

    private final AtomicBoolean stopRequested = new AtomicBoolean();
    private volatile boolean running;

    public boolean requested() {
        return stopRequested.get();
    }

    public void stop() {
        stopRequested.set(true);
        running = false;
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
