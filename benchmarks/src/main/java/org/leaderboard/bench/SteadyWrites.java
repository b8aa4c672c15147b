package org.leaderboard.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.writer.store.LateEventMarks;
import org.leaderboard.writer.store.ProgressMarks;
import org.leaderboard.writer.store.VoteEventWriter;

/**
 * Votes written continuously while queries are measured, stamped "now" and stored with the writer's
 * own statements, as the writer stores them ({@link VoteEventWriter#insert}, then a late mark if
 * the insert completed more than {@code writer.late-after} ({@link TailLags}) after the vote's
 * time, as under overload, or below the harness's own progress mark): at a fixed rate (paced every
 * 10 ms), or, with rate 0 and {@code flatOut}, as fast as 128 in flight allow.
 */
final class SteadyWrites implements AutoCloseable {

    private static final int MAX_IN_FLIGHT = 128;

    // The writer's defaults (writer.progress.* in its application.yml).
    private static final Duration PROGRESS_INTERVAL = Duration.ofMillis(5);
    private static final Duration PROGRESS_LEASE = Duration.ofSeconds(10);
    private static final Duration PROGRESS_REGISTER_WAIT = Duration.ofSeconds(1);

    /**
     * The writer's statements (the event row and its late mark) and, unless {@code
     * -Dbench.writer-progress=false}, a progress mark of the harness's own, registered as a
     * writer's is: query services then hold their tail up to the lower of the writer service's mark
     * and this one, which the harness's writes in flight hold back as a writer's do.
     */
    record Store(VoteEventWriter events, LateEventMarks marks, ProgressMarks progress)
            implements AutoCloseable {
        @Override
        public void close() {
            if (progress != null) {
                progress.close();
            }
        }
    }

    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong stored = new AtomicLong();
    private final AtomicLong late = new AtomicLong();

    private SteadyWrites() {}

    /** {@code votesPerSecond} votes a second to {@code users} users; 0 writes nothing. */
    static SteadyWrites atRate(Store events, BoardSettings board, int users, int votesPerSecond) {
        SteadyWrites writes = new SteadyWrites();
        return writes.start(() -> writes.paced(events, board, users, votesPerSecond));
    }

    /** As many votes a second as the store takes with 128 in flight. */
    static SteadyWrites flatOut(Store events, BoardSettings board, int users) {
        SteadyWrites writes = new SteadyWrites();
        return writes.start(() -> writes.unpaced(events, board, users));
    }

    /**
     * The writer's statements with the writer's defaults ({@code writer.progress.*}), its progress
     * mark registered before this returns.
     */
    static Store store(CqlSession session) {
        ProgressMarks progress = null;
        if (TailLags.WRITER_PROGRESS) {
            progress =
                    new ProgressMarks(
                            ProgressMarks.storeOn(session, Consistency.DEFAULT),
                            Clock.systemUTC(),
                            System::nanoTime,
                            TailLags.PROGRESS_LAG,
                            TailLags.LATE_AFTER,
                            PROGRESS_LEASE,
                            PROGRESS_REGISTER_WAIT);
            progress.start(PROGRESS_INTERVAL);
            awaitRegistered(progress);
        }
        return new Store(
                new VoteEventWriter(session, Consistency.DEFAULT, progress),
                new LateEventMarks(
                        session,
                        Consistency.DEFAULT,
                        TailLags.LATE_AFTER,
                        Duration.ofSeconds(1),
                        Clock.systemUTC(),
                        progress,
                        false),
                progress);
    }

    private static void awaitRegistered(ProgressMarks progress) {
        try {
            if (!progress.awaitRegistered(PROGRESS_REGISTER_WAIT.multipliedBy(2).plusSeconds(5))) {
                progress.close();
                throw new IllegalStateException("the harness's progress mark did not register");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            progress.close();
            throw new IllegalStateException("interrupted while registering a progress mark", e);
        }
    }

    private SteadyWrites start(Runnable loop) {
        Thread worker = new Thread(loop, "steady-writes");
        worker.setDaemon(true);
        worker.start();
        return this;
    }

    /** Votes stored so far. */
    long stored() {
        return stored.get();
    }

    /**
     * Votes stored so far whose insert completed more than the writer's {@code late-after} after
     * their time, and so were marked late: query services read each such vote by its key once they
     * see its mark.
     */
    long late() {
        return late.get();
    }

    private void paced(Store events, BoardSettings board, int users, int votesPerSecond) {
        SplittableRandom random = new SplittableRandom(votesPerSecond);
        Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);
        long started = System.nanoTime();
        long sent = 0;
        while (running.get() && votesPerSecond > 0) {
            long due = (System.nanoTime() - started) * votesPerSecond / 1_000_000_000L;
            for (; sent < due && running.get(); sent++) {
                write(events, board, users, random, inFlight);
            }
            sleepMillis(10);
        }
    }

    private void unpaced(Store events, BoardSettings board, int users) {
        SplittableRandom random = new SplittableRandom(7);
        Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);
        while (running.get()) {
            write(events, board, users, random, inFlight);
        }
    }

    private void write(
            Store store,
            BoardSettings board,
            int users,
            SplittableRandom random,
            Semaphore inFlight) {
        inFlight.acquireUninterruptibly();
        Instant now = Instant.now();
        VoteCastEvent vote = VoteMaker.vote(board.board(), random.nextInt(users), now, random);
        store.events()
                .insert(board, vote, now)
                .thenCompose(
                        inserted -> {
                            // Asked once, as markIfLate asks: the progress mark's answer moves.
                            if (!store.marks().isLate(vote.voteId(), Instant.now())) {
                                return CompletableFuture.<Void>completedFuture(null);
                            }
                            late.incrementAndGet();
                            return store.marks().mark(board, vote.voteId());
                        })
                .whenComplete(
                        (done, failure) -> {
                            inFlight.release();
                            if (failure == null) {
                                stored.incrementAndGet();
                            }
                        });
    }

    private static void sleepMillis(long millis) {
        try {
            TimeUnit.MILLISECONDS.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running.set(false);
    }
}
