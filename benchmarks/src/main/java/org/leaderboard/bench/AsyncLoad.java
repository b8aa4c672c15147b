package org.leaderboard.bench;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * An open load generator with a bounded in-flight window: keeps {@code inFlight} asynchronous
 * requests outstanding, starting a new one as soon as one completes. Each request's stage yields
 * the units of work it did (1 for a vote, 100 for a batch of 100, 0 when refused).
 *
 * <p>A measured load ({@link #forDuration}) runs as {@code inFlight} chains, as {@code wrk} runs
 * its connections: each completion starts its chain's next request on the thread that completed it
 * (a Netty event loop, a driver I/O thread), with no thread in between. Before, one generator
 * thread started every request after waiting on a semaphore that each completion released: two
 * thread hand-offs per request, which cost the harness about four times wrk's CPU per single vote
 * and spread the requests so thinly that the writer's event loops woke for each one. A bulk load
 * ({@link #count}) keeps the single generator thread, so that a seeded load makes the same requests
 * in the same order every run.
 */
final class AsyncLoad {

    /** One request: its index in the load and a random generator only its chain uses. */
    @FunctionalInterface
    interface Request {
        CompletionStage<Integer> start(long index, SplittableRandom random);
    }

    private final String label;
    private final int inFlight;
    private final SplittableRandom seed;
    private final Request request;

    AsyncLoad(String label, int inFlight, SplittableRandom seed, Request request) {
        this.label = label;
        this.inFlight = inFlight;
        this.seed = seed;
        this.request = request;
    }

    /** Runs for {@code warmup} unmeasured, then measures for {@code duration}. */
    Measurement forDuration(Duration warmup, Duration duration) {
        Window window = new Window(System.nanoTime() + warmup.toNanos());
        long end = window.measureFrom + duration.toNanos();
        AtomicLong next = new AtomicLong();
        CountDownLatch chainsDone = new CountDownLatch(inFlight);
        for (int c = 0; c < inFlight; c++) {
            new Chain(window, end, next, seed.split(), chainsDone).run();
        }
        boolean report = duration.toSeconds() >= 10;
        while (System.nanoTime() < end) {
            sleepUntilNextReport(end);
            if (report && System.nanoTime() < end && System.nanoTime() >= window.measureFrom) {
                Progress.say(label + ": " + window.units.get() + " units measured so far");
            }
        }
        window.measureUntil = System.nanoTime();
        awaitChains(chainsDone);
        return window.result();
    }

    private static void sleepUntilNextReport(long end) {
        long nanos = Math.min(5_000_000_000L, end - System.nanoTime());
        if (nanos > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(nanos);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

    private static void awaitChains(CountDownLatch chainsDone) {
        try {
            chainsDone.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * One of a measured load's outstanding requests, started again by its own completion until the
     * load ends. A stage that is already complete when it is returned (a request refused at once)
     * loops here instead of recursing.
     */
    private final class Chain {
        private final Window window;
        private final long end;
        private final AtomicLong next;
        private final SplittableRandom random;
        private final CountDownLatch done;

        Chain(
                Window window,
                long end,
                AtomicLong next,
                SplittableRandom random,
                CountDownLatch done) {
            this.window = window;
            this.end = end;
            this.next = next;
            this.random = random;
            this.done = done;
        }

        void run() {
            while (System.nanoTime() < end) {
                long started = System.nanoTime();
                CompletableFuture<Integer> stage = startOne(next.getAndIncrement(), random);
                if (!stage.isDone()) {
                    stage.whenComplete(
                            (units, error) -> {
                                window.record(started, System.nanoTime(), units, error);
                                run();
                            });
                    return;
                }
                window.record(started, System.nanoTime(), stage.getNow(null), null);
            }
            done.countDown();
        }
    }

    /** The request's stage; a request that throws is a failed stage. */
    private CompletableFuture<Integer> startOne(long index, SplittableRandom random) {
        try {
            return request.start(index, random).toCompletableFuture();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Runs exactly {@code count} requests (a bulk load), all measured. */
    Measurement count(long count) {
        Window window = new Window(System.nanoTime());
        window.measureUntil = Long.MAX_VALUE;
        Semaphore permits = new Semaphore(inFlight);
        long step = Math.max(1, count / 10);
        for (long i = 0; i < count; i++) {
            acquire(permits, 1);
            long started = System.nanoTime();
            startOne(i, seed)
                    .whenComplete(
                            (units, error) -> {
                                window.record(started, System.nanoTime(), units, error);
                                permits.release();
                            });
            if (i > 0 && i % step == 0 && count >= 50_000) {
                Progress.say(label + ": " + (100 * i / count) + "% of " + count);
            }
        }
        acquire(permits, inFlight);
        window.measureUntil = System.nanoTime();
        return window.result();
    }

    private static void acquire(Semaphore permits, int n) {
        try {
            permits.acquire(n);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** What completes inside the measured window. */
    private static final class Window {
        final long measureFrom;
        volatile long measureUntil = Long.MAX_VALUE;
        final AtomicLong units = new AtomicLong();
        final AtomicLong requests = new AtomicLong();
        final AtomicLong errors = new AtomicLong();
        final Histogram latencies = new ConcurrentHistogram(3);

        Window(long measureFrom) {
            this.measureFrom = measureFrom;
        }

        boolean inWindow(long started, long finished) {
            return started >= measureFrom && finished <= measureUntil;
        }

        void record(long started, long finished, Integer units, Throwable error) {
            if (error != null || units == null || units == 0) {
                failed(started, finished);
            } else {
                done(started, finished, units);
            }
        }

        /**
         * Throughput counts completions inside the window (whenever they started), so the window
         * edges bias nothing; latency is recorded for requests wholly inside it.
         */
        void done(long started, long finished, int n) {
            if (finished >= measureFrom && finished <= measureUntil) {
                units.addAndGet(n);
                requests.incrementAndGet();
            }
            if (inWindow(started, finished)) {
                latencies.recordValue(Math.max(1, (finished - started) / 1000));
            }
        }

        void failed(long started, long finished) {
            if (inWindow(started, finished)) {
                errors.incrementAndGet();
            }
        }

        Measurement result() {
            double seconds = (measureUntil - measureFrom) / 1e9;
            return Measurement.of(units.get(), seconds, requests.get(), errors.get(), latencies);
        }
    }
}
