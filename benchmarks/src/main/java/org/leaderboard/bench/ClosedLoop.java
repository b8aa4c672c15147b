package org.leaderboard.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * A closed-loop load of blocking calls (queries): {@code threads} callers, each sending its next
 * request when the previous one is answered, for a duration but at least {@code minRequests} in
 * total, so that a slow query still gets a few samples; no caller starts a request after {@link
 * #CAP} times the duration (at least {@link #MIN_CAP}), so that queries taking many seconds each
 * (read-your-writes at a write rate the machine cannot keep up with) cannot hold up the run: the
 * measurement then has fewer than {@code minRequests} samples, and says so in its count.
 */
final class ClosedLoop {

    static final int CAP = 4;
    static final Duration MIN_CAP = Duration.ofSeconds(60);

    private ClosedLoop() {}

    /** The call returns true when the answer was what was asked for. */
    static Measurement run(
            int threads, Duration duration, int minRequests, Callable<Boolean> call) {
        Histogram latencies = new ConcurrentHistogram(3);
        AtomicLong ok = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        long started = System.nanoTime();
        long end = started + duration.toNanos();
        long cap = started + Math.max(duration.toNanos() * CAP, MIN_CAP.toNanos());
        List<Thread> callers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread caller =
                    new Thread(
                            () -> {
                                long now;
                                while ((now = System.nanoTime()) < end
                                        || (ok.get() + errors.get() < minRequests && now < cap)) {
                                    call(call, latencies, ok, errors);
                                }
                            },
                            "closed-loop-" + t);
            caller.start();
            callers.add(caller);
        }
        for (Thread caller : callers) {
            join(caller);
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        return Measurement.of(ok.get(), seconds, ok.get(), errors.get(), latencies);
    }

    private static void call(
            Callable<Boolean> call, Histogram latencies, AtomicLong ok, AtomicLong errors) {
        long started = System.nanoTime();
        boolean answered;
        try {
            answered = call.call();
        } catch (Exception e) {
            answered = false;
        }
        if (answered) {
            latencies.recordValue(Math.max(1, (System.nanoTime() - started) / 1000));
            ok.incrementAndGet();
        } else {
            errors.incrementAndGet();
        }
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
