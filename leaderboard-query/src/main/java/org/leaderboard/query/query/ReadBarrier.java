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

    /**
     * How long the last read that completed took, not counting the first one nor failed ones; -1
     * before that.
     */
    private long lastNanos = -1;

    /**
     * Whether a read has completed without failing (the first, a board's first load, does not count
     * in {@link #lastNanos}; after a failed first load the next read is a first load again).
     */
    private boolean readOnce;

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
     * at once when the caller would wait longer: while the read running has run longer than that
     * already, or when the wait the last read foretells (what the read running has left of the last
     * one's time, then a read as long as the last one or as the running one has run) exceeds it.
     * That refusal starts a read when none runs, so that the next caller's wait is foretold by a
     * read after this one. Neither refusal stops a read; a later caller gets its result or a later
     * one's. A barrier's first read (a board's first load of its snapshot) foretells nothing, and
     * its callers wait up to {@code firstTimeout} instead: until a read has completed, that bounds
     * the waits.
     *
     * @throws ReadNotReadyException when the answer is not ready in time
     */
    T await(Duration timeout, Duration firstTimeout, Duration retryAfter) {
        CompletableFuture<T> answer;
        Duration bound;
        boolean first;
        synchronized (this) {
            first = !readOnce;
            bound = first ? firstTimeout : timeout;
            long runningFor = running == null ? 0 : System.nanoTime() - runningSince;
            if (runningFor > bound.toNanos()) {
                throw ReadNotReadyException.alreadyRunning(
                        Duration.ofNanos(runningFor), bound, first, retryAfter);
            }
            long foretold = foretoldWait(runningFor);
            if (foretold > bound.toNanos()) {
                if (running == null) {
                    next();
                }
                throw ReadNotReadyException.behind(Duration.ofNanos(lastNanos), bound, retryAfter);
            }
            answer = next();
        }
        try {
            return answer.get(bound.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw ReadNotReadyException.waitedFor(bound, first, retryAfter);
        } catch (ExecutionException e) {
            throw new CompletionException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException(e);
        }
    }

    /** {@link #await(Duration, Duration, Duration)} with one bound for every read. */
    T await(Duration timeout, Duration retryAfter) {
        return await(timeout, timeout, retryAfter);
    }

    /**
     * The wait of a caller now, foretold by the last read: what the read running ({@code
     * runningFor} so far) has left of the last read's time, then a read of the last read's time, or
     * of the running one's so far when that is longer (its rows piled up meanwhile); 0 before a
     * read other than the first has completed.
     */
    private long foretoldWait(long runningFor) {
        if (lastNanos < 0) {
            return 0;
        }
        if (running == null) {
            return lastNanos;
        }
        return Math.max(lastNanos - runningFor, 0) + Math.max(lastNanos, runningFor);
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
                                // A failed read (the store unavailable or timing out) foretells
                                // nothing of the rows a read has to take in: it is not counted.
                                if (failure == null) {
                                    if (readOnce) {
                                        lastNanos = System.nanoTime() - runningSince;
                                    }
                                    readOnce = true;
                                }
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
