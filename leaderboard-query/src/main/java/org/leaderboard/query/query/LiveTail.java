package org.leaderboard.query.query;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.AsyncLanes;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.LateMark;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.model.cassandra.WriterProgress;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.time.Hashing;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.query.rank.TailRows;

/**
 * The tail of one board (every event from the snapshot's cutoff on), read incrementally, partition
 * by partition. Each partition keeps the fold of the rows it has read, in time slices:
 *
 * <ul>
 *   <li>a slice that ends more than the write window plus {@code settledMargin} ago is
 *       <em>settled</em>: no row can be added to it any more (the writer acknowledges no vote
 *       outside its window), so it is never read or checked again;
 *   <li>the other slices are <em>held</em>: a late vote (a client's own id, stored late but inside
 *       its window) can still land in them with an older id than rows already read. The writer
 *       marks such an event before acknowledging it ({@code late_marks_by_time}, by the minute it
 *       wrote the mark, naming the event's bucket and shard); each read asks for the marks written
 *       since about the last read (one query, whatever the number of buckets that hold a range),
 *       and reads the events of marks it has not seen by key: a late event that lands in a held
 *       slice is added to it by its id, like any new row, and the tail's ranking is not built
 *       again. ({@code marksByBucket} asks {@code late_marks} per bucket instead, and {@code
 *       countHeldRows} counts every partition's held range at every read and reads it again when
 *       the count differs, both for writers of earlier versions during an upgrade);
 *   <li>rows from the newest held moment on are read at every read: only those are sent. The held
 *       range ends {@code heldLag} before the read's "now", so that votes still being stored while
 *       it runs land in the part that is read again, not in a held range. Each of those rows is
 *       counted by the first read that sees it: the partition keeps their ids ({@link Ahead}), so
 *       the next read adds only rows it has not counted, whether they are still ahead of its held
 *       range or inside it by then.
 * </ul>
 *
 * <p>A read is one count and one slice per open partition, whatever the write rate; what grows with
 * it is only the rows new since the last read, and what it adds to the sum ({@link Read#delta}) is
 * only rows no read counted before. Events that count only if they won a claim (unique votes,
 * retractions) are kept unfolded while held, and looked up again at every read until they settle,
 * since a claim can still change until then: they are not in the sum until they settle, and each
 * read gives them as they stand ({@link Read#unsettled}).
 *
 * <p>Not thread-safe: one read at a time per board ({@link ReadBarrier} sees to it). The state
 * changes only when a read succeeds, so a failed read leaves it as it was. A read of the store may
 * run beside the reads that follow ({@link #start}): those read the writers' feeds and leave the
 * state as it was ({@link #aside}) until a read takes the store's rows in.
 */
final class LiveTail {

    /**
     * Partitions refreshed at once. A tail that no snapshot has cut short yet can span thousands of
     * partitions (buckets x shards); read all at once, they took every request slot of the driver's
     * connection, and other boards' queries found no connection free.
     */
    private static final int READ_LANES = 64;

    /** Marked events looked up in a slice's ids one scan each; more make a set of the ids. */
    private static final int LINEAR_LOOKUPS = 32;

    /**
     * An ask for the writers' progress that took longer than this is not used: writers wait at
     * least twice this after registering before they read the others' marks.
     */
    static final Duration PROGRESS_ASK_WITHIN = Duration.ofMillis(250);

    /**
     * The default of how often reads ask for the writers' progress ({@code
     * query.tail.progress-ask-every}).
     */
    static final Duration PROGRESS_ASK_EVERY = Duration.ofMillis(20);

    /** Slices shorter than this are extended by the next read instead of starting another. */
    private static final Duration SLICE = Duration.ofSeconds(1);

    private final BoardSettings board;
    private final EventFolds events;
    private final Duration settledMargin;
    private final Duration heldLag;
    private final Duration lateMarkLag;
    private final boolean countHeldRows;
    private final boolean marksByBucket;
    private final boolean followProgress;
    private final long progressAskEveryNanos;
    private final Map<Partition, PartitionState> partitions = new HashMap<>();
    private final Map<Instant, BucketMarks> bucketMarks = new HashMap<>();

    /** What this tail has seen of the board's late marks by time (null: no read yet). */
    private TimeMarks timeMarks;

    /**
     * The stable part's sum, summed from the partitions when asked for and kept until the next read
     * changes them (null: not summed). It is asked for only when the tail is ranked whole (the
     * first read, a rebuild): keeping it up to date at every read merged each read's new rows into
     * a map of every tail user, which, long-lived, made each young collection scan the entries
     * those merges touched (at 5,000 votes/s, the largest part of its pauses).
     */
    private Tallies stable;

    /**
     * The latest ask for the writers' progress (null: none yet), when it started, and the lowest
     * mark of the latest ask that completed in time: reads hold the rows up to it (see {@link
     * #heldBefore}). No read waits for an ask; a mark stays true once read, so an older one only
     * holds fewer rows.
     */
    private CompletableFuture<SeenProgress> progress;

    private long progressAskedAt;
    private SeenProgress seenProgress;

    /**
     * The writers the latest ask that completed in time found, and when it started (null: none):
     * reads from the writers' feeds ask each of them ({@link #writersAskedSince}).
     */
    private volatile SeenWriters seenWriters;

    /**
     * Whether the last read found no event whose counting a claim decides, held or ahead: reads
     * from the writers' feeds add only events that count as they are ({@link #fed}).
     */
    private boolean noClaims;

    /** The rows held, as the last read counted them, for the answers' {@code tailEvents}. */
    private long rowsHeld;

    LiveTail(
            BoardSettings board,
            EventFolds events,
            Duration settledMargin,
            Duration heldLag,
            Duration lateMarkLag,
            boolean countHeldRows) {
        this(
                board,
                events,
                settledMargin,
                heldLag,
                lateMarkLag,
                countHeldRows,
                false,
                false,
                PROGRESS_ASK_EVERY);
    }

    /**
     * @param followProgress hold the rows up to the writers' lowest progress mark ({@code
     *     writer_progress}) when every writer has one, instead of only up to {@code heldLag} before
     *     "now"
     * @param progressAskEvery reads ask for the writers' progress at most this often: each ask is
     *     one more request to the replicas, and the held range ends at the mark of the latest ask
     *     that completed, so a longer interval sends each read more rows again
     * @param marksByBucket read the late marks from {@code late_marks}, one request per bucket that
     *     holds a range, instead of from {@code late_marks_by_time}: only while writers of a
     *     version that writes only {@code late_marks} still run (an upgrade)
     */
    LiveTail(
            BoardSettings board,
            EventFolds events,
            Duration settledMargin,
            Duration heldLag,
            Duration lateMarkLag,
            boolean countHeldRows,
            boolean marksByBucket,
            boolean followProgress,
            Duration progressAskEvery) {
        this.board = board;
        this.followProgress = followProgress;
        this.progressAskEveryNanos = progressAskEvery.toNanos();
        this.lateMarkLag = lateMarkLag;
        this.countHeldRows = countHeldRows;
        this.marksByBucket = marksByBucket;
        this.events = events;
        this.settledMargin = settledMargin;
        this.heldLag = heldLag;
    }

