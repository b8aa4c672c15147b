package org.leaderboard.query.query;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Shares reads between callers without giving up read-your-writes, as Raft's ReadIndex batches
 * reads: a caller gets the result of the first read that <em>starts after it asked</em>. At most
 * one read runs at a time; callers that arrive while it runs wait for the next one, which starts
 * when the running one ends and serves all of them. However many callers, that is at most two reads
 * in their wait, and one read per round instead of one per caller.
 */
final class ReadBarrier<T> {

    private final Supplier<T> read;
    private final Executor executor;
    private CompletableFuture<T> running;
    private CompletableFuture<T> waiting;
    private long runningSince;

    ReadBarrier(Supplier<T> read, Executor executor) {
        this.read = read;
        this.executor = executor;
    }

    /** The result of a read that starts after this call. */
    synchronized CompletableFuture<T> next() {
        if (waiting != null) {
            return waiting;
        }
        CompletableFuture<T> round = new CompletableFuture<>();
        waiting = round;
        if (running == null) {
            start();
        }
        return round;
    }

    /**
     * The result of a read that starts after this call, waited for at most {@code timeout}. Refused
     * at once while the read running has run longer than that already: the caller would wait
     * longer. Neither refusal stops the read; a later caller gets its result or a later one's.
     *
     * @throws ReadNotReadyException when the answer is not ready in time
     */
    T await(Duration timeout, Duration retryAfter) {
        CompletableFuture<T> answer;
        synchronized (this) {
            long runningFor = running == null ? 0 : System.nanoTime() - runningSince;
            if (runningFor > timeout.toNanos()) {
                throw ReadNotReadyException.alreadyRunning(
                        Duration.ofNanos(runningFor), timeout, retryAfter);
            }
            answer = next();
        }
        try {
            return answer.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw ReadNotReadyException.waitedFor(timeout, retryAfter);
        } catch (ExecutionException e) {
            throw new CompletionException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException(e);
        }
    }

    /** Whether no read runs or waits to run (the barrier may then be dropped). */
    synchronized boolean idle() {
        return running == null && waiting == null;
    }

    private void start() {
        CompletableFuture<T> round = waiting;
        waiting = null;
        running = round;
        runningSince = System.nanoTime();
        CompletableFuture.supplyAsync(read, executor)
                .whenComplete(
                        (result, failure) -> {
                            synchronized (this) {
                                running = null;
                                if (waiting != null) {
                                    start();
                                }
                            }
                            if (failure == null) {
                                round.complete(result);
                            } else {
                                round.completeExceptionally(failure);
                            }
                        });
    }
}
