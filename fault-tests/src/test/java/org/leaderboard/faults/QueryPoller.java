package org.leaderboard.faults;

import java.time.Instant;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Reads the top of a leaderboard every 250 ms while a test runs, as dashboards do. */
final class QueryPoller implements AutoCloseable {

    record Read(Instant at, boolean ok) {}

    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
    private final Queue<Read> reads = new ConcurrentLinkedQueue<>();

    QueryPoller(String queryUrl, String board) {
        String url = queryUrl + "/boards/" + board + "/leaderboard?limit=10";
        ticker.scheduleWithFixedDelay(() -> read(url), 0, 250, TimeUnit.MILLISECONDS);
    }

    private void read(String url) {
        Instant at = Instant.now();
        boolean ok;
        try {
            ok = Faults.HTTP.get(url).status() == 200;
        } catch (RuntimeException e) {
            ok = false;
        }
        reads.add(new Read(at, ok));
    }

    long reads() {
        return reads.size();
    }

    long failed() {
        return reads.stream().filter(r -> !r.ok()).count();
    }

    long[] failedBetween(Instant from, Instant to) {
        long all = 0;
        long failed = 0;
        for (Read read : reads) {
            if (!read.at().isBefore(from) && read.at().isBefore(to)) {
                all++;
                failed += read.ok() ? 0 : 1;
            }
        }
        return new long[] {failed, all};
    }

    @Override
    public void close() {
        ticker.shutdownNow();
    }
}