    /**
     * Every counted event with time in [cutoff, until). {@code now} must be taken before the read
     * starts: a vote acknowledged before it is in what this read returns.
     */
    Read read(Instant cutoff, Instant now, Instant until) {
        return start(cutoff, now, until).complete();
    }

    /**
     * {@link #read} begun: its requests run while this tail goes on answering from the writers'
     * feeds {@link #aside} it, which changes nothing the read started from; {@link
     * Reading#complete} takes it in, on the thread that reads this tail, once it is done (or waits
     * for it). Until then neither another read nor {@link #fed} may change this tail.
     */
    Reading start(Instant cutoff, Instant now, Instant until) {
        if (reading != null) {
            throw new IllegalStateException("a read of the store is running already");
        }
        boolean rebuilt = partitions.keySet().removeIf(p -> p.bucket().isBefore(cutoff));
        bucketMarks.keySet().removeIf(bucket -> bucket.isBefore(cutoff));
        // Whole milliseconds, the resolution of vote times and of the slices' bounds.
        Instant settledBefore =
                now.minus(board.writeWindow()).minus(settledMargin).truncatedTo(ChronoUnit.MILLIS);
        Instant readBefore = heldBefore(now);
        askProgress();
        Instant marksFrom = now.minus(lateMarkLag).truncatedTo(ChronoUnit.MILLIS);
        List<Instant> buckets = board.buckets().startsBetween(cutoff, until);
        // The marks are asked for while the new rows are read, and only for buckets with a
        // partition that will still hold a range after this read settles what passed. A bucket
        // not read yet (the next one, for votes stamped ahead) or settled whole has no range a
        // late event could land behind: the rows this read reads of it are read whole.
        List<Instant> markedBuckets = new ArrayList<>();
        int[] markedAt = new int[buckets.size()];
        for (int b = 0; b < buckets.size(); b++) {
            markedAt[b] = -1;
            if (!countHeldRows && holdsRange(buckets.get(b), settledBefore)) {
                markedAt[b] = markedBuckets.size();
                markedBuckets.add(buckets.get(b));
            }
        }
        // By default every mark written since about the last ask, in one request (two when a
        // minute ends in between), whichever buckets they name; with marksByBucket (an upgrade),
        // one request per marked bucket, each from shortly before its marks were last asked (a
        // bucket skipped keeps that moment, so the first read that asks it again gets every mark
        // stored since).
        TimeMarks seenByTime = timeMarks != null ? timeMarks : TimeMarks.from(marksFrom);
        CompletableFuture<List<LateMark>> byTime =
                marksByBucket || markedBuckets.isEmpty()
                        ? CompletableFuture.completedFuture(List.of())
                        : events.lateMarksBetween(board, seenByTime.from(), now.plus(lateMarkLag));
        CompletableFuture<List<List<LateMark>>> marks =
                !marksByBucket || markedBuckets.isEmpty()
                        ? CompletableFuture.completedFuture(List.of())
                        : AsyncLanes.map(
                                markedBuckets,
                                READ_LANES,
                                bucket ->
                                        events.lateMarksSince(
                                                board, bucket, marksOf(bucket).from()));
        List<Partition> open = new ArrayList<>();
        Map<Partition, CompletableFuture<List<UUID>>> marked = new HashMap<>();
        for (int b = 0; b < buckets.size(); b++) {
            int index = markedAt[b];
            Instant bucket = buckets.get(b);
            BucketMarks seen = marksOf(bucket);
            for (int shard = 0; shard < board.shards(); shard++) {
                int inBucket = shard;
                Partition partition = new Partition(bucket, shard);
                open.add(partition);
                marked.put(
                        partition,
                        index < 0
                                ? CompletableFuture.completedFuture(List.of())
                                : marksByBucket
                                        ? marks.thenApply(
                                                all -> seen.newEvents(all.get(index), inBucket))
                                        : byTime.thenApply(
                                                all ->
                                                        seenByTime.newEvents(
                                                                all, bucket, inBucket)));
            }
        }
        // Taken here: the lanes start partitions' reads on the driver's threads.
        Map<Partition, PartitionState> states = new HashMap<>();
        open.forEach(partition -> states.put(partition, stateOf(partition)));
        CompletableFuture<List<PartitionRead>> reads =
                AsyncLanes.map(
                        open,
                        READ_LANES,
                        partition ->
                                refresh(
                                        partition,
                                        states.get(partition),
                                        marked.get(partition),
                                        settledBefore,
                                        readBefore));
        reading =
                new Reading(
                        rebuilt,
                        buckets,
                        markedAt,
                        markedBuckets,
                        marks,
                        byTime,
                        seenByTime,
                        marksFrom,
                        reads);
        return reading;
    }

    /** The read of the store begun and not taken in yet, if any. */
    private Reading reading;

    /** A read of the store begun by {@link #start}: its requests, and what takes them in. */
    final class Reading {

        private final boolean rebuilt;
        private final List<Instant> buckets;
        private final int[] markedAt;
        private final List<Instant> markedBuckets;
        private final CompletableFuture<List<List<LateMark>>> marks;
        private final CompletableFuture<List<LateMark>> byTime;
        private final TimeMarks seenByTime;
        private final Instant marksFrom;
        private final CompletableFuture<List<PartitionRead>> reads;

        private Reading(
                boolean rebuilt,
                List<Instant> buckets,
                int[] markedAt,
                List<Instant> markedBuckets,
                CompletableFuture<List<List<LateMark>>> marks,
                CompletableFuture<List<LateMark>> byTime,
                TimeMarks seenByTime,
                Instant marksFrom,
                CompletableFuture<List<PartitionRead>> reads) {
            this.rebuilt = rebuilt;
            this.buckets = buckets;
            this.markedAt = markedAt;
            this.markedBuckets = markedBuckets;
            this.marks = marks;
            this.byTime = byTime;
            this.seenByTime = seenByTime;
            this.marksFrom = marksFrom;
            this.reads = reads;
        }

        /** Whether its requests have all been answered (or one failed). */
        boolean isDone() {
            return reads.isDone() && marks.isDone() && byTime.isDone();
        }

        /**
         * Gives it up: its requests run on into nothing, and the tail is as it was before it
         * started (after a failure elsewhere, so that the next read starts afresh).
         */
        void abandon() {
            if (reading == this) {
                reading = null;
            }
        }

