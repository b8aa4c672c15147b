package org.leaderboard.query.query;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.SplitFold;
import org.leaderboard.model.tally.Tallies;

/**
 * The tail of one board (every event from the snapshot's cutoff on), read incrementally: rows whose
 * time is more than the write window plus {@code settledMargin} in the past can no longer change
 * (the writer acknowledges no vote outside its window), so their fold is kept and they are never
 * read again; each read fetches only the rows from each bucket's settled moment on. Buckets before
 * a newer snapshot's cutoff are dropped.
 *
 * <p>Not thread-safe: one read at a time per board ({@link FreshBoards} sees to it). The state
 * changes only when a read succeeds, so a failed read leaves it as it was.
 */
final class SettledTail {

    private final BoardSettings board;
    private final EventFolds events;
    private final Duration settledMargin;
    private final Map<Instant, SettledBucket> buckets = new HashMap<>();

    SettledTail(BoardSettings board, EventFolds events, Duration settledMargin) {
        this.board = board;
        this.events = events;
        this.settledMargin = settledMargin;
    }

    /**
     * Every counted event with time in [cutoff, until): the settled folds plus what is read now.
     * {@code now} must be taken before the read starts: rows settled by then were all stored before
     * it.
     */
    EventFold read(Instant cutoff, Instant now, Instant until) {
        buckets.keySet().removeIf(bucket -> bucket.isBefore(cutoff));
        // Whole milliseconds, the resolution of vote times and of the slice's lower bound: a row
        // folded as settled must never be in the next read's slice again.
        Instant settledBefore =
                now.minus(board.writeWindow()).minus(settledMargin).truncatedTo(ChronoUnit.MILLIS);
        List<BucketRead> reads = new ArrayList<>();
        for (Instant bucket : board.buckets().startsBetween(cutoff, until)) {
            SettledBucket known = buckets.getOrDefault(bucket, SettledBucket.none(bucket));
            Instant bucketEnd = bucket.plus(board.buckets().size());
            if (known.before().isBefore(bucketEnd)) {
                reads.add(read(known, latest(known.before(), min(settledBefore, bucketEnd))));
            }
        }
        CompletableFuture.allOf(
                        reads.stream()
                                .flatMap(r -> r.shards().stream())
                                .toArray(CompletableFuture[]::new))
                .join();
        return sum(cutoff, reads);
    }

    private BucketRead read(SettledBucket known, Instant settledBefore) {
        List<CompletableFuture<SplitFold>> shards = new ArrayList<>();
        for (int shard = 0; shard < board.shards(); shard++) {
            shards.add(
                    events.foldPartitionSince(
                            board, known.bucket(), shard, known.before(), settledBefore));
        }
        return new BucketRead(known, settledBefore, shards);
    }

    /** Settles what became settled, then sums the settled folds and the open rows just read. */
    private EventFold sum(Instant cutoff, List<BucketRead> reads) {
        List<EventFold> open = new ArrayList<>();
        for (BucketRead read : reads) {
            List<EventFold> settled = new ArrayList<>();
            for (CompletableFuture<SplitFold> shard : read.shards()) {
                settled.add(shard.join().settled());
                open.add(shard.join().open());
            }
            buckets.put(read.known().bucket(), read.known().plus(read.settledBefore(), settled));
        }
        Tallies tallies = new Tallies();
        long count = 0;
        for (SettledBucket bucket : buckets.values()) {
            if (!bucket.bucket().isBefore(cutoff)) {
                tallies.addAll(bucket.tallies());
                count += bucket.events();
            }
        }
        EventFold recent = EventFold.sum(open);
        tallies.addAll(recent.tallies());
        return new EventFold(tallies, count + recent.events(), recent.partitions());
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    private static Instant latest(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private record BucketRead(
            SettledBucket known,
            Instant settledBefore,
            List<CompletableFuture<SplitFold>> shards) {}

    /**
     * The fold of a bucket's rows (all shards) with time before {@code before}. Its tallies are
     * never changed once built: a newer state is a new record, so a board answered from an older
     * sum is unaffected.
     */
    private record SettledBucket(Instant bucket, Instant before, Tallies tallies, long events) {

        static SettledBucket none(Instant bucket) {
            return new SettledBucket(bucket, bucket, new Tallies(), 0);
        }

        SettledBucket plus(Instant settledBefore, List<EventFold> newlySettled) {
            EventFold added = EventFold.sum(newlySettled);
            if (added.events() == 0) {
                return new SettledBucket(bucket, settledBefore, tallies, events);
            }
            Tallies sum = new Tallies();
            sum.addAll(tallies);
            sum.addAll(added.tallies());
            return new SettledBucket(bucket, settledBefore, sum, events + added.events());
        }
    }
}
