package org.leaderboard.query.web;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * One kind of warning logged at most once per interval, with how many were left out since the last
 * line. Under overload a refusal is answered in a few milliseconds, hundreds a second: a line for
 * each filled the query service's log with 62,000 lines in a minute of a benchmark's flat-out
 * writes. The first is logged at once; each line after says how many it stands for.
 */
final class ThrottledWarnings {

    private final long everyNanos;
    private final LongSupplier nanoTime;
    private final AtomicLong lastLogged = new AtomicLong();
    private final AtomicLong left = new AtomicLong();
    private volatile boolean loggedOnce;

    ThrottledWarnings(Duration every) {
        this(every, System::nanoTime);
    }

    ThrottledWarnings(Duration every, LongSupplier nanoTime) {
        this.everyNanos = every.toNanos();
        this.nanoTime = nanoTime;
    }

    /**
     * The line to log for this warning ({@code detail}), or null when it is left out: the first
     * warning, and then the first one at least the interval after the last line logged, which also
     * says how many were left out meanwhile.
     */
    String line(String detail) {
        long now = nanoTime.getAsLong();
        long last = lastLogged.get();
        boolean due = !loggedOnce || now - last >= everyNanos;
        if (!due || !lastLogged.compareAndSet(last, now)) {
            left.incrementAndGet();
            return null;
        }
        loggedOnce = true;
        long leftOut = left.getAndSet(0);
        return leftOut == 0
                ? detail
                : detail
                        + " ("
                        + leftOut
                        + " more like it since the last line, not logged one by one)";
    }
}