        /**
         * Waits for its requests and takes their rows in. A read that failed leaves the tail as it
         * was before it started (the failure is thrown), and another may start.
         */
        Read complete() {
            if (reading != this) {
                throw new IllegalStateException("this read was taken in already");
            }
            try {
                return takeIn(this, reads.join());
            } finally {
                reading = null;
            }
        }
    }

    private Read takeIn(Reading read, List<PartitionRead> reads) {
        List<Instant> buckets = read.buckets;
        int[] markedAt = read.markedAt;
        List<Instant> markedBuckets = read.markedBuckets;
        Instant marksFrom = read.marksFrom;
        CompletableFuture<List<List<LateMark>>> marks = read.marks;
        CompletableFuture<List<LateMark>> byTime = read.byTime;
        TimeMarks seenByTime = read.seenByTime;
        boolean rebuilt = read.rebuilt;
        if (marksByBucket) {
            Map<Instant, BucketMarks> asked = new HashMap<>();
            for (int b = 0; b < buckets.size(); b++) {
                Instant bucket = buckets.get(b);
                if (markedAt[b] >= 0) {
                    asked.put(bucket, BucketMarks.after(marks.join().get(markedAt[b]), marksFrom));
                } else if (!bucketMarks.containsKey(bucket)) {
                    asked.put(bucket, BucketMarks.from(marksFrom));
                }
            }
            bucketMarks.putAll(asked);
        } else {
            // Not asked: no bucket held a range, so every mark stored before "now" names an
            // event this read read whole, and the next ask may start from here too.
            timeMarks =
                    markedBuckets.isEmpty()
                            ? TimeMarks.from(marksFrom)
                            : TimeMarks.after(byTime.join(), Set.copyOf(markedBuckets), marksFrom);
        }
        return commit(reads, rebuilt);
    }

    /**
     * Asks for the writers' progress unless an ask runs or one started less than {@code
     * progressAskEvery} ago. No read waits for it: each uses the latest that completed.
     */
    void askProgress() {
        long asking = System.nanoTime();
        if (followProgress
                && (progress == null
                        || progress.isDone()
                                && asking - progressAskedAt >= progressAskEveryNanos)) {
            progressAskedAt = asking;
            progress =
                    events.writerProgress()
                            .handle(
                                    (writers, failure) -> {
                                        if (writers != null && inTime(asking)) {
                                            seenWriters = new SeenWriters(writers, asking);
                                        }
                                        return SeenProgress.of(writers, asking);
                                    });
        }
    }

    private static boolean inTime(long askedAt) {
        return System.nanoTime() - askedAt <= PROGRESS_ASK_WITHIN.toNanos();
    }

