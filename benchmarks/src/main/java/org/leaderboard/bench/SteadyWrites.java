package org.leaderboard.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.writer.feed.AckFeed;
import org.leaderboard.writer.feed.FeedServer;
import org.leaderboard.writer.store.LateEventMarks;
import org.leaderboard.writer.store.ProgressMarks;
import org.leaderboard.writer.store.VoteEventWriter;

/**
 * Votes written continuously while queries are measured, stamped "now" and stored with the writer's
 * own statements, as the writer stores them ({@link VoteEventWriter#insert}, then a late mark if
 * the insert completed more than {@code writer.late-after} ({@link TailLags}) after the vote's
 * time, as under overload, or below the harness's own progress mark), then appended to the
 * harness's own acknowledged-events feed as the writer appends a vote before it answers: at a fixed
 * rate (paced every 10 ms), or, with rate 0 and {@code flatOut}, as fast as 128 in flight allow.
 */
final class SteadyWrites implements AutoCloseable {

    private static final int MAX_IN_FLIGHT = 128;

    // The writer's defaults (writer.progress.* in its application.yml; the interval, TailLags).
    private static final Duration PROGRESS_LEASE = Duration.ofSeconds(10);
    private static final Duration PROGRESS_REGISTER_WAIT = Duration.ofSeconds(1);

    // The writer's defaults (writer.feed.* in its application.yml).
    private static final Duration FEED_RETENTION = Duration.ofSeconds(2);
    private static final int FEED_MAX_EVENTS = 200_000;

    /**
     * Whether the harness serves a feed of the votes it writes, as a writer does, so that query
     * services that ask every writer's feed ask it too; {@code -Dbench.writer-feed=false} turns it
     * off (its progress row then publishes no address). Never without progress marks.
     */
    static final boolean WRITER_FEED =
            TailLags.WRITER_PROGRESS
                    && !"false"
                            .equalsIgnoreCase(
                                    System.getProperty("bench.writer-feed", "true").strip());

    /**
     * The writer's statements (the event row and its late mark) and, unless {@code
     * -Dbench.writer-progress=false}, a progress mark of the harness's own, registered as a
     * writer's is: query services then hold their tail up to the lower of the writer service's mark
     * and this one, which the harness's writes in flight hold back as a writer's do. With it,
     * unless {@code -Dbench.writer-feed=false}, the harness's feed ({@code feed}, served by {@code
     * feedServer} on a free port of 127.0.0.1, published in the harness's row), which holds every
     * vote stored as the writer's holds the votes it acknowledges; both null without.
     */
    record Store(
            VoteEventWriter events,
            LateEventMarks marks,
            ProgressMarks progress,
            AckFeed feed,
            FeedServer feedServer)
            implements AutoCloseable {

        /** A vote is stored (and marked if late): in the feed before it counts as stored. */
        void stored(VoteCastEvent vote) {
            if (feed != null) {
                feed.append(
                        vote.board(),
                        new StoredEvent(
                                vote.voteId(), vote.user(), vote.voter(), vote.votes(), null));
            }
        }

        @Override
        public void close() {
            if (progress != null) {
                progress.close();
            }
            if (feedServer != null) {
                feedServer.close();
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
        UUID writer = UUID.randomUUID();
        AckFeed feed = WRITER_FEED ? new AckFeed(writer, FEED_RETENTION, FEED_MAX_EVENTS) : null;
        FeedServer feedServer = feed == null ? null : serve(feed);
        ProgressMarks progress = null;
        if (TailLags.WRITER_PROGRESS) {
            progress =
                    new ProgressMarks(
                            writer,
                            feedServer == null ? null : feedServer.address("127.0.0.1"),
                            ProgressMarks.storeOn(session, Consistency.DEFAULT),
                            Clock.systemUTC(),
                            System::nanoTime,
                            TailLags.PROGRESS_LAG,
                            TailLags.LATE_AFTER,
                            PROGRESS_LEASE,
                            PROGRESS_REGISTER_WAIT);
            progress.start(TailLags.PROGRESS_INTERVAL);
            awaitRegistered(progress, feedServer);
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
                progress,
                feed,
                feedServer);
    }

    private static FeedServer serve(AckFeed feed) {
        try {
            return FeedServer.start(feed, new ObjectMapper(), "127.0.0.1", 0);
        } catch (IOException e) {
            throw new UncheckedIOException("the harness's feed could not listen", e);
        }
    }

    private static void awaitRegistered(ProgressMarks progress, FeedServer feedServer) {
        try {
            if (!progress.awaitRegistered(PROGRESS_REGISTER_WAIT.multipliedBy(2).plusSeconds(5))) {
                stop(progress, feedServer);
                throw new IllegalStateException("the harness's progress mark did not register");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop(progress, feedServer);
            throw new IllegalStateException("interrupted while registering a progress mark", e);
        }
    }

    private static void stop(ProgressMarks progress, FeedServer feedServer) {
        progress.close();
        if (feedServer != null) {
            feedServer.close();
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
                            if (failure == null) {
                                store.stored(vote);
                                stored.incrementAndGet();
                            }
                            inFlight.release();
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
