package org.leaderboard.query.query;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.cassandra.BoardCache;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.model.cassandra.WriterProgress;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.query.config.QuerySettings;
import org.leaderboard.query.config.StrongReadSettings;
import org.leaderboard.query.config.TailSettings;
import org.leaderboard.query.rank.MergedStandings;
import org.leaderboard.query.rank.TailRanking;
import org.leaderboard.query.rank.TailRows;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Reads a board for queries: the newest complete snapshot (cached) plus the tail of events from its
 * cutoff on. A query of the board now is answered from the first read of the board that started
 * after the query arrived ({@link ReadBarrier}): concurrent queries share one read, and since that
 * read of the tail, at the configured read level, starts after the query, a vote the writer
 * acknowledged at LOCAL_QUORUM before the query began is in its answer (read-your-writes). The tail
 * is read incrementally ({@link LiveTail}): only rows new since the last read are sent, and its
 * ranking is updated with the users they touched ({@link TailRanking}).
 */
@Component
class BoardReader implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(BoardReader.class);

    /**
     * How often the rows read since are taken into the tail's ranking. Taking them in makes a new
     * version of the ranking (a search and a copy of a few small leaves per user); until then they
     * are ranked on top of it at every read. So a read every few milliseconds makes a version at
     * most ten times a second, not at every read.
     */
    private static final long FOLD_EVERY_NANOS = Duration.ofMillis(100).toNanos();

    /**
     * Rounds a newer head's ranking takes in what the reads added meanwhile ({@link #caughtUp}).
     */
    private static final int CATCH_UP_ROUNDS = 8;

    /** A round that took in fewer users than this leaves the rest to the read taking it up. */
    private static final int CAUGHT_UP_USERS = 256;

    /**
     * Users ranked on top at most; beyond, they are taken in at once. At 5,000 votes/s a tenth of a
     * second is 500 users, and taking them in held the read that did it for 10-20 ms on this 2-core
     * machine (about 30 microseconds a user with Cassandra and the writes on the same cores): a
     * query waiting for that read waited as long. Taken in by 128, the read that takes them in is
     * held a few milliseconds, and the users ranked on top at every read are fewer. Below 1,280
     * votes/s a tenth of a second comes first, as before.
     */
    private static final int MAX_PENDING = 128;

    /**
     * The periodic read of the store runs beside the feeds' reads only if the last one started less
     * than this many {@code query.tail.store-read-every} ago.
     */
    private static final int BESIDE_WITHIN_READS = 4;

    /**
     * A writer's feed that failed to answer is asked again only after this; each failure in a row
     * doubles it, up to {@link #FEED_RETRY_AFTER_AT_MOST_NANOS}. One late answer (a pause of either
     * process) then costs a board a fraction of a second of reads of the store, not seconds.
     */
    private static final long FEED_RETRY_AFTER_NANOS = Duration.ofMillis(250).toNanos();

    private static final long FEED_RETRY_AFTER_AT_MOST_NANOS = Duration.ofSeconds(5).toNanos();

    /** A board not asked for this long gives up its barrier and settled tail. */
    private static final Duration IDLE = Duration.ofMinutes(5);

    private final BoardCache boards;
    private final SnapshotHeadDao snapshots;
    private final SnapshotSums sums;
    private final EventFolds events;
    private final Clock clock;
    private final QuerySettings settings;
    private final QueryMetrics metrics;
    private final TailSettings tailSettings;
    private final StrongReadSettings strong;
    private final Map<String, LiveBoard> live = new ConcurrentHashMap<>();
    private final ExecutorService readers = DaemonThreads.named("board-reads");

    /** The writers' feeds, null when reads do not ask them ({@code query.tail.writer-feeds}). */
    private final WriterFeeds feeds;

    /**
     * Where newer heads are ranked apart from the reads ({@link #nextHead}), at the lowest
     * priority: the reads go on from the head held meanwhile.
     */
    private final ExecutorService heads = DaemonThreads.background("board-heads");

    /** Where a newer head's ranking catches up with the reads, at normal priority. */
    private final ExecutorService catchUps = DaemonThreads.named("board-catch-up");

    BoardReader(
            BoardCache boards,
            SnapshotHeadDao snapshots,
            SnapshotSums sums,
            EventFolds events,
            Clock clock,
            QuerySettings settings,
            TailSettings tail,
            StrongReadSettings strong,
            QueryMetrics metrics,
            ObjectMapper json) {
        this.boards = boards;
        this.snapshots = snapshots;
        this.sums = sums;
        this.events = events;
        this.clock = clock;
        this.settings = settings;
        this.metrics = metrics;
        this.tailSettings = tail;
        this.strong = strong;
        this.feeds =
                tail.writerFeeds() && tail.writerProgress()
                        ? new WriterFeeds(
                                json,
                                tail.feedTimeout(),
                                tail.feedToken(),
                                DaemonThreads.named("writer-feeds"))
                        : null;
    }

    RankedBoard read(String boardId) {
        return read(boardId, null);
    }

    /**
     * The board now ({@code asOf} null) or as it stood at {@code asOf}: the newest snapshot at or
     * before that moment, plus the events after its cutoff up to the moment. On a board with a
     * period only the period holding the moment counts: a snapshot of an earlier period is ignored,
     * and the tail starts at the period's start.
     */
    RankedBoard read(String boardId, Instant asOf) {
        BoardSettings board = boards.require(boardId);
        if (asOf == null) {
            return liveBoard(board)
                    .reads
                    .await(strong.timeout(), strong.firstReadTimeout(), strong.retryAfter());
        }
        Instant now = clock.instant();
        requireNotFuture(asOf, now);
        if (asOf.isBefore(board.horizon(now))) {
            return finalStandings(board, asOf, now);
        }
        Instant periodStart = board.periodStart(asOf);
        Snapshot snapshot = snapshot(board, asOf, periodStart);
        // A moment in the past is immutable: its tail is read exactly, once per query.
        EventFold tail = events.foldUntil(board, snapshot.cutoff(), asOf).join();
        metrics.tailRead(tail.events());
        return RankedBoard.merge(
                board.board(), snapshot, tail, board.hasPeriod() ? periodStart : null, asOf);
    }

    /**
     * The board now for a bounded-staleness view, with the moment every vote acknowledged before is
     * in it: the board's shared read if it answers within {@code timeout}; else (a write rate the
     * machine cannot read and serve at once, or a slow store) what the service already holds of the
     * period now: the board's last completed read, or its newest snapshot alone (every vote before
     * its cutoff) once that is {@code query.tail.newer-head-after} newer (a snapshot taken up ranks
     * the whole board again, so not at every pass of the worker). Neither waits for the tail. The
     * read waited for goes on, and a later call finds it done.
     *
     * @throws ReadNotReadyException when the read is not ready in time and the service holds
     *     nothing of the period now (no read of it completed, no snapshot of it yet)
     */
    Held readForView(String boardId, Duration timeout) {
        BoardSettings board = boards.require(boardId);
        LiveBoard live = liveBoard(board);
        Instant asked = clock.instant();
        try {
            return new Held(live.reads.await(timeout, strong.retryAfter()), asked);
        } catch (ReadNotReadyException notReady) {
            Instant periodStart = board.periodStart(clock.instant());
            Instant period = board.hasPeriod() ? periodStart : null;
            Held held = Held.newer(live.last, live.fromSnapshot, period);
            Optional<SnapshotHead> head = snapshots.latestHeadAsync(board.board()).join();
            if (startsAfter(head, periodStart)
                    && (held == null
                            || !head.get()
                                    .cutoff()
                                    .isBefore(held.readAt().plus(tailSettings.newerHeadAfter())))) {
                CompletableFuture<Held> loading = live.snapshotLoad;
                if (loading == null || loading.isDone()) {
                    // Loaded apart: a newer snapshot on a busy machine takes seconds to rank.
                    loading =
                            sums.newestOf(board, head.get())
                                    .thenApply(
                                            snapshot -> {
                                                Held alone = alone(board, snapshot, period);
                                                live.fromSnapshot = alone;
                                                return alone;
                                            });
                    live.snapshotLoad = loading;
                }
                if (held == null) {
                    held = loading.join();
                }
            }
            if (held == null) {
                throw notReady;
            }
            return held;
        }
    }

    /** A snapshot alone, as a view of the board: every vote before its cutoff. */
    private static Held alone(BoardSettings board, Snapshot snapshot, Instant period) {
        return new Held(
                RankedBoard.merge(
                        board.board(), snapshot, new EventFold(new Tallies(), 0, 0), period, null),
                snapshot.cutoff());
    }

    /**
     * A ranked board and the moment every vote acknowledged before is in it: the start of the read
     * that made it, or a snapshot's cutoff.
     */
    record Held(RankedBoard board, Instant readAt) {

        /** The newer of two (either may be null) of the period starting at {@code period}. */
        static Held newer(Held one, Held other, Instant period) {
            Held a = one != null && Objects.equals(one.board.periodStart(), period) ? one : null;
            Held b =
                    other != null && Objects.equals(other.board.periodStart(), period)
                            ? other
                            : null;
            if (a == null || b == null) {
                return a == null ? b : a;
            }
            return b.readAt.isAfter(a.readAt) ? b : a;
        }
    }

    private LiveBoard liveBoard(BoardSettings board) {
        Instant now = clock.instant();
        live.values().removeIf(idle -> idle.askedAt.plus(IDLE).isBefore(now) && idle.reads.idle());
        LiveBoard found = live.computeIfAbsent(board.board(), name -> new LiveBoard(board));
        found.askedAt = now;
        return found;
    }

    /**
     * One read of the board now. "Now" is taken when the read starts, after every query it will
     * answer arrived. The newest head is asked for while the tail is read from the cutoff of the
     * snapshot the last read used: heads change every few seconds at most, and when the head is
     * still that snapshot's, the tail read is the one this read needs (one round trip instead of
     * two in a row). It is asked for at most every {@code query.tail.head-check-interval}; the
     * reads in between take the answer of the last ask. A newer head is ranked with its tail on
     * another thread ({@link #nextHead}) while reads go on from the snapshot held (a tail from an
     * older cutoff is as correct; answers name the snapshot they used), and taken up by the first
     * read after that ranking is ready; such a head is started only once it is {@code
     * query.tail.newer-head-after} past the held one. At once when the tail is small ({@code
     * query.tail.rank-apart-from-users}) or there is no ranking to go on from (the first read, a
     * new period). The ranking of the tail's rows is carried from read to read ({@link
     * TailRanking}): each read adds the rows no earlier read counted. The rows of the last 100 ms
     * and the claims not settled yet are ranked on top of it for this answer only.
     */
    private RankedBoard readNow(BoardSettings board, LiveBoard live) {
        try {
            return readNowOrFail(board, live);
        } catch (RuntimeException e) {
            // The tail may have moved on without the ranking: rank it whole next time.
            if (live.storeRead != null) {
                live.storeRead.tail().abandon();
                live.storeRead = null;
            }
            live.ranking = null;
            live.next = null;
            live.head = null;
            throw e;
        }
    }

    private RankedBoard readNowOrFail(BoardSettings board, LiveBoard live) {
        long started = System.nanoTime();
        Instant now = clock.instant();
        Instant periodStart = board.periodStart(now);
        if (live.storeRead != null && live.storeRead.tail().isDone()) {
            takeInStoreRead(board, live);
        }
        if (live.storeRead == null) {
            takeNextHead(board, live);
            if (storeReadBesideDue(live, started, periodStart)) {
                live.storeRead = startStoreRead(board, live, started, now, periodStart);
            }
        }
        if (live.storeRead != null) {
            LiveTail.Read aside = fromFeedsAside(board, live, started, periodStart);
            if (aside != null) {
                return ranked(board, live, live.snapshot, aside, started, now, periodStart);
            }
            // The feeds cannot answer alone: this read waits for the store's.
            takeInStoreRead(board, live);
        }
        LiveTail.Read fed = fromFeeds(board, live, started, periodStart);
        Snapshot snapshot;
        LiveTail.Read tail;
        if (fed != null) {
            snapshot = live.snapshot;
            tail = fed;
            if (live.next != null) {
                live.next.since().addAll(tail.deltas());
            }
        } else {
            tail = fromStore(board, live, started, now, periodStart);
            snapshot = live.snapshot;
        }
        live.periodStart = periodStart;
        return ranked(board, live, snapshot, tail, started, now, periodStart);
    }

    /**
     * A read from the writers' feeds alone, when one can be made (null otherwise): every writer
     * registered by an ask that started at most {@link LiveTail#PROGRESS_ASK_WITHIN} before this
     * read (so after any writer that can have acknowledged a vote before the query arrived had
     * registered) is asked for its events since the last read, and every one answered. Each
     * writer's place in its feed was learnt before the last read of the store started, or from a
     * feed read since: so what the store read and the feeds gave together holds every event the
     * writers acknowledged before this read started. The store is read instead at least every
     * {@code query.tail.store-read-every}, and whenever a feed cannot answer (a writer without a
     * feed, one restarted, one that forgot the events asked for, or a failed ask).
     */
    private LiveTail.Read fromFeeds(
            BoardSettings board, LiveBoard live, long started, Instant periodStart) {
        if (feeds == null) {
            return null;
        }
        live.tail.askProgress();
        if (!feedsCanAnswer(live, periodStart)
                || started - live.storeReadAt >= tailSettings.storeReadEvery().toNanos()) {
            return null;
        }
        FeedPages pages = askFeeds(board, live, started);
        if (pages == null) {
            return null;
        }
        LiveTail.Read read = live.tail.fed(pages.events(), live.snapshot.cutoff());
        if (read == null) {
            return null;
        }
        pages.counted(live);
        metrics.feedRead();
        return read;
    }

    /** Whether the ranking held can be answered from with the feeds (else the store is read). */
    private static boolean feedsCanAnswer(LiveBoard live, Instant periodStart) {
        return live.ranking != null
                && live.snapshot != null
                && periodStart.equals(live.periodStart);
    }

    /**
     * Whether this read starts the periodic read of the store beside the feeds' reads ({@link
     * #fromFeedsAside}) instead of waiting for it: when it is due ({@code
     * query.tail.store-read-every}), the feeds could answer otherwise, and the last one started at
     * most {@link #BESIDE_WITHIN_READS} intervals ago (a board asked for again after a pause reads
     * the store first, as before).
     */
    private boolean storeReadBesideDue(LiveBoard live, long started, Instant periodStart) {
        long every = tailSettings.storeReadEvery().toNanos();
        long since = started - live.storeReadAt;
        return feeds != null
                && tailSettings.storeReadBeside()
                && every > 0
                && feedsCanAnswer(live, periodStart)
                && since >= every
                && since < every * BESIDE_WITHIN_READS;
    }

    /**
     * A read from the writers' feeds while a read of the store runs beside it: as {@link
     * #fromFeeds}, but what the feeds gave since that read started is ranked on top of the ranking
     * for this answer only ({@link LiveTail#aside}), and taken in with the store's rows ({@link
     * #takeInStoreRead}). Null when the feeds cannot answer alone.
     */
    private LiveTail.Read fromFeedsAside(
            BoardSettings board, LiveBoard live, long started, Instant periodStart) {
        live.tail.askProgress();
        if (!feedsCanAnswer(live, periodStart)) {
            return null;
        }
        FeedPages pages = askFeeds(board, live, started);
        if (pages == null) {
            return null;
        }
        List<StoredEvent> aside = new ArrayList<>(live.storeRead.aside());
        aside.addAll(pages.events());
        LiveTail.Read read = live.tail.aside(aside, live.snapshot.cutoff());
        if (read == null) {
            return null;
        }
        live.storeRead.aside().addAll(pages.events());
        pages.counted(live);
        metrics.feedRead();
        return read;
    }

    /**
     * The events of every registered writer's feed since its place, when each answered (null
     * otherwise): every writer registered by an ask that started at most {@link
     * LiveTail#PROGRESS_ASK_WITHIN} before this read (so after any writer that can have
     * acknowledged a vote before the query arrived had registered), each from a usable place.
     */
    private FeedPages askFeeds(BoardSettings board, LiveBoard live, long started) {
        List<WriterProgress> writers =
                live.tail.writersAskedSince(started - LiveTail.PROGRESS_ASK_WITHIN.toNanos());
        if (writers == null || writers.isEmpty()) {
            return null;
        }
        List<WriterFeeds.Ask> asks = new ArrayList<>(writers.size());
        for (WriterProgress writer : writers) {
            FeedPlace place = live.feedPlaces.get(writer.writer());
            if (writer.feed() == null || place == null || !place.usable(live.storeReadAt)) {
                return null;
            }
            asks.add(new WriterFeeds.Ask(writer, place.next()));
        }
        List<WriterFeeds.Answer> answers = feeds.askAll(asks, board.board());
        for (int i = 0; i < answers.size(); i++) {
            WriterFeeds.Answer answer = answers.get(i);
            if (!answer.usable()) {
                live.feedPlaces.remove(writers.get(i).writer());
                // A feed that forgot the events asked for (after a pause longer than it keeps
                // them) is healthy: its place is learnt again before the next read of the store.
                if (!answer.gone()) {
                    live.failed(writers.get(i).writer(), System.nanoTime());
                }
                return null;
            }
        }
        return new FeedPages(writers, answers);
    }

    /**
     * A writer's feed that failed {@code inRow} times in a row, the last at {@code at} (nanos): it
     * is asked again after {@link #FEED_RETRY_AFTER_NANOS}, doubled for each failure before the
     * last, at most {@link #FEED_RETRY_AFTER_AT_MOST_NANOS}.
     */
    record FeedFailure(long at, int inRow) {

        long retryAfterNanos() {
            int doublings = Math.min(inRow - 1, 20);
            return Math.min(FEED_RETRY_AFTER_NANOS << doublings, FEED_RETRY_AFTER_AT_MOST_NANOS);
        }

        boolean askAgain(long now) {
            return now - at >= retryAfterNanos();
        }
    }

    /** The feeds' answers to one read, and the writers asked. */
    private record FeedPages(List<WriterProgress> writers, List<WriterFeeds.Answer> answers) {

        List<StoredEvent> events() {
            return WriterFeeds.eventsOf(answers);
        }

        /** Once the read counts their events: each feed is asked from its next page on. */
        void counted(LiveBoard live) {
            for (int i = 0; i < answers.size(); i++) {
                live.feedPlaces.put(
                        writers.get(i).writer(), FeedPlace.counted(answers.get(i).page().next()));
            }
        }
    }

    /**
     * Where each registered writer's feed stands, for the writers whose place is not known, asked
     * before a read of the store starts: every event a feed numbered below that place was stored
     * before the read started, so later reads of the feeds go on from there.
     */
    private void learnFeedPlaces(BoardSettings board, LiveBoard live) {
        if (feeds == null) {
            return;
        }
        List<WriterProgress> writers = live.tail.writersLastAsked();
        if (writers == null) {
            return;
        }
        Set<UUID> registered = new HashSet<>();
        writers.forEach(w -> registered.add(w.writer()));
        live.feedPlaces.keySet().retainAll(registered);
        live.feedFailures.keySet().retainAll(registered);
        long now = System.nanoTime();
        List<WriterFeeds.Ask> asks = new ArrayList<>();
        for (WriterProgress writer : writers) {
            FeedFailure failure = live.feedFailures.get(writer.writer());
            if (writer.feed() != null
                    && !live.feedPlaces.containsKey(writer.writer())
                    && (failure == null || failure.askAgain(now))) {
                asks.add(new WriterFeeds.Ask(writer, -1));
            }
        }
        List<WriterFeeds.Answer> answers = feeds.askAll(asks, board.board());
        for (int i = 0; i < answers.size(); i++) {
            WriterFeeds.Answer answer = answers.get(i);
            UUID writer = asks.get(i).writer().writer();
            if (answer.usable()) {
                live.feedPlaces.put(
                        writer, FeedPlace.learnt(answer.page().next(), System.nanoTime()));
                live.feedFailures.remove(writer);
            } else {
                live.failed(writer, System.nanoTime());
            }
        }
    }

    /**
     * A writer's feed: the next event to ask for; whether every event before it is counted (by a
     * read of the feed), or else when that place was learnt (nanos): then the events before it are
     * counted once a read of the store that started later has completed.
     */
    private record FeedPlace(long next, boolean counted, long learntAt) {

        static FeedPlace counted(long next) {
            return new FeedPlace(next, true, 0);
        }

        static FeedPlace learnt(long next, long at) {
            return new FeedPlace(next, false, at);
        }

        boolean usable(long storeReadAt) {
            return counted || learntAt - storeReadAt < 0;
        }
    }

    /** A read of the store (the snapshot head as last asked for, the tail's new rows). */
    private LiveTail.Read fromStore(
            BoardSettings board, LiveBoard live, long started, Instant now, Instant periodStart) {
        return finishStoreRead(board, live, startStoreRead(board, live, started, now, periodStart));
    }

    /**
     * A read of the store begun: where the writers' feeds stand is learnt first, the newest head is
     * asked for and the tail's requests are sent from the held snapshot's cutoff (if its period is
     * still the one now).
     */
    private StoreRead startStoreRead(
            BoardSettings board, LiveBoard live, long started, Instant now, Instant periodStart) {
        learnFeedPlaces(board, live);
        long at = System.nanoTime();
        Instant until = now.plus(settings.futureTolerance());
        CompletableFuture<Optional<SnapshotHead>> head = live.newestHead(board, started);
        Snapshot last = live.snapshot;
        boolean held = last != null && periodStart.equals(live.periodStart);
        LiveTail.Reading tail = held ? live.tail.start(last.cutoff(), now, until) : null;
        return new StoreRead(at, now, until, periodStart, last, head, tail, new ArrayList<>());
    }

    /** A read of the store completed (waited for): the snapshot it names and its tail. */
    private LiveTail.Read finishStoreRead(BoardSettings board, LiveBoard live, StoreRead read) {
        live.storeReadAt = read.at();
        Snapshot last = read.last();
        boolean held = read.tail() != null;
        LiveTail.Read tail = held ? read.tail().complete() : null;
        Optional<SnapshotHead> newest = read.head().join();
        Snapshot snapshot;
        if (held
                && !tail.rebuilt()
                && startsAfter(newest, last.cutoff())
                && (live.next != null || rankedApart(live.ranking))) {
            // A newer head: ranked in the background while this ranking goes on answering.
            snapshot = last;
            if (live.next == null) {
                if (dueToTakeUp(newest.get(), last)) {
                    live.next = nextHead(board, newest.get(), live.tail.stableAsOfNow());
                }
            } else {
                live.next.since().addAll(tail.deltas());
            }
        } else {
            live.next = null;
            snapshot = snapshotOf(board, newest, read.periodStart());
            if (held && snapshot.cutoff().equals(last.cutoff())) {
                snapshot = last;
            }
            if (tail == null || !snapshot.cutoff().equals(last.cutoff())) {
                tail = live.tail.read(snapshot.cutoff(), read.now(), read.until());
            }
        }
        live.snapshot = snapshot;
        return tail;
    }

    /**
     * Takes in the read of the store that ran beside the feeds' reads (waiting for it if it is not
     * done): its rows into the ranking, as any read of the store's, then what the feeds gave
     * meanwhile, each event counted only if the store's rows did not hold it. When the tail cannot
     * take them from the feeds (the read found a claim not decided yet), the next read reads the
     * store, which finds them all.
     */
    private void takeInStoreRead(BoardSettings board, LiveBoard live) {
        StoreRead read = live.storeRead;
        live.storeRead = null;
        long taking = System.nanoTime();
        LiveTail.Read tail = finishStoreRead(board, live, read);
        live.periodStart = read.periodStart();
        takeIn(live, live.snapshot, tail, System.nanoTime());
        metrics.tailRead(tail, taking, System.nanoTime(), System.nanoTime());
        metrics.storeReadBeside();
        if (read.aside().isEmpty()) {
            return;
        }
        LiveTail.Read fed = live.tail.fed(read.aside(), live.snapshot.cutoff());
        if (fed != null) {
            if (live.next != null) {
                live.next.since().addAll(fed.deltas());
            }
            takeIn(live, live.snapshot, fed, System.nanoTime());
        }
    }

    /**
     * A read of the store begun ({@link #startStoreRead}): when (nanos) and at what "now" it
     * started, the snapshot it started from, its requests, and the events the feeds gave since, not
     * taken into the tail yet (null tail: the period changed, the store is read whole).
     */
    private record StoreRead(
            long at,
            Instant now,
            Instant until,
            Instant periodStart,
            Snapshot last,
            CompletableFuture<Optional<SnapshotHead>> head,
            LiveTail.Reading tail,
            List<StoredEvent> aside) {}

    /** The read's tail taken into the board's ranking, and the answer's standings. */
    private RankedBoard ranked(
            BoardSettings board,
            LiveBoard live,
            Snapshot snapshot,
            LiveTail.Read tail,
            long started,
            Instant now,
            Instant periodStart) {
        long nanos = System.nanoTime();
        takeIn(live, snapshot, tail, nanos);
        // The read's unsettled claims are its own: the pending rows are added to them.
        Tallies onTop = tail.unsettled();
        onTop.addAll(live.pending);
        MergedStandings standings = live.ranking.standingsWith(onTop);
        metrics.tailRead(tail, started, nanos, System.nanoTime());
        RankedBoard read =
                new RankedBoard(
                        board.board(),
                        snapshot.cutoff(),
                        tail.events(),
                        standings,
                        board.hasPeriod() ? periodStart : null,
                        null,
                        live.pages);
        live.last = new Held(read, now);
        return read;
    }

    /**
     * What a read added to the stable part, taken into the board's ranking: ranked on top of it
     * until a tenth of a second has passed or {@link #MAX_PENDING} users wait, then taken in; a
     * rebuilt tail or another snapshot ranks it again.
     */
    private static void takeIn(LiveBoard live, Snapshot snapshot, LiveTail.Read tail, long nanos) {
        TailRanking ranking = live.ranking;
        if (ranking == null || ranking.base() != snapshot.ranked() || tail.rebuilt()) {
            ranking = TailRanking.of(snapshot.ranked(), tail.stable());
            live.pending = new Tallies();
            live.foldedAt = nanos;
        } else {
            live.pending.addAll(tail.delta());
            if (nanos - live.foldedAt >= FOLD_EVERY_NANOS || live.pending.users() >= MAX_PENDING) {
                ranking = ranking.plus(live.pending);
                live.pending = new Tallies();
                live.foldedAt = nanos;
            }
        }
        live.ranking = ranking;
    }

    /**
     * Starts ranking a newer head's snapshot with the tail from its cutoff on, as the tail stands
     * now, on another thread: re-ranking a tail of hundreds of thousands of users takes a few
     * hundred milliseconds, which every query waiting for a read would wait for too. Meanwhile
     * reads go on from the snapshot held (as correct: its tail holds the events in between) and
     * keep what they add to the stable part ({@link NextHead#since}), for the new ranking to catch
     * up.
     */
    private NextHead nextHead(
            BoardSettings board, SnapshotHead head, Function<Instant, TailRows> stableFrom) {
        Queue<LiveTail.BucketDelta> since = new ConcurrentLinkedQueue<>();
        long started = System.nanoTime();
        CompletableFuture<NextHead.Ranked> ranked =
                sums.newestOf(board, head, heads)
                        .thenApplyAsync(
                                snapshot -> {
                                    long loaded = System.nanoTime();
                                    TailRanking ranking =
                                            TailRanking.of(
                                                    snapshot.ranked(),
                                                    stableFrom.apply(snapshot.cutoff()));
                                    return new NextHead.Ranked(
                                            snapshot, ranking, new HeadTakeUp(started, loaded, 0));
                                },
                                heads)
                        // Caught up at normal priority: what the reads add meanwhile is left to
                        // the read that takes the head up, and rounds that lag behind them leave
                        // it more.
                        .thenApplyAsync(
                                tail ->
                                        new NextHead.Ranked(
                                                tail.snapshot(),
                                                caughtUp(
                                                        tail.ranking(),
                                                        since,
                                                        tail.snapshot().cutoff()),
                                                new HeadTakeUp(
                                                        started,
                                                        tail.took().snapshotReady(),
                                                        System.nanoTime())),
                                catchUps);
        return new NextHead(ranked, since);
    }

    /**
     * A newer head's ranking with what the reads added to the stable part while it was ranked,
     * taken in here, on the thread that ranked it, until what is left is a few users: the read that
     * takes the head up then adds only those. Ranking a newer head takes a second or more, and at
     * 5,000 votes/s the reads add thousands of users meanwhile; taken in by that read, they held it
     * (and every query waiting for it) for tens of milliseconds once a minute. Each round takes
     * what the reads had added when it began, and the read that takes the head up takes the rest.
     */
    static TailRanking caughtUp(
            TailRanking ranking, Queue<LiveTail.BucketDelta> since, Instant cutoff) {
        for (int round = 0; round < CATCH_UP_ROUNDS; round++) {
            Tallies added = LiveTail.BucketDelta.sumFrom(drained(since), cutoff);
            ranking = ranking.plus(added);
            if (added.users() < CAUGHT_UP_USERS) {
                break;
            }
        }
        return ranking;
    }

    /** What the reads have added so far, taken out of {@code since}. */
    private static List<LiveTail.BucketDelta> drained(Queue<LiveTail.BucketDelta> since) {
        List<LiveTail.BucketDelta> taken = new ArrayList<>();
        for (LiveTail.BucketDelta delta; (delta = since.poll()) != null; ) {
            taken.add(delta);
        }
        return taken;
    }

    /**
     * Whether a newer head of a board ranked apart is far enough past the held one to be taken up
     * ({@code query.tail.newer-head-after}): a worker passing every second or two would otherwise
     * make every query service build a new snapshot ranking and rank the whole tail again as often,
     * for the same answers.
     */
    private boolean dueToTakeUp(SnapshotHead newest, Snapshot held) {
        return !newest.cutoff().isBefore(held.cutoff().plus(tailSettings.newerHeadAfter()));
    }

    /** A newer head is ranked apart from the reads when the tail is large (TailSettings). */
    private boolean rankedApart(TailRanking ranking) {
        return ranking != null && ranking.tailUsers() >= tailSettings.rankApartFromUsers();
    }

    /**
     * Takes up the newer head once its ranking is ready (before this read, so that the read starts
     * from its cutoff): the ranking catches up with what the reads since added in buckets from the
     * new cutoff on, and the tail forgets the buckets before it. A failed load is dropped; the next
     * read starts it again.
     */
    private void takeNextHead(BoardSettings board, LiveBoard live) {
        NextHead next = live.next;
        if (next == null || !next.ranked().isDone()) {
            return;
        }
        live.next = null;
        if (next.ranked().isCompletedExceptionally() || live.snapshot == null) {
            return;
        }
        NextHead.Ranked ranked = next.ranked().join();
        Instant cutoff = ranked.snapshot().cutoff();
        if (!cutoff.isAfter(live.snapshot.cutoff())) {
            return;
        }
        live.tail.dropBefore(cutoff);
        live.snapshot = ranked.snapshot();
        live.ranking =
                ranked.ranking().plus(LiveTail.BucketDelta.sumFrom(drained(next.since()), cutoff));
        live.pending = new Tallies();
        live.foldedAt = System.nanoTime();
        HeadTakeUp took = ranked.took();
        metrics.headRankedApart(took, live.foldedAt);
        if (log.isDebugEnabled()) {
            log.debug(
                    "board {}: newer head {} taken up {} ms after it was started: its snapshot in"
                            + " {} ms, the tail of {} users ranked on it in {} ms, then {} ms until"
                            + " a read took it up",
                    board.board(),
                    cutoff,
                    (live.foldedAt - took.started()) / 1_000_000,
                    (took.snapshotReady() - took.started()) / 1_000_000,
                    live.ranking.tailUsers(),
                    (took.ranked() - took.snapshotReady()) / 1_000_000,
                    (live.foldedAt - took.ranked()) / 1_000_000);
        }
    }

    /**
     * A newer head being ranked in the background, and what the reads since its tail was taken
     * added to the stable part, by bucket, that its ranking has not taken in yet (the reads add,
     * the ranking thread and then the read taking it up take out).
     */
    private record NextHead(CompletableFuture<Ranked> ranked, Queue<LiveTail.BucketDelta> since) {

        record Ranked(Snapshot snapshot, TailRanking ranking, HeadTakeUp took) {}
    }

    /**
     * When a newer head's ranking was started, when its snapshot was ready (loaded and ranked), and
     * when the tail was ranked on it and caught up (nanos); a read takes it up after that.
     */
    record HeadTakeUp(long started, long snapshotReady, long ranked) {}

    @Override
    public void destroy() {
        if (feeds != null) {
            feeds.close();
        }
        readers.shutdownNow();
        heads.shutdownNow();
        catchUps.shutdownNow();
    }

    /**
     * A board being asked for now: its shared reads, what they keep of its tail and the tail's
     * ranking (both touched only by the one read running at a time).
     */
    private final class LiveBoard {
        final ReadBarrier<RankedBoard> reads;
        final LiveTail tail;
        TailRanking ranking;
        Snapshot snapshot;
        Instant periodStart;

        /** A newer head being ranked in the background, if any. */
        NextHead next;

        /** The pages answered from its reads, for the next reads' answers. */
        final PageMemo pages = new PageMemo();

        /** Stable rows read since the ranking last took them in, and when it did. */
        Tallies pending = new Tallies();

        long foldedAt;

        /** When the last read of the store started (nanos), and where each writer's feed stands. */
        long storeReadAt;

        /** A read of the store running beside the feeds' reads, if any. */
        StoreRead storeRead;

        final Map<UUID, FeedPlace> feedPlaces = new HashMap<>();

        /**
         * Writers whose feed last failed to answer: not asked again for a while (see {@link
         * FeedFailure}), so that a feed this service cannot reach does not hold every read of the
         * store for its timeout. A usable answer forgets the failures.
         */
        final Map<UUID, FeedFailure> feedFailures = new HashMap<>();

        void failed(UUID writer, long now) {
            feedFailures.merge(
                    writer,
                    new FeedFailure(now, 1),
                    (was, again) -> new FeedFailure(now, was.inRow() + 1));
        }

        volatile Instant askedAt;

        /** The last read completed, for a bounded-staleness view while a read is late. */
        volatile Held last;

        /** The last snapshot taken up alone for such a view, if any, and its load. */
        volatile Held fromSnapshot;

        volatile CompletableFuture<Held> snapshotLoad;

        /** The newest head as last asked for ({@code query.tail.head-check-interval}), and when. */
        CompletableFuture<Optional<SnapshotHead>> head;

        long headAskedAt;

        LiveBoard(BoardSettings board) {
            this.tail =
                    new LiveTail(
                            board,
                            events,
                            tailSettings.settledMargin(),
                            tailSettings.heldLag(),
                            tailSettings.lateMarkLag(),
                            tailSettings.countHeldRows(),
                            tailSettings.lateMarksByBucket(),
                            tailSettings.writerProgress(),
                            tailSettings.progressAskEvery());
            this.reads = new ReadBarrier<>(() -> readNow(board, this), readers);
            this.askedAt = clock.instant();
        }

        /**
         * The newest head, asked for again once {@code query.tail.head-check-interval} has passed
         * since it last was (or its answer failed): in between, reads go on from the head they
         * hold, as correct, and one request fewer each.
         */
        CompletableFuture<Optional<SnapshotHead>> newestHead(BoardSettings board, long nanos) {
            if (head == null
                    || head.isCompletedExceptionally()
                    || nanos - headAskedAt >= tailSettings.headCheckInterval().toNanos()) {
                head = snapshots.latestHeadAsync(board.board());
                headAskedAt = nanos;
            }
            return head;
        }
    }

    private Snapshot snapshot(BoardSettings board, Instant asOf, Instant periodStart) {
        Optional<SnapshotHead> head = snapshots.headAtOrBefore(board.board(), asOf);
        if (startsAfter(head, periodStart)) {
            return sums.of(board, head.get()).join();
        }
        return Snapshot.empty(periodStart, board.score());
    }

    /** The newest snapshot, given the newest head; cached ({@link SnapshotSums#newestOf}). */
    private Snapshot snapshotOf(
            BoardSettings board, Optional<SnapshotHead> head, Instant periodStart) {
        if (startsAfter(head, periodStart)) {
            return sums.newestOf(board, head.get()).join();
        }
        return Snapshot.empty(periodStart, board.score());
    }

    /** A head at exactly the period's start holds the previous period (its layers end there). */
    private static boolean startsAfter(Optional<SnapshotHead> head, Instant periodStart) {
        return head.isPresent() && head.get().cutoff().isAfter(periodStart);
    }

    /**
     * Beyond the horizon only the final standings of closed periods are kept, as the head at each
     * period boundary: {@code asOf} at a period's last millisecond reads that head alone (it holds
     * every event of the period, so no tail is needed). Anything else there is refused.
     */
    private RankedBoard finalStandings(BoardSettings board, Instant asOf, Instant now) {
        Instant periodEnd = board.nextPeriodStart(asOf);
        if (board.hasPeriod() && asOf.plusMillis(1).equals(periodEnd)) {
            Optional<SnapshotHead> head = snapshots.headAtOrBefore(board.board(), periodEnd);
            if (head.isPresent() && head.get().cutoff().equals(periodEnd)) {
                Instant periodStart = board.periodStart(asOf);
                return RankedBoard.merge(
                        board.board(),
                        sums.of(board, head.get()).join(),
                        new EventFold(new Tallies(), 0, 0),
                        periodStart,
                        asOf);
            }
        }
        throw beyondHorizon(board, asOf, now);
    }

    private static InvalidInputException beyondHorizon(
            BoardSettings board, Instant asOf, Instant now) {
        String periods =
                board.hasPeriod()
                        ? "; the final standings of each closed period are kept: ask for the"
                                + " period's last millisecond (for the period of "
                                + asOf
                                + ": asOf="
                                + board.nextPeriodStart(asOf).minusMillis(1)
                                + ")"
                        : "";
        return new InvalidInputException(
                "asOf",
                "is "
                        + asOf
                        + ", before the board's time-travel horizon "
                        + board.horizon(now)
                        + " (retentionDays "
                        + board.retentionDays()
                        + ": older history is removed)"
                        + periods);
    }

    private static void requireNotFuture(Instant asOf, Instant now) {
        if (asOf != null && asOf.isAfter(now)) {
            throw new InvalidInputException(
                    "asOf",
                    "is "
                            + asOf
                            + ", in the future (now is "
                            + now
                            + "); leave asOf out for the current leaderboard");
        }
    }
}