    /**
     * The writers registered when an ask that started at or after {@code since} ({@link
     * System#nanoTime}) read them, if one did and took at most {@link #PROGRESS_ASK_WITHIN}; null
     * otherwise. A writer with the feed on answers no vote before it has registered, which takes it
     * at least twice that after its row is stored ({@code writer.progress.register-wait}): so an
     * ask that started at most {@link #PROGRESS_ASK_WITHIN} before a query arrived found every
     * writer that can have acknowledged a vote before it (see {@link #fed}).
     *
     * <p>When none has, but an ask that started late enough is still running, it is waited for (at
     * most until it could no longer count): the first read after a pause asks again and would
     * otherwise read the store instead, and, while a read of the store runs beside the feeds'
     * reads, wait for that and then read the store again.
     */
    List<WriterProgress> writersAskedSince(long since) {
        SeenWriters seen = seenWriters;
        CompletableFuture<SeenProgress> asking = progress;
        if ((seen == null || seen.askedAt() - since < 0)
                && asking != null
                && !asking.isDone()
                && progressAskedAt - since >= 0) {
            long left = PROGRESS_ASK_WITHIN.toNanos() - (System.nanoTime() - progressAskedAt);
            try {
                asking.get(Math.max(left, 0), TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException e) {
                // Not in time, or failed: no writers known, as before.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            seen = seenWriters;
        }
        return seen == null || seen.askedAt() - since < 0 ? null : seen.writers();
    }

    /** The writers the latest ask that completed in time found, however old (null: none). */
    List<WriterProgress> writersLastAsked() {
        SeenWriters seen = seenWriters;
        return seen == null ? null : seen.writers();
    }

    /** Writers an ask found, and when (nanos) it started. */
    private record SeenWriters(List<WriterProgress> writers, long askedAt) {}

    /**
     * Every event the writers fed since the last read, added as a read of the store adds what it
     * finds (each row counted once, by its id: a row a read of the store counted already, or one
     * fed twice, is not added again), without reading the store: a read of the writers' feeds that
     * all asked after a query arrived holds every vote acknowledged before it, since a writer adds
     * an event to its feed before it answers that the event is stored.
     *
     * <p>An event goes where a read of the store would have put it: past its partition's held
     * range, among the rows counted ahead; inside it, into the held slice of its time, as a late
     * event is; before it (settled, or a bucket a snapshot holds) nowhere, as no writer
     * acknowledges an event that old. The held ranges do not move: the next read of the store reads
     * from where they end, and counts only what is not counted yet.
     *
     * @return the read, or null when it cannot be made from the feeds alone (an event or a held row
     *     whose counting a claim decides, or no read of the store since the tail was made): then
     *     the caller reads the store, which finds every fed event anyway
     */
    Read fed(List<StoredEvent> fedEvents, Instant cutoff) {
        if (reading != null) {
            throw new IllegalStateException("a read of the store is running: feed aside");
        }
        Placed placed = place(fedEvents, cutoff);
        if (placed == null) {
            return null;
        }
        partitions.putAll(placed.states());
        if (!placed.deltas().isEmpty()) {
            stable = null;
        }
        rowsHeld += placed.added();
        return new Read(
                this::stable,
                placed.delta(),
                placed.deltas(),
                false,
                new Tallies(),
                rowsHeld,
                0,
                0,
                0,
                0);
    }

    /**
     * What {@link #fed} would add for {@code fedEvents}, without changing this tail: for reads of
     * the writers' feeds while a read of the store runs ({@link #start}). Each call is given every
     * event fed since that read started, so an event fed twice is counted once; once the read is
     * taken in, {@link #fed} adds them, counting only those it did not find.
     *
     * @return a read that adds nothing to the stable part and ranks the events {@link #fed} would
     *     count now on top of it ({@link Read#unsettled}), or null when {@link #fed} would refuse
     */
    Read aside(List<StoredEvent> fedEvents, Instant cutoff) {
        Placed placed = place(fedEvents, cutoff);
        if (placed == null) {
            return null;
        }
        return new Read(
                this::stable,
                new Tallies(),
                List.of(),
                false,
                placed.delta(),
                rowsHeld + placed.added(),
                0,
                0,
                0,
                0);
    }

    /** Where fed events go, the partitions' states with them, and what they add; null: refused. */
    private record Placed(
            Map<Partition, PartitionState> states,
            Tallies delta,
            List<BucketDelta> deltas,
            int added) {}

    private Placed place(List<StoredEvent> fedEvents, Instant cutoff) {
        if (!noClaims) {
            return null;
        }
        for (StoredEvent event : fedEvents) {
            if (events.needsCheck(board, event)) {
                return null;
            }
        }
        Map<Partition, List<StoredEvent>> byPartition = new HashMap<>();
        for (StoredEvent event : fedEvents) {
            Instant time = TimeUuids.timeOf(event.voteId());
            Instant bucket = board.buckets().floor(time);
            if (bucket.isBefore(cutoff)) {
                continue;
            }
            byPartition
                    .computeIfAbsent(
                            new Partition(bucket, Hashing.shardOf(event.voteId(), board.shards())),
                            p -> new ArrayList<>())
                    .add(event);
        }
        Map<Partition, PartitionState> states = new HashMap<>();
        Tallies delta = new Tallies();
        List<BucketDelta> deltas = new ArrayList<>();
        int added = 0;
        for (Map.Entry<Partition, List<StoredEvent>> entry : byPartition.entrySet()) {
            Partition partition = entry.getKey();
            PartitionState state = stateOf(partition);
            Tallies partDelta = new Tallies();
            Map<UUID, StoredEvent> ahead = null;
            List<StoredEvent> late = new ArrayList<>();
            for (StoredEvent event : entry.getValue()) {
                Instant time = TimeUuids.timeOf(event.voteId());
                if (!time.isBefore(state.heldUntil())) {
                    Map<UUID, StoredEvent> known = ahead != null ? ahead : state.ahead().rows();
                    if (!known.containsKey(event.voteId())) {
                        if (ahead == null) {
                            ahead = new HashMap<>(state.ahead().rows());
                        }
                        ahead.put(event.voteId(), event);
                        event.foldInto(partDelta);
                        added++;
                    }
                } else if (!state.held().isEmpty() && !time.isBefore(state.held().get(0).from())) {
                    late.add(event);
                }
            }
            List<Slice> held = state.held();
            if (!late.isEmpty()) {
                List<StoredEvent> landed = new ArrayList<>();
                Set<UUID> seen = new HashSet<>();
                for (Slice slice : held) {
                    for (StoredEvent event : late) {
                        Instant time = TimeUuids.timeOf(event.voteId());
                        if (!time.isBefore(slice.from())
                                && time.isBefore(slice.to())
                                && !slice.holds(event.voteId())
                                && seen.add(event.voteId())) {
                            landed.add(event);
                        }
                    }
                }
                held = withLate(held, landed, partDelta);
                added += landed.size();
            }
            if (ahead == null && held == state.held()) {
                continue;
            }
            states.put(
                    partition,
                    new PartitionState(
                            state.settled(),
                            held,
                            state.heldUntil(),
                            ahead == null
                                    ? state.ahead()
                                    : new Ahead(Collections.unmodifiableMap(ahead))));
            delta.addAll(partDelta);
            deltas.add(new BucketDelta(partition.bucket(), partDelta));
        }
        return new Placed(states, delta, deltas, added);
    }

    /**
     * Where the held range ends after this read: rows from there on are read again by the next one.
     * An event with an older time that this read does not see is one its writer marks late before
     * acknowledging it, for either of two reasons, whichever holds the more rows:
     *
     * <ul>
     *   <li>its write completed more than {@code writer.late-after} after its time: the range ends
     *       {@code heldLag} before "now", which exceeds that by the clocks' difference;
     *   <li>its time is below its writer's progress mark, and the mark was stored before the last
     *       read asked for it ({@link SeenProgress}): a writer marks every event it stamped below
     *       its mark whose write completes after the writer set it. Only the writers the last read
     *       found count, so a writer that registers later takes its events' times from at least the
     *       highest mark of the others (the writer's registration), and a writer whose row may have
     *       expired marks all its events until it has registered again.
     * </ul>
     */
    private Instant heldBefore(Instant now) {
        Instant byLag = now.minus(heldLag).truncatedTo(ChronoUnit.MILLIS);
        SeenProgress asked = progress == null ? null : progress.getNow(null);
        if (asked != null) {
            seenProgress = asked;
        }
        SeenProgress seen = seenProgress;
        if (seen == null) {
            return byLag;
        }
        Instant byProgress = seen.lowest().isAfter(now) ? now : seen.lowest();
        return byProgress.isAfter(byLag) ? byProgress.truncatedTo(ChronoUnit.MILLIS) : byLag;
    }

    /**
     * The lowest progress mark of the writers an ask found, or null: no writer (a writer that
     * registers must find the others' marks, and there are none to start from), a failed ask, or an
     * ask that took longer than {@link #PROGRESS_ASK_WITHIN}. A writer waits twice that after its
     * row is stored before it reads the others' marks for its registration, so that any read which
     * did not find its row has completed by then, and the marks that read found are among those the
     * writer reads ({@code writer.progress.register-wait}).
     */
    private record SeenProgress(Instant lowest) {

        static SeenProgress of(List<WriterProgress> writers, long askedAt) {
            if (writers == null
                    || writers.isEmpty()
                    || System.nanoTime() - askedAt > PROGRESS_ASK_WITHIN.toNanos()) {
                return null;
            }
            Instant lowest = null;
            for (WriterProgress writer : writers) {
                if (writer.lowMark() == null) {
                    return null;
                }
                if (lowest == null || writer.lowMark().isBefore(lowest)) {
                    lowest = writer.lowMark();
                }
            }
            return new SeenProgress(lowest);
        }
    }

    /** What this tail has seen of a bucket's late marks (none asked yet: from now on). */
    private BucketMarks marksOf(Instant bucket) {
        return bucketMarks.getOrDefault(bucket, BucketMarks.NONE);
    }

    private PartitionState stateOf(Partition partition) {
        return partitions.getOrDefault(partition, PartitionState.empty(partition.bucket()));
    }

    /**
     * Whether a partition of {@code bucket} holds rows a late mark could send back after this read
     * settles those that ended before {@code settledBefore} (held slices are in time order).
     */
    private boolean holdsRange(Instant bucket, Instant settledBefore) {
        for (int shard = 0; shard < board.shards(); shard++) {
            List<Slice> held = stateOf(new Partition(bucket, shard)).held();
            if (!held.isEmpty() && held.get(held.size() - 1).to().isAfter(settledBefore)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Forgets the partitions before {@code cutoff} (a newer snapshot holds their events) without
     * summing the stable part again: the next read then starts from there and is no rebuild, since
     * whoever drops them has ranked the rest already ({@link #stableAsOfNow}).
     */
    void dropBefore(Instant cutoff) {
        if (reading != null) {
            throw new IllegalStateException("a read of the store is running");
        }
        bucketMarks.keySet().removeIf(bucket -> bucket.isBefore(cutoff));
        if (partitions.keySet().removeIf(p -> p.bucket().isBefore(cutoff))) {
            stable = null;
        }
    }

    /**
     * The stable part as it stands now, from a given cutoff on, as the parts it was read in, to be
     * ranked later on any thread: what each partition holds never changes once read (a read
     * replaces it), so a copy of the partitions' states is that moment's tail, whatever the reads
     * after do.
     */
    Function<Instant, TailRows> stableAsOfNow() {
        Map<Partition, PartitionState> states = Map.copyOf(partitions);
        return cutoff -> {
            List<FoldedRows> parts = new ArrayList<>();
            states.forEach(
                    (partition, state) -> {
                        if (!partition.bucket().isBefore(cutoff)) {
                            state.addPartsTo(parts);
                        }
                    });
            return TailRows.of(parts);
        };
    }

    /** The stable part's sum, summed from the partitions if it is not kept. */
    private Tallies stable() {
        if (stable == null) {
            stable = new Tallies();
            partitions.values().forEach(state -> state.addTo(stable));
        }
        return stable;
    }

    /** The tail as one fold: the counted rows and the claims not settled (tests, time travel). */
    static EventFold fold(Read read) {
        Tallies sum = new Tallies();
        sum.addAll(read.stable());
        sum.addAll(read.unsettled());
        return new EventFold(sum, read.events(), 0);
    }

    private Read commit(List<PartitionRead> reads, boolean rebuilt) {
        Tallies delta = new Tallies();
        Tallies unsettled = new Tallies();
        List<BucketDelta> deltas = new ArrayList<>();
        for (PartitionRead read : reads) {
            partitions.put(read.partition(), read.state());
            delta.addAll(read.delta());
            unsettled.addAll(read.unsettled());
            if (!read.delta().isEmpty()) {
                deltas.add(new BucketDelta(read.partition().bucket(), read.delta()));
            }
        }
        long rows = 0;
        long sent = 0;
        int rereads = 0;
        int late = 0;
        int counted = 0;
        for (PartitionRead read : reads) {
            rows += read.state().rows() + read.freshRows();
            sent += read.rowsSent();
            rereads += read.reread() ? 1 : 0;
            late += read.lateRead();
            counted += read.counted() ? 1 : 0;
        }
        noClaims = !anyPending(reads);
        rowsHeld = rows;
        if (rebuilt) {
            stable = null;
            Tallies whole = stable();
            return new Read(
                    () -> whole,
                    whole,
                    List.of(),
                    true,
                    unsettled,
                    rows,
                    sent,
                    rereads,
                    counted,
                    late);
        }
        stable = null;
        return new Read(
                this::stable, delta, deltas, false, unsettled, rows, sent, rereads, counted, late);
    }

    /** Whether a partition read an event whose counting a claim has not decided yet. */
    private static boolean anyPending(List<PartitionRead> reads) {
        for (PartitionRead read : reads) {
            if (read.claims()) {
                return true;
            }
        }
        return false;
    }

    /**
     * One partition's part of a read: settle what passed the settled moment, read what is new and
     * the events named by late marks not seen before ({@code marked}), or, with {@code
     * countHeldRows}, check the held range by its count and read it again if the count differs.
     */
    private CompletableFuture<PartitionRead> refresh(
            Partition partition,
            PartitionState state,
            CompletableFuture<List<UUID>> marked,
            Instant settledBefore,
            Instant readBefore) {
        int settlingCount = 0;
        while (settlingCount < state.held().size()
                && !state.held().get(settlingCount).to().isAfter(settledBefore)) {
            settlingCount++;
        }
        List<Slice> settling = state.held().subList(0, settlingCount);
        List<Slice> held = state.held().subList(settlingCount, state.held().size());
        Instant heldFrom = held.isEmpty() ? state.heldUntil() : held.get(0).from();
        boolean counting = countHeldRows && heldFrom.isBefore(state.heldUntil());
        // Summed only to compare with a count: a partition holds about a slice a second of its
        // window, and every read of every open partition summed them (3% of the service's CPU at
        // 5,000 votes/s, with the pending claims' gathering below).
        long heldRows = counting ? rowsOf(held) : 0;
        CompletableFuture<List<StoredEvent>> settledClaims =
                events.counted(board, pending(settling));
        Instant bucketEnd = partition.bucket().plus(board.buckets().size());
        CompletableFuture<List<StoredEvent>> newRows =
                state.heldUntil().isBefore(bucketEnd)
                        ? readSince(partition, state.heldUntil(), state.ahead().rows())
                        : CompletableFuture.completedFuture(List.of());
        // A late event is stored before its mark, so once the mark is seen the event is read.
        CompletableFuture<List<StoredEvent>> markedRows =
                marked.thenCompose(
                        ids ->
                                ids.isEmpty()
                                        ? CompletableFuture.completedFuture(List.of())
                                        : events.readEvents(
                                                board, partition.bucket(), partition.shard(), ids));
        CompletableFuture<Long> count =
                counting
                        ? events.countPartition(
                                board,
                                partition.bucket(),
                                partition.shard(),
                                heldFrom,
                                state.heldUntil())
                        : CompletableFuture.completedFuture(heldRows);
        CompletableFuture<Rows> rows =
                count.thenCombine(
                                newRows,
                                (stored, read) ->
                                        stored == heldRows
                                                ? new Rows(
                                                        held,
                                                        state.heldUntil(),
                                                        read,
                                                        false,
                                                        List.of())
                                                : null)
                        .thenCompose(
                                same ->
                                        same != null
                                                ? CompletableFuture.completedFuture(same)
                                                : readSince(
                                                                partition,
                                                                heldFrom,
                                                                state.ahead().rows())
                                                        .thenApply(
                                                                all ->
                                                                        new Rows(
                                                                                List.of(), heldFrom,
                                                                                all, true, held)))
                        .thenCombine(markedRows, LiveTail::withMarked);
        Instant until = min(readBefore, bucketEnd);
        return rows.thenCombine(
                        settledClaims,
                        (read, claims) ->
                                new Step(
                                        partition,
                                        settled(state.settled(), settling, claims),
                                        read,
                                        state.ahead(),
                                        settledBefore,
                                        until,
                                        counting))
                .thenCompose(this::finish);
    }

    /**
     * The rows read with the marked events among them that they lack: one in the held range that a
     * held slice does not hold already goes into that slice ({@link Rows#late}); one past it joins
     * the rows read from there (whose read may have run before it was stored); one before the held
     * range is past its window and never counts.
     */
    private static Rows withMarked(Rows read, List<StoredEvent> marked) {
        if (marked.isEmpty()) {
            return read;
        }
        Set<UUID> readIds = new HashSet<>();
        read.events().forEach(event -> readIds.add(event.voteId()));
        List<StoredEvent> rows = new ArrayList<>(read.events());
        List<StoredEvent> behind = new ArrayList<>();
        for (StoredEvent event : marked) {
            if (!TimeUuids.timeOf(event.voteId()).isBefore(read.from())) {
                if (readIds.add(event.voteId())) {
                    rows.add(event);
                }
            } else {
                behind.add(event);
            }
        }
        List<StoredEvent> late = new ArrayList<>();
        for (Slice slice : behind.isEmpty() ? List.<Slice>of() : read.kept()) {
            List<StoredEvent> inSlice = new ArrayList<>();
            for (StoredEvent event : behind) {
                Instant time = TimeUuids.timeOf(event.voteId());
                if (!time.isBefore(slice.from()) && time.isBefore(slice.to())) {
                    inSlice.add(event);
                }
            }
            // One scan of the slice's ids per event while they are few; past that, one set of
            // them: votes imported without times share one millisecond, so one slice can hold a
            // whole import, and a read that came late can find thousands of marks in it.
            Set<UUID> ids = inSlice.size() > LINEAR_LOOKUPS ? slice.idSet() : null;
            for (StoredEvent event : inSlice) {
                if (ids != null ? !ids.contains(event.voteId()) : !slice.holds(event.voteId())) {
                    late.add(event);
                }
            }
        }
        return new Rows(
                read.kept(),
                read.from(),
                rows,
                read.reread(),
                read.replaced(),
                late,
                marked.size());
    }

    /** The partition's rows from {@code from} on; those in {@code known} are not decoded again. */
    private CompletableFuture<List<StoredEvent>> readSince(
            Partition partition, Instant from, Map<UUID, StoredEvent> known) {
        return events.readPartitionSince(board, partition.bucket(), partition.shard(), from, known);
    }

    /**
     * The new held slices and rows ahead of them, what this read adds to the sum (rows not counted
     * by an earlier read, claims settling now), and the claims not settled yet.
     */
    private CompletableFuture<PartitionRead> finish(Step step) {
        Rows read = step.rows();
        List<StoredEvent> older = new ArrayList<>();
        List<StoredEvent> newer = new ArrayList<>();
        for (StoredEvent event : read.events()) {
            (TimeUuids.timeOf(event.voteId()).isBefore(step.until()) ? older : newer).add(event);
        }
        Instant from = read.from();
        Instant split = max(from, min(step.settledBefore(), step.until()));
        List<Slice> added = new ArrayList<>();
        if (from.isBefore(split)) {
            added.add(slice(from, split, older));
        }
        if (split.isBefore(step.until())) {
            added.add(slice(split, step.until(), older));
        }
        Tallies delta = new Tallies();
        List<Slice> held =
                append(withLate(read.kept(), read.late(), delta), added, step.settledBefore());
        Instant heldUntil = max(from, step.until());
        // Rows an earlier read counted ahead of its held range are in the new slices too, and
        // counted already: what this read adds is every other row. A held range read again holds
        // the rows of the slices it replaces, counted already too: by their ids, only the rows
        // stored late behind them are added, and the ranking takes them in like any new rows.
        Set<UUID> counted =
                read.reread()
                        ? countedIds(read.replaced(), step.ahead())
                        : step.ahead().rows().keySet();
        for (StoredEvent event : older) {
            Instant time = TimeUuids.timeOf(event.voteId());
            if (!time.isBefore(from)
                    && !events.needsCheck(board, event)
                    && !counted.contains(event.voteId())) {
                event.foldInto(delta);
            }
        }
        List<StoredEvent> toCheck = new ArrayList<>(pending(held));
        Map<UUID, StoredEvent> ahead = new HashMap<>();
        for (StoredEvent event : newer) {
            if (events.needsCheck(board, event)) {
                toCheck.add(event);
            } else {
                ahead.put(event.voteId(), event);
                if (!counted.contains(event.voteId())) {
                    event.foldInto(delta);
                }
            }
        }
        PartitionState state =
                new PartitionState(
                        step.settled(),
                        held,
                        heldUntil,
                        new Ahead(Collections.unmodifiableMap(ahead)));
        Tallies unsettled = new Tallies();
        return events.counted(board, toCheck)
                .thenApply(
                        claims -> {
                            claims.forEach(event -> event.foldInto(unsettled));
                            step.settledDelta().forEach(event -> event.foldInto(delta));
                            return new PartitionRead(
                                    step.partition(),
                                    state,
                                    read.reread(),
                                    step.counted(),
                                    delta,
                                    unsettled,
                                    newer.size(),
                                    read.events().size(),
                                    read.markedRead(),
                                    !toCheck.isEmpty());
                        });
    }

    /**
     * The held slices with the late events that landed in them added (each to the slice its time
     * falls in), and those that count as they are folded into {@code delta}.
     */
    private List<Slice> withLate(List<Slice> kept, List<StoredEvent> late, Tallies delta) {
        if (late.isEmpty()) {
            return kept;
        }
        List<Slice> slices = new ArrayList<>(kept.size());
        for (Slice slice : kept) {
            Slice added = slice(slice.from(), slice.to(), late);
            slices.add(added.rows() == 0 ? slice : slice.with(added));
        }
        for (StoredEvent event : late) {
            if (!events.needsCheck(board, event)) {
                event.foldInto(delta);
            }
        }
        return slices;
    }

    /** The rows of {@code rows} with time in [from, to), folded but for those a claim decides. */
    private Slice slice(Instant from, Instant to, List<StoredEvent> rows) {
        Tallies plain = new Tallies();
        List<StoredEvent> pending = new ArrayList<>();
        long[] ids = new long[2 * rows.size()];
        int count = 0;
        for (StoredEvent event : rows) {
            Instant time = TimeUuids.timeOf(event.voteId());
            if (time.isBefore(from) || !time.isBefore(to)) {
                continue;
            }
            ids[2 * count] = event.voteId().getMostSignificantBits();
            ids[2 * count + 1] = event.voteId().getLeastSignificantBits();
            count++;
            if (events.needsCheck(board, event)) {
                pending.add(event);
            } else {
                event.foldInto(plain);
            }
        }
        if (count == 0) {
            // No part at all: a read that found nothing new extends the open slice for free.
            return new Slice(from, to, List.of(), 0, List.of(), List.of());
        }
        return new Slice(
                from,
                to,
                List.of(FoldedRows.of(plain)),
                count,
                List.copyOf(pending),
                List.of(Arrays.copyOf(ids, 2 * count)));
    }

    /**
     * Held slices plus new ones; a new slice that continues a short open one is merged into it, so
     * that a partition holds about one slice a second however often it is read.
     */
    private static List<Slice> append(List<Slice> kept, List<Slice> added, Instant settledBefore) {
        List<Slice> held = new ArrayList<>(kept);
        for (Slice slice : added) {
            Slice last = held.isEmpty() ? null : held.get(held.size() - 1);
            if (last != null
                    && last.to().equals(slice.from())
                    && last.to().isAfter(settledBefore)
                    && Duration.between(last.from(), last.to()).compareTo(SLICE) < 0) {
                held.set(held.size() - 1, last.plus(slice));
            } else {
                if (last != null) {
                    held.set(held.size() - 1, last.compacted());
                }
                held.add(slice);
            }
        }
        return List.copyOf(held);
    }

    /** Settled slices plus the ones settling now, whose claims are decided: one more slice. */
    private static Settled settled(
            List<Slice> settled, List<Slice> settling, List<StoredEvent> counted) {
        if (settling.isEmpty()) {
            return new Settled(settled, List.of());
        }
        Tallies plain = new Tallies();
        long rows = 0;
        for (Slice slice : settling) {
            slice.addTo(plain);
            rows += slice.rows();
        }
        counted.forEach(event -> event.foldInto(plain));
        List<Slice> all = new ArrayList<>(settled);
        all.add(
                new Slice(
                        settling.get(0).from(),
                        settling.get(settling.size() - 1).to(),
                        List.of(FoldedRows.of(plain)),
                        rows,
                        List.of(),
                        List.of()));
        return new Settled(List.copyOf(all), counted);
    }

    /** The ids of the rows of {@code slices} and of the rows counted ahead of them. */
    private static Set<UUID> countedIds(List<Slice> slices, Ahead ahead) {
        Set<UUID> ids = new HashSet<>(ahead.rows().keySet());
        for (Slice slice : slices) {
            for (long[] pairs : slice.ids()) {
                for (int i = 0; i < pairs.length; i += 2) {
                    ids.add(new UUID(pairs[i], pairs[i + 1]));
                }
            }
        }
        return ids;
    }

    /** The claims still to decide in {@code slices}: none on a board without unique votes. */
    private static List<StoredEvent> pending(List<Slice> slices) {
        List<StoredEvent> pending = null;
        for (Slice slice : slices) {
            if (!slice.pending().isEmpty()) {
                if (pending == null) {
                    pending = new ArrayList<>();
                }
                pending.addAll(slice.pending());
            }
        }
        return pending == null ? List.of() : pending;
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    /**
     * The rows read of a partition from {@code from} on; {@code kept} the held slices before; when
     * the held range is read again, {@code replaced} the held slices it replaces; {@code late}, the
     * marked events that landed in the kept slices after they were read ({@code markedRead} events
     * were read by key for their marks).
     */
    private record Rows(
            List<Slice> kept,
            Instant from,
            List<StoredEvent> events,
            boolean reread,
            List<Slice> replaced,
            List<StoredEvent> late,
            int markedRead) {

        Rows(
                List<Slice> kept,
                Instant from,
                List<StoredEvent> events,
                boolean reread,
                List<Slice> replaced) {
            this(kept, from, events, reread, replaced, List.of(), 0);
        }
    }

    /** Settled slices, and the settling claims that counted (which the stable part gains). */
    /**
     * The rows of the slices. A loop, not a stream: every read asks it of every partition's slices
     * (about one a second of the tail each), and a stream pipeline per call was 5% of the reading
     * thread's samples at 5,000 votes/s.
     */
    private static long rowsOf(List<Slice> slices) {
        long rows = 0;
        for (Slice slice : slices) {
            rows += slice.rows();
        }
        return rows;
    }

    private record Settled(List<Slice> slices, List<StoredEvent> counted) {}

    private record Step(
            Partition partition,
            Settled settledPart,
            Rows rows,
            Ahead ahead,
            Instant settledBefore,
            Instant until,
            boolean counted) {

        List<Slice> settled() {
            return settledPart.slices();
        }

        List<StoredEvent> settledDelta() {
            return settledPart.counted();
        }
    }

    /**
     * What one read returns: {@code stable()}, every row counted so far that no claim decides and
     * every settled claim that won (this tail's own: read it before the next read); {@code delta},
     * what this read added to it ({@code deltas} by bucket, empty when rebuilt: then the sum is new
     * as a whole); {@code unsettled}, the events whose claim is not settled yet, counted as they
     * stand now (unique votes, retractions), for this answer only.
     */
    record Read(
            Supplier<Tallies> stableSum,
            Tallies delta,
            List<BucketDelta> deltas,
            boolean rebuilt,
            Tallies unsettled,
            long events,
            long rowsSent,
            int rereads,
            int counted,
            int lateRead) {

        /** Every row counted: this tail's own sum, to be read before the next read. */
        Tallies stable() {
            return stableSum.get();
        }

        /** What this read added to the stable part in buckets from {@code cutoff} on. */
        Tallies deltaFrom(Instant cutoff) {
            return BucketDelta.sumFrom(deltas, cutoff);
        }
    }

    /** What a read added to the stable part of one partition of {@code bucket}. */
    record BucketDelta(Instant bucket, Tallies delta) {

        /** The sum of {@code deltas} in buckets from {@code cutoff} on. */
        static Tallies sumFrom(List<BucketDelta> deltas, Instant cutoff) {
            Tallies sum = new Tallies();
            for (BucketDelta part : deltas) {
                if (!part.bucket().isBefore(cutoff)) {
                    sum.addAll(part.delta());
                }
            }
            return sum;
        }
    }

    private record Partition(Instant bucket, int shard) {}

    private record PartitionRead(
            Partition partition,
            PartitionState state,
            boolean reread,
            boolean counted,
            Tallies delta,
            Tallies unsettled,
            long freshRows,
            long rowsSent,
            int lateRead,
            boolean claims) {}

    /**
     * The rows of one partition with time in [from, to) as read: the events that count as they are,
     * folded, and the ones whose claim decides, kept; and, while held, the ids of all of them (as
     * pairs of longs, 16 bytes a row): a held range read again adds only the rows not among them.
     * Settled slices are never read again and keep none.
     *
     * <p>The folded rows ({@link FoldedRows}: arrays, not a map) and the ids are kept in parts, one
     * per read that extended the slice, so that extending the open slice at every read costs a list
     * of parts, not a copy of what the slice holds (at 5,000 votes/s that copy was a tenth of the
     * query service's CPU); a slice is made one part again when the next one starts.
     */
    private record Slice(
            Instant from,
            Instant to,
            List<FoldedRows> plain,
            long rows,
            List<StoredEvent> pending,
            List<long[]> ids) {

        /** This slice and the next one, contiguous, as one (neither is changed). */
        Slice plus(Slice next) {
            return new Slice(
                    from,
                    next.to(),
                    concat(plain, next.plain()),
                    rows + next.rows(),
                    concat(pending, next.pending()),
                    concat(ids, next.ids()));
        }

        /** This slice with the rows of {@code more}, a slice of the same range, added. */
        Slice with(Slice more) {
            return new Slice(
                    from,
                    to,
                    concat(plain, more.plain()),
                    rows + more.rows(),
                    concat(pending, more.pending()),
                    concat(ids, more.ids()));
        }

        /** Whether the row {@code id} is one of this slice's (held slices keep their ids). */
        boolean holds(UUID id) {
            long most = id.getMostSignificantBits();
            long least = id.getLeastSignificantBits();
            for (long[] pairs : ids) {
                for (int i = 0; i < pairs.length; i += 2) {
                    if (pairs[i] == most && pairs[i + 1] == least) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** The ids of this slice's rows, as a set. */
        Set<UUID> idSet() {
            Set<UUID> set = new HashSet<>((int) (rows * 4 / 3) + 1);
            for (long[] pairs : ids) {
                for (int i = 0; i < pairs.length; i += 2) {
                    set.add(new UUID(pairs[i], pairs[i + 1]));
                }
            }
            return set;
        }

        /** The same rows in one part. */
        Slice compacted() {
            if (plain.size() <= 1 && ids.size() <= 1) {
                return this;
            }
            Tallies sum = new Tallies();
            addTo(sum);
            long[] all = new long[(int) (2 * rows)];
            int at = 0;
            for (long[] part : ids) {
                System.arraycopy(part, 0, all, at, part.length);
                at += part.length;
            }
            return new Slice(
                    from,
                    to,
                    List.of(FoldedRows.of(sum)),
                    rows,
                    pending,
                    List.of(Arrays.copyOf(all, at)));
        }

        void addTo(Tallies sum) {
            plain.forEach(part -> part.addTo(sum));
        }

        private static <T> List<T> concat(List<T> first, List<T> second) {
            if (second.isEmpty()) {
                return first;
            }
            if (first.isEmpty()) {
                return second;
            }
            List<T> both = new ArrayList<>(first.size() + second.size());
            both.addAll(first);
            both.addAll(second);
            return Collections.unmodifiableList(both);
        }
    }

    /**
     * What a partition holds: settled slices (folded for good, claims decided) and held slices,
     * contiguous from the settled ones up to {@code heldUntil}, and the rows past them counted
     * already ({@code ahead}).
     */
    private record PartitionState(
            List<Slice> settled, List<Slice> held, Instant heldUntil, Ahead ahead) {

        static PartitionState empty(Instant bucket) {
            return new PartitionState(List.of(), List.of(), bucket, Ahead.NONE);
        }

        long rows() {
            return rowsOf(settled) + rowsOf(held);
        }

        void addTo(Tallies sum) {
            settled.forEach(slice -> slice.addTo(sum));
            held.forEach(slice -> slice.addTo(sum));
            ahead.rows().values().forEach(event -> event.foldInto(sum));
        }

        /** The same rows as parts, unsummed: the slices' own and one of the rows ahead. */
        void addPartsTo(List<FoldedRows> parts) {
            settled.forEach(slice -> parts.addAll(slice.plain()));
            held.forEach(slice -> parts.addAll(slice.plain()));
            if (!ahead.rows().isEmpty()) {
                Tallies rows = new Tallies();
                ahead.rows().values().forEach(event -> event.foldInto(rows));
                parts.add(FoldedRows.of(rows));
            }
        }
    }

    /**
     * The rows past a partition's held range that count as they are (no claim decides), by id: the
     * next read sends them again, with the rows that arrived since, and adds only the ones not
     * among them, whether they are ahead of its held range still or inside it by then (and takes
     * these as they are here instead of decoding them again).
     */
    private record Ahead(Map<UUID, StoredEvent> rows) {

        static final Ahead NONE = new Ahead(Map.of());
    }

    /**
     * What a tail has seen of a board's late marks by time: the next ask is for the marks with ids
     * from {@code from} on, of which those in {@code seen} were taken in already. {@code from} is
     * "now" minus {@code lateMarkLag} of the last read: a mark that read did not see was stored
     * after its "now", and a writer stores each mark within {@code writer.late-mark-within} of its
     * id, so its id is later than that moment (the lag exceeds the writer's bound plus the clocks'
     * difference). A mark naming a bucket that held no range when it was read is not taken in, and
     * not counted as seen: its event may have been stored after that read's rows of the bucket,
     * which then holds it behind its range, so the next read follows the mark if it sees it again.
     */
    private record TimeMarks(Instant from, Set<UUID> seen) {

        static TimeMarks from(Instant from) {
            return new TimeMarks(from, Set.of());
        }

        /**
         * After an ask that returned {@code marks} and took in those of {@code taken}, the next one
         * from {@code from}.
         */
        static TimeMarks after(List<LateMark> marks, Set<Instant> taken, Instant from) {
            Set<UUID> seen = new HashSet<>();
            for (LateMark mark : marks) {
                if (taken.contains(mark.bucket())
                        && !TimeUuids.timeOf(mark.markId()).isBefore(from)) {
                    seen.add(mark.markId());
                }
            }
            return new TimeMarks(from, seen);
        }

        /** The events of one partition named by marks in {@code marks} not seen before. */
        List<UUID> newEvents(List<LateMark> marks, Instant bucket, int shard) {
            Set<UUID> ids = new LinkedHashSet<>();
            for (LateMark mark : marks) {
                if (mark.shard() == shard
                        && mark.bucket().equals(bucket)
                        && !seen.contains(mark.markId())) {
                    ids.add(mark.eventId());
                }
            }
            return List.copyOf(ids);
        }
    }

    /**
     * What a tail has seen of one bucket's late marks: the next ask is for the marks with ids from
     * {@code from} on, of which those in {@code seen} were taken in already. {@code from} is "now"
     * minus {@code lateMarkLag} of the read that last asked, or, before any ask, of the first read
     * of the bucket: a mark that read did not see was stored after its "now", and a writer stores
     * each mark within {@code writer.late-mark-within} of its id, so its id is later than that
     * moment (the lag exceeds the writer's bound plus the clocks' difference).
     */
    private record BucketMarks(Instant from, Set<UUID> seen) {

        static final BucketMarks NONE = new BucketMarks(Instant.EPOCH, Set.of());

        static BucketMarks from(Instant from) {
            return new BucketMarks(from, Set.of());
        }

        /** After an ask that returned {@code marks}, the next one from {@code from}. */
        static BucketMarks after(List<LateMark> marks, Instant from) {
            Set<UUID> seen = new HashSet<>();
            for (LateMark mark : marks) {
                if (!TimeUuids.timeOf(mark.markId()).isBefore(from)) {
                    seen.add(mark.markId());
                }
            }
            return new BucketMarks(from, seen);
        }

        /** The events of shard {@code shard} named by marks in {@code marks} not seen before. */
        List<UUID> newEvents(List<LateMark> marks, int shard) {
            Set<UUID> ids = new LinkedHashSet<>();
            for (LateMark mark : marks) {
                if (mark.shard() == shard && !seen.contains(mark.markId())) {
                    ids.add(mark.eventId());
                }
            }
            return List.copyOf(ids);
        }
    }
}
