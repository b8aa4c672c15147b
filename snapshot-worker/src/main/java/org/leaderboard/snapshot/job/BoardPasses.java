package org.leaderboard.snapshot.job;

import jakarta.annotation.PreDestroy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.BoardDao;
import org.leaderboard.snapshot.config.SharingSettings;
import org.leaderboard.snapshot.config.SnapshotSettings;
import org.leaderboard.snapshot.pass.PassResult;
import org.leaderboard.snapshot.pass.SnapshotLag;
import org.leaderboard.snapshot.pass.SnapshotPass;
import org.leaderboard.snapshot.pass.StopFlag;
import org.leaderboard.snapshot.retention.Retention;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One pass over every board (or, in a shared round, over this worker's boards), one log line per
 * board, {@code snapshot.board-concurrency} boards at a time. A failing board is logged and the
 * others still run: boards are independent, and a half-done board is invisible until its next head.
 */
@Component
class BoardPasses {

    private static final Logger log = LoggerFactory.getLogger(BoardPasses.class);

    private final BoardDao boards;
    private final SnapshotPass pass;
    private final StopFlag stop;
    private final SnapshotLag lag;
    private final WorkerRegistry registry;
    private final SharingSettings sharing;
    private final Retention retention;
    private final ExecutorService executor;

    BoardPasses(
            BoardDao boards,
            SnapshotPass pass,
            StopFlag stop,
            SnapshotLag lag,
            WorkerRegistry registry,
            SharingSettings sharing,
            Retention retention,
            SnapshotSettings settings) {
        this.boards = boards;
        this.pass = pass;
        this.stop = stop;
        this.lag = lag;
        this.registry = registry;
        this.sharing = sharing;
        this.retention = retention;
        int concurrency = settings.boardConcurrency();
        AtomicInteger threads = new AtomicInteger();
        this.executor =
                concurrency == 1
                        ? null
                        : Executors.newFixedThreadPool(
                                concurrency,
                                task -> {
                                    Thread thread =
                                            new Thread(
                                                    task,
                                                    "board-pass-" + threads.incrementAndGet());
                                    thread.setDaemon(true);
                                    // Background work, as the rounds (ScheduledPasses).
                                    thread.setPriority(Thread.MIN_PRIORITY);
                                    return thread;
                                });
    }

    /** Passes under way finish (the stop flag ends each after its current step). */
    @PreDestroy
    void close() {
        if (executor != null) {
            executor.shutdown();
        }
    }

    /** Returns whether every board succeeded (listing the boards counts as one). */
    boolean runAll() {
        return run(board -> true).succeeded();
    }

    /**
     * A scheduled round: passes the boards this worker owns among the live workers (all of them if
     * sharing is off). If the registry cannot be read, it passes every board: doing another
     * worker's board too is only wasted work, never a wrong snapshot.
     */
    Round runShared() {
        if (!sharing.enabled()) {
            return run(board -> true);
        }
        List<String> workers;
        try {
            workers = new ArrayList<>(registry.live());
        } catch (RuntimeException e) {
            log.warn(
                    "snapshot round: live workers unknown ({}), passing every board", e.toString());
            return run(board -> true);
        }
        if (!workers.contains(sharing.workerId())) {
            workers.add(sharing.workerId());
        }
        Round round = run(board -> BoardShare.owner(board, workers).equals(sharing.workerId()));
        log.info(
                "snapshot round: worker {} passed {} boards ({} failed) of {} live workers",
                sharing.workerId(),
                round.passed().size() + round.failed(),
                round.failed(),
                workers.size());
        return round;
    }

    /** A round over the boards {@code mine} accepts. */
    Round run(Predicate<String> mine) {
        List<BoardSettings> all;
        try {
            all = boards.all();
        } catch (RuntimeException e) {
            log.error("snapshot pass could not list boards", e);
            return new Round(List.of(), 1);
        }
        List<BoardSettings> owned = all.stream().filter(board -> mine.test(board.board())).toList();
        List<PassResult> results = executor == null ? inTurn(owned) : atOnce(owned);
        List<PassResult> passed = new ArrayList<>();
        int failed = 0;
        for (PassResult result : results) {
            if (result == null) {
                failed++;
            } else {
                passed.add(result);
            }
        }
        return new Round(passed, failed);
    }

    /** One board after another on this thread; a null result is a failed board. */
    private List<PassResult> inTurn(List<BoardSettings> owned) {
        List<PassResult> results = new ArrayList<>();
        for (BoardSettings board : owned) {
            if (stopping()) {
                break;
            }
            results.add(runOne(board));
        }
        return results;
    }

    /**
     * {@code snapshot.board-concurrency} boards at a time on the round's threads, in the boards'
     * order; a board not yet started when a shutdown is requested is left for the next worker.
     */
    private List<PassResult> atOnce(List<BoardSettings> owned) {
        List<CompletableFuture<Ran>> passes = new ArrayList<>();
        for (BoardSettings board : owned) {
            try {
                passes.add(
                        CompletableFuture.supplyAsync(
                                () -> stopping() ? null : new Ran(runOne(board)), executor));
            } catch (RejectedExecutionException shutDown) {
                log.info("snapshot pass stopping: the worker is shutting down");
                break;
            }
        }
        List<PassResult> results = new ArrayList<>();
        for (CompletableFuture<Ran> pass : passes) {
            Ran ran = pass.join();
            if (ran != null) {
                results.add(ran.result());
            }
        }
        return results;
    }

    /** A board that was passed: its result, or null if it failed. */
    private record Ran(PassResult result) {}

    private boolean stopping() {
        if (stop.requested()) {
            log.info("snapshot pass stopping: shutdown requested");
            return true;
        }
        return false;
    }

    private PassResult runOne(BoardSettings board) {
        try {
            PassResult result = pass.run(board);
            lag.observed(result);
            log.info("snapshot {}", result.summary());
            removeOldHistory(board);
            return result;
        } catch (RuntimeException e) {
            log.error("snapshot board={} outcome=FAILED error={}", board.board(), e.toString(), e);
            return null;
        }
    }

    /** Retention after the pass, so it works from the newest heads; its failure fails nothing. */
    private void removeOldHistory(BoardSettings board) {
        try {
            retention.runIfDue(board).ifPresent(removed -> log.info(removed.summary()));
        } catch (RuntimeException e) {
            log.warn(
                    "retention board={} failed, retried next round: {}",
                    board.board(),
                    e.toString());
        }
    }

    /** What one round did: the boards passed, and how many failed. */
    record Round(List<PassResult> passed, int failed) {

        boolean succeeded() {
            return failed == 0;
        }

        long eventsRead() {
            return passed.stream().mapToLong(PassResult::eventsRead).sum();
        }
    }
}
