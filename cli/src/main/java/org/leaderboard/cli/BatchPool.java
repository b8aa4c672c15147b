package org.leaderboard.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Rows grouped in batches and sent by {@code concurrency} threads. At most twice as many batches as
 * threads wait to be sent, so a large file is never held in memory. Once the writer refused a whole
 * batch, the batches after it are not sent (their lines FAILED "not sent").
 */
final class BatchPool {

    private final BatchSender sender;
    private final int batchSize;
    private final Progress progress;
    private final ImportReport report = new ImportReport();
    private final AtomicReference<String> stopped = new AtomicReference<>();
    private final ExecutorService threads;
    private final Semaphore slots;
    private List<VoteRow> batch;

    /** {@code progress} may be null: no progress shown. */
    BatchPool(BatchSender sender, int batchSize, int concurrency, Progress progress) {
        this.sender = sender;
        this.batchSize = batchSize;
        this.progress = progress;
        this.threads = Executors.newFixedThreadPool(concurrency);
        this.slots = new Semaphore(concurrency * 2);
        this.batch = new ArrayList<>(batchSize);
    }

    void add(VoteRow row) {
        batch.add(row);
        if (batch.size() == batchSize) {
            flush();
        }
    }

    /** Sends what is left and waits for every answer. */
    ImportReport finish() throws InterruptedException {
        if (!batch.isEmpty()) {
            flush();
        }
        threads.shutdown();
        threads.awaitTermination(365, TimeUnit.DAYS);
        return report;
    }

    /** Why the import stopped early, if it did. */
    Optional<String> stopped() {
        return Optional.ofNullable(stopped.get());
    }

    private void flush() {
        List<VoteRow> rows = batch;
        batch = new ArrayList<>(batchSize);
        slots.acquireUninterruptibly();
        threads.execute(
                () -> {
                    try {
                        report.add(sendOrSkip(rows));
                        if (progress != null) {
                            progress.advance(rows.size());
                        }
                    } finally {
                        slots.release();
                    }
                });
    }

    private List<LineResult> sendOrSkip(List<VoteRow> rows) {
        if (stopped.get() != null) {
            return failed(rows, "not sent: " + stopped.get());
        }
        try {
            return sender.send(rows);
        } catch (RuntimeException e) {
            String reason = e instanceof CliException ? e.getMessage() : e.toString();
            stopped.compareAndSet(null, reason);
            return failed(rows, reason);
        }
    }

    private static List<LineResult> failed(List<VoteRow> rows, String reason) {
        return rows.stream()
                .map(row -> new LineResult(row, null, LineResult.FAILED, null, reason))
                .toList();
    }
}
