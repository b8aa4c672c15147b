package org.leaderboard.model.cassandra;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Runs one async call per item with at most {@code lanes} in flight: enough concurrency to keep
 * Cassandra busy, without flooding the driver's request queue when a range spans many partitions.
 */
public final class AsyncLanes {

    private AsyncLanes() {}

    public static <T, R> CompletableFuture<List<R>> map(
            List<T> items, int lanes, Function<T, CompletionStage<R>> call) {
        List<R> results = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            results.add(null);
        }
        AtomicInteger next = new AtomicInteger();
        List<CompletableFuture<Void>> running = new ArrayList<>();
        for (int lane = 0; lane < Math.min(lanes, items.size()); lane++) {
            running.add(runLane(items, next, call, results));
        }
        return CompletableFuture.allOf(running.toArray(CompletableFuture[]::new))
                .thenApply(done -> results);
    }

    private static <T, R> CompletableFuture<Void> runLane(
            List<T> items,
            AtomicInteger next,
            Function<T, CompletionStage<R>> call,
            List<R> results) {
        int index = next.getAndIncrement();
        if (index >= items.size()) {
            return CompletableFuture.completedFuture(null);
        }
        return call.apply(items.get(index))
                .toCompletableFuture()
                .thenCompose(
                        result -> {
                            synchronized (results) {
                                results.set(index, result);
                            }
                            return runLane(items, next, call, results);
                        });
    }
}
