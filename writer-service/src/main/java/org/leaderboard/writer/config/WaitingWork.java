package org.leaderboard.writer.config;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import reactor.core.scheduler.Schedulers;

/**
 * Where work that waits for Cassandra runs: Reactor's bounded elastic threads, never Netty's event
 * loop, whose few threads serve every connection (one waiting for a store round-trip would stall
 * all the others on it). The web layer sends blocking commands and reads here; the vote handler
 * sends the rare single votes that must read before they write.
 */
public final class WaitingWork {

    private WaitingWork() {}

    /** Starts {@code work} at once; it runs to its end whether or not anyone waits for it. */
    public static <T> CompletableFuture<T> start(Supplier<T> work) {
        return CompletableFuture.supplyAsync(
                work, task -> Schedulers.boundedElastic().schedule(task));
    }
}
