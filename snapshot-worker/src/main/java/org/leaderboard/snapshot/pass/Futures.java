package org.leaderboard.snapshot.pass;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** Waiting for driver calls inside a pass, which is sequential by design (heads come last). */
public final class Futures {

    private Futures() {}

    /** The future's value; its own failure is rethrown as is, not wrapped. */
    public static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("snapshot pass interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
