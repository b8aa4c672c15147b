package org.leaderboard.writer.feed;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.model.feed.FeedPage;

/**
 * The events this writer acknowledged in the last {@code retention}, per board, numbered 0, 1, 2,
 * ... in the order they were appended ({@link FeedPage}). A writer appends an event once its writes
 * (and its late mark, if any) are stored and before it answers that it is stored, so a query
 * service that asks every writer after its own request arrived has every acknowledged event without
 * reading the store.
 *
 * <p>Memory stays bounded: events older than {@code retention} are forgotten (at every append and
 * every page of their board), and a board keeps at most {@code maxEventsPerBoard}; a page from a
 * forgotten number is {@link Gone}, and the reader reads the store instead. A board keeps its next
 * number for the writer's life, so numbers never repeat.
 *
 * <p>Thread-safe; one lock per board, held to append, or to copy out the bytes of a page (decoded
 * after it is let go).
 */
public final class AckFeed {

    private final UUID writer;
    private final long retentionNanos;
    private final int maxEventsPerBoard;
    private final LongSupplier nanos;
    private final ConcurrentHashMap<String, BoardEvents> boards = new ConcurrentHashMap<>();

    /**
     * @param writer the writer whose feed this is (its {@code writer_progress} row), named in every
     *     page so that a reader can tell a writer started again at the same address
     */
    public AckFeed(UUID writer, Duration retention, int maxEventsPerBoard) {
        this(writer, retention, maxEventsPerBoard, System::nanoTime);
    }

    AckFeed(UUID writer, Duration retention, int maxEventsPerBoard, LongSupplier nanos) {
        if (retention.isNegative() || retention.isZero() || maxEventsPerBoard < 1) {
            throw new IllegalArgumentException(
                    "a feed keeps events for a positive time, at least one a board; was "
                            + retention
                            + " and "
                            + maxEventsPerBoard);
        }
        this.writer = writer;
        this.retentionNanos = retention.toNanos();
        this.maxEventsPerBoard = maxEventsPerBoard;
        this.nanos = nanos;
    }

    public UUID writer() {
        return writer;
    }

    /** Appends an acknowledged event of {@code board} with the board's next number. */
    public void append(String board, StoredEvent event) {
        appendAll(board, List.of(event));
    }

    /** Appends events of one board together, in order, under one taking of the board's lock. */
    public void appendAll(String board, List<StoredEvent> events) {
        if (events.isEmpty()) {
            return;
        }
        BoardEvents kept = boards.computeIfAbsent(board, name -> new BoardEvents());
        long now = nanos.getAsLong();
        synchronized (kept) {
            for (StoredEvent event : events) {
                kept.add(now, event);
            }
            kept.forget(now - retentionNanos, maxEventsPerBoard);
        }
    }

    /**
     * The events of {@code board} from number {@code from} on; {@code from} -1 asks only for the
     * next number. {@link Ahead} if {@code from} is past the next number, {@link Gone} if the feed
     * no longer holds it.
     */
    public Answer page(String board, long from) {
        if (from < -1) {
            return new Ahead(from, 0);
        }
        BoardEvents kept = boards.get(board);
        if (kept == null) {
            return from <= 0 ? new Page(new FeedPage(writer, 0, List.of())) : new Ahead(from, 0);
        }
        long now = nanos.getAsLong();
        long next;
        BoardEvents.Copy copy;
        synchronized (kept) {
            kept.forget(now - retentionNanos, maxEventsPerBoard);
            next = kept.next();
            if (from > next) {
                return new Ahead(from, next);
            }
            if (from == -1) {
                return new Page(new FeedPage(writer, next, List.of()));
            }
            if (from < kept.first()) {
                return new Gone(from, kept.first(), next);
            }
            copy = kept.copyFrom(from);
        }
        return new Page(new FeedPage(writer, next, copy.events()));
    }

    /** What a page request gets. */
    public sealed interface Answer permits Page, Ahead, Gone {}

    /** The events asked for (none for {@code from} -1 or the next number). */
    public record Page(FeedPage page) implements Answer {}

    /**
     * {@code from} is past {@code next} (or below -1): the reader is confused, or asks another
     * writer.
     */
    public record Ahead(long from, long next) implements Answer {}

    /** Event {@code from} is forgotten: the oldest kept is {@code oldest}. */
    public record Gone(long from, long oldest, long next) implements Answer {}
}
