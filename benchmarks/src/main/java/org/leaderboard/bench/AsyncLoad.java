package org.leaderboard.bench;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * An open load generator with a bounded in-flight window: keeps {@code inFlight} asynchronous
 * requests outstanding, starting a new one as soon as one completes. Each request's stage yields
 * the units of work it did (1 for a vote, 100 for a batch of 100, 0 when refused).
 */
final class AsyncLoad {

    private final String label;
    private final int inFlight;
    private final LongFunction<CompletionStage<Integer>> request;

    AsyncLoad(String label, int inFlight, LongFunction<CompletionStage<Integer>> request) {
        this.label = label;
        this.inFlight = inFlight;
        this.request = request;
    }

    /** Runs for {@code warmup} unmeasured, then measures for {@code duration}. */
    Measurement forDuration(Duration warmup, Duration duration) {
        Window window = new Window(System.nanoTime() + warmup.toNanos());
        long end = window.measureFrom + duration.toNanos();
        long nextReport = window.measureFrom;
        Semaphore permits = new Semaphore(inFlight);
        for (long i = 0; System.nanoTime() < end; i++) {
            acquire(permits, 1);
            start(i, permits, window);
            if (System.nanoTime() >= nextReport && duration.toSeconds() >= 10) {
                long done = window.units.get();
                Progress.say(label + ": " + done + " units measured so far");
                nextReport = System.nanoTime() + 5_000_000_000L;
            }
        }
        window.measureUntil = System.nanoTime();
        acquire(permits, inFlight);
        return window.result();
    }

    /** Runs exactly {@code count} requests (a bulk load), all measured. */
    Measurement count(long count) {
        Window window = new Window(System.nanoTime());
        window.measureUntil = Long.MAX_VALUE;
        Semaphore permits = new Semaphore(inFlight);
        long step = Math.max(1, count / 10);
        for (long i = 0; i < count; i++) {
            acquire(permits, 1);
            start(i, permits, window);
            if (i > 0 && i % step == 0 && count >= 50_000) {
                Progress.say(label + ": " + (100 * i / count) + "% of " + count);
            }
        }
        acquire(permits, inFlight);
        window.measureUntil = System.nanoTime();
        return window.result();
    }

    private void start(long i, Semaphore permits, Window window) {
        long started = System.nanoTime();
        CompletionStage<Integer> stage;
        try {
            stage = request.apply(i);
        } catch (RuntimeException e) {
            window.failed(started, started);
            permits.release();
            return;
        }
        stage.whenComplete(
                (units, error) -> {
                    long finished = System.nanoTime();
                    if (error != null || units == null || units == 0) {
                        window.failed(started, finished);
                    } else {
                        window.done(started, finished, units);
                    }
                    permits.release();
                });
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
        final AtomicLong firstError = new AtomicLong();

        Window(long measureFrom) {
            this.measureFrom = measureFrom;
        }

        boolean inWindow(long started, long finished) {
            return started >= measureFrom && finished <= measureUntil;
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
