package org.leaderboard.writer.store;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.Tables;
import org.leaderboard.model.cassandra.VoteEventDao;
import org.leaderboard.model.cassandra.WriterProgress;
import org.leaderboard.model.time.TimeUuids;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This writer's progress mark ({@code writer_progress}): a time below which every event it stamps
 * and acknowledges is stored already, or marked late ({@link LateEventMarks}) before it is
 * acknowledged. Query services that found every writer's mark hold their read-your-writes tail up
 * to the lowest one, so each strong read is sent the rows of the last few milliseconds again
 * instead of the last {@code query.tail.held-lag} (100 ms) of them.
 *
 * <p>The mark is this writer's own clock minus {@code lag}, held back to the time of the oldest
 * event whose write it has started and not yet seen complete (so slow writes are waited for, not
 * marked), but never further back than {@code writer.late-after}: an event older than that which
 * completes later is marked anyway. It only moves forward, and it is set here before it is stored,
 * so an event stamped below a mark some query service read completes either before that mark was
 * set (and every later read sees it) or after, and then {@link #mustMark} says so. Its own clock is
 * all a mark compares with, so clocks that disagree between hosts cost nothing here.
 *
 * <p>Query services go by the writers whose rows they found, so a writer takes part only once it is
 * registered: it stores its row, waits {@code registerWait} (twice the longest ask for the marks a
 * query service uses, so every ask that did not find the row has completed by then), then reads
 * every row and takes the highest mark as a floor: it marks every event stamped below that floor,
 * so none lands unmarked behind a range a query service holds because of the other writers' marks.
 * Until registered, and whenever its row may have expired (no write of it succeeded for all but
 * {@link #LEASE_MARGIN} of the lease), it marks every event it acknowledges and registers again.
 *
 * <p>The row also carries the address of this writer's acknowledged-events feed, if it has one (see
 * {@code org.leaderboard.writer.feed.AckFeed}): registered is also what lets a writer with a feed
 * answer that an event is stored, since a query service asks only the feeds of the rows it found.
 */
public final class ProgressMarks implements AutoCloseable {

    /** What a lease keeps in hand: the row is taken for gone that long before it expires. */
    static final Duration LEASE_MARGIN = Duration.ofSeconds(3);

    private static final Logger log = LoggerFactory.getLogger(ProgressMarks.class);

    /**
     * By the id's millisecond, then by the id: the order of the mark's time. Compared as numbers,
     * not as the {@code Instant}s of {@link TimeUuids#timeOf}, which made two objects per
     * comparison (5% of the writer's CPU at peak, with the skip list's walk).
     */
    private static final Comparator<UUID> BY_TIME =
            (a, b) -> {
                int byTime = Long.compare(Uuids.unixTimestamp(a), Uuids.unixTimestamp(b));
                return byTime != 0 ? byTime : a.compareTo(b);
            };

    /** Stores and reads the rows; a seam for tests of the bookkeeping alone. */
    public interface Store {
        /** Writes the row; {@code feed} null leaves the column unset. */
        CompletionStage<Void> publish(
                UUID writer, Instant lowMark, String feed, long writeMicros, int ttl);

        CompletionStage<List<WriterProgress>> readAll();
    }

    private final UUID id;
    private final String feed;
    private final Store store;
    private final Clock clock;
    private final LongSupplier nanos;
    private final long lagMillis;
    private final long lateAfterMillis;
    private final long leaseNanos;
    private final int ttlSeconds;
    private final long registerWaitNanos;
    private final ConcurrentSkipListSet<UUID> writing = new ConcurrentSkipListSet<>(BY_TIME);

    /** The mark as last set (epoch millis); only moves forward. */
    private volatile long markMillis = Long.MIN_VALUE;

    /** Every event stamped below this is marked: the others' highest mark at registration. */
    private volatile long floorMillis = Long.MAX_VALUE;

    private volatile boolean registered;

    /** Whether this writer keeps a row at all ({@link #start}); if not, it marks as before. */
    private volatile boolean following;

    /** Until when (monotonic nanos) the row is surely there, while registered. */
    private volatile long leaseUntil;

    // Touched by the ticking thread only (ticks and completions are handed to it).
    private long lastWriteMicros;
    private boolean publishing;
    private boolean askingFloor;
    private long storedAt;
    private boolean stored;
    private long lastStoredBegin;
    private long lastFailureLog;

    private ScheduledExecutorService ticks;

    /** A writer with a new id and no feed. */
    public ProgressMarks(
            Store store,
            Clock clock,
            LongSupplier nanos,
            Duration lag,
            Duration lateAfter,
            Duration lease,
            Duration registerWait) {
        this(UUID.randomUUID(), null, store, clock, nanos, lag, lateAfter, lease, registerWait);
    }

    /**
     * @param writer this writer's id, the key of its row (and the writer its feed's pages name)
     * @param feed the address ({@code host:port}) of this writer's acknowledged-events feed, which
     *     every write of the row publishes, or null: none
     */
    public ProgressMarks(
            UUID writer,
            String feed,
            Store store,
            Clock clock,
            LongSupplier nanos,
            Duration lag,
            Duration lateAfter,
            Duration lease,
            Duration registerWait) {
        this.id = writer;
        this.feed = feed;
        this.store = store;
        this.clock = clock;
        this.nanos = nanos;
        this.lagMillis = lag.toMillis();
        this.lateAfterMillis = lateAfter.toMillis();
        this.leaseNanos = lease.minus(LEASE_MARGIN).toNanos();
        this.ttlSeconds = (int) lease.toSeconds();
        this.registerWaitNanos = registerWait.toNanos();
    }

    /** The rows in Cassandra, at the writer's consistency levels. */
    public static Store storeOn(CqlSession session, Consistency consistency) {
        PreparedStatement insert =
                session.prepare(
                        insertInto(Tables.keyspaceOf(session), "writer_progress")
                                .value("part", bindMarker())
                                .value("writer", bindMarker())
                                .value("low_mark", bindMarker())
                                .value("feed", bindMarker())
                                .usingTimestamp(bindMarker())
                                .usingTtl(bindMarker())
                                .build());
        VoteEventDao rows = new VoteEventDao(session, consistency);
        return new Store() {
            @Override
            public CompletionStage<Void> publish(
                    UUID writer, Instant lowMark, String feed, long writeMicros, int ttl) {
                BoundStatement row =
                        insert.bind(WriterProgress.PART, writer, lowMark, feed, writeMicros, ttl);
                if (feed == null) {
                    // Unset, not null: a null would write a tombstone at every rewrite.
                    row = row.unset(3);
                }
                return session.executeAsync(
                                row.setIdempotent(true).setConsistencyLevel(consistency.write()))
                        .thenApply(rs -> null);
            }

            @Override
            public CompletionStage<List<WriterProgress>> readAll() {
                return rows.writerProgress();
            }
        };
    }

    /** Starts rewriting the row every {@code interval}. */
    public void start(Duration interval) {
        following = true;
        ticks =
                Executors.newSingleThreadScheduledExecutor(
                        runnable -> {
                            Thread thread = new Thread(runnable, "writer-progress");
                            thread.setDaemon(true);
                            return thread;
                        });
        ticks.scheduleWithFixedDelay(this::tickSafely, 0, interval.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Keeps a row, ticked by the caller ({@link #tick}) instead of a thread of its own. */
    void followByHand() {
        following = true;
    }

    /** Waits up to {@code within} for the registration (false: not registered yet). */
    public boolean awaitRegistered(Duration within) throws InterruptedException {
        long until = System.nanoTime() + within.toNanos();
        while (!registered) {
            if (System.nanoTime() - until >= 0) {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }

    @Override
    public void close() {
        if (ticks != null) {
            ticks.shutdownNow();
        }
    }

    public UUID writer() {
        return id;
    }

    /** The feed address the row publishes, or null. */
    public String feed() {
        return feed;
    }

    public boolean registered() {
        return registered && nanos.getAsLong() - leaseUntil < 0;
    }

    /** The mark as last set; no event stamped before it is acknowledged unmarked from now on. */
    public Instant mark() {
        long mark = markMillis;
        return mark == Long.MIN_VALUE ? null : Instant.ofEpochMilli(mark);
    }

    /** An event's write is about to start (or to wait its turn): the mark waits for it. */
    public void writing(UUID eventId) {
        if (following) {
            writing.add(eventId);
        }
    }

    /** An event's write ended (failed, or completed and {@link #mustMark} asked). */
    public void done(UUID eventId) {
        writing.remove(eventId);
    }

    /**
     * Whether an event whose write completed now must be marked late: it is stamped below the mark
     * or the floor, or this writer is not registered (or its row may have expired). Never for a
     * writer that keeps no row ({@link #start} not called): it marks by {@code writer.late-after}
     * alone, as writers without progress marks do.
     */
    public boolean mustMark(UUID eventId) {
        if (!following) {
            return false;
        }
        if (!registered()) {
            return true;
        }
        long time = Uuids.unixTimestamp(eventId);
        return time < Math.max(markMillis, floorMillis);
    }

    private void tickSafely() {
        try {
            tick();
        } catch (RuntimeException e) {
            log.warn("writer progress: tick failed", e);
        }
    }

    /** One step, on the ticking thread: move the mark, store it, register if due. */
    void tick() {
        long now = nanos.getAsLong();
        long nowMillis = clock.instant().toEpochMilli();
        long oldest = nowMillis - lateAfterMillis;
        UUID first = oldestWriting();
        while (first != null && Uuids.unixTimestamp(first) < oldest) {
            // Completing later than writer.late-after after its time, it is marked anyway.
            writing.remove(first);
            first = oldestWriting();
        }
        long candidate = nowMillis - lagMillis;
        if (first != null) {
            candidate = Math.min(candidate, Uuids.unixTimestamp(first));
        }
        candidate = Math.max(candidate, oldest);
        if (candidate > markMillis) {
            markMillis = candidate;
        }
        if (registered && now - leaseUntil >= 0) {
            registered = false;
            stored = false;
            log.warn(
                    "writer progress: no write of this writer's row succeeded for {} s; every"
                            + " event is marked late until it has registered again",
                    (now - lastStoredBegin) / 1_000_000_000L);
        }
        if (!registered && stored && !askingFloor && now - storedAt >= registerWaitNanos) {
            askingFloor = true;
            store.readAll().whenComplete((rows, failure) -> onTicks(() -> floor(rows, failure)));
        }
        if (!publishing) {
            publishing = true;
            long micros = Math.max(lastWriteMicros + 1, nowMillis * 1000);
            lastWriteMicros = micros;
            long begin = now;
            store.publish(id, Instant.ofEpochMilli(markMillis), feed, micros, ttlSeconds)
                    .whenComplete((done, failure) -> onTicks(() -> published(begin, failure)));
        }
    }

    /**
     * The oldest event whose write is in flight, or null. Writes complete on other threads, so the
     * set can empty between a check and {@code first()}; its iterator never throws for that.
     */
    private UUID oldestWriting() {
        Iterator<UUID> oldestFirst = writing.iterator();
        return oldestFirst.hasNext() ? oldestFirst.next() : null;
    }

    private void onTicks(Runnable step) {
        if (ticks == null) {
            step.run();
        } else if (!ticks.isShutdown()) {
            ticks.execute(step);
        }
    }

    /** A write of the row completed: the lease runs from when it began. */
    void published(long begin, Throwable failure) {
        publishing = false;
        if (failure != null) {
            long now = nanos.getAsLong();
            if (now - lastFailureLog > 10_000_000_000L) {
                lastFailureLog = now;
                log.warn("writer progress: the row could not be written", failure);
            }
            return;
        }
        lastStoredBegin = begin;
        if (registered) {
            leaseUntil = begin + leaseNanos;
        } else if (!stored) {
            stored = true;
            storedAt = nanos.getAsLong();
        }
    }

    /** The others' marks read for the registration: the highest is the floor. */
    void floor(List<WriterProgress> rows, Throwable failure) {
        askingFloor = false;
        if (failure != null || rows == null) {
            return;
        }
        boolean mine = false;
        long highest = Long.MIN_VALUE;
        for (WriterProgress row : rows) {
            mine |= row.writer().equals(id);
            if (row.lowMark() != null) {
                highest = Math.max(highest, row.lowMark().toEpochMilli());
            }
        }
        if (!mine) {
            // The row is not there (expired meanwhile): store it and wait again.
            stored = false;
            return;
        }
        floorMillis = floorMillis == Long.MAX_VALUE ? highest : Math.max(floorMillis, highest);
        leaseUntil = lastStoredBegin + leaseNanos;
        registered = nanos.getAsLong() - leaseUntil < 0;
        if (registered) {
            log.info("writer progress: registered as {}", id);
        }
    }
}
