package org.leaderboard.query.config;

import java.time.Duration;
import org.leaderboard.model.feed.Redacted;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How the read-your-writes tail is kept (prefix {@code query.tail}).
 *
 * @param settledMargin how long after a vote's write window closed its row counts as final: the
 *     service then keeps its fold and never reads it again. Must exceed the clock difference
 *     between writers and this service plus the writers' {@code writer.max-clock-skew} (claims of
 *     unique votes settle that long after they are written): the writer acknowledges a vote only
 *     while its time is inside the window by the writer's clock, so no acknowledged vote with time
 *     before {@code now - window - settledMargin} can appear later.
 * @param heldLag how far behind "now" a read stops holding rows: rows newer than this are sent
 *     again by every read, older ones are held. An event that lands behind it is one whose write
 *     completed more than the lag after its time; writers mark such events before acknowledging
 *     them ({@code writer.late-after}, which must stay below this lag by more than the clock
 *     difference between writers and this service), and a partition with a new mark has its held
 *     rows counted ({@code count(*)}) and, if the count differs, read again.
 * @param countHeldRows count every partition's held rows at every read, marked or not: only for
 *     running beside writers that do not mark late events yet (an upgrade from a version without
 *     marks); it costs a replica scan of about write rate x (write window + settled margin) rows
 *     per read
 * @param lateMarksByBucket read late marks from {@code late_marks}, one request per bucket that
 *     holds a range, instead of from {@code late_marks_by_time}, one request in all: only while
 *     writers of a version that writes only {@code late_marks} still run (an upgrade)
 * @param rankApartFromUsers a newer snapshot head is ranked with the tail from its cutoff on apart
 *     from the reads, which go on from the head held until that ranking is ready, when the tail
 *     holds at least this many users (re-ranking them takes tens of milliseconds or more, which
 *     every query waiting for a read would wait too); a smaller tail is ranked again at once, so
 *     that answers name the newest head as soon as it is read
 * @param newerHeadAfter on a board whose tail is ranked apart ({@code rankApartFromUsers}), a newer
 *     head is taken up only once its cutoff is at least this far past the head held: every head
 *     taken up costs building the new snapshot's ranking and ranking the whole tail on it again
 *     (about 0.4 s of CPU for a 1M-user board with a 300,000-user tail), while holding the older
 *     head only keeps a longer tail (answers are the same either way: the tail read is from the
 *     held head's cutoff). Zero takes up every newer head
 * @param headCheckInterval how often a board's reads ask for its newest snapshot head; reads in
 *     between go on from the head last asked for. Answers are the same either way (the tail is read
 *     from the held head's cutoff, whichever it is); a newer head is only seen, and named in
 *     answers, up to this much later. Each ask is a request to the replicas, one of about a dozen a
 *     read-your-writes read makes, so asking at every read (zero) costs the replicas about a tenth
 *     more per read when reads come often
 * @param writerProgress hold the tail up to the writers' lowest progress mark (null: true)
 * @param progressAskEvery how often a board's strong reads ask for the writers' progress marks
 *     (null: 20 ms); the held range ends at the marks of the latest ask that completed, so a longer
 *     interval sends each read that many milliseconds of rows more, and a shorter one makes more
 *     requests
 * @param writerFeeds answer read-your-writes reads from the writers' feeds between reads of the
 *     store (null: true, if {@code writerProgress} is on): each writer keeps the events it
 *     acknowledged in the last seconds, and a read that asked every registered writer's feed after
 *     the query arrived holds every vote acknowledged before it, without reading the store. Set
 *     false while writers of a version without feeds, or with {@code writer.progress.enabled:
 *     false}, still run: a writer without a registered feed cannot be asked
 * @param storeReadEvery with {@code writerFeeds}, how often a board's reads read the store all the
 *     same (null: 250 ms): the store stays the source of truth, and its reads move the held ranges
 *     on, find newer snapshot heads and catch what no feed could give. Such a read runs beside the
 *     reads answered from the feeds, and the first read after it completed takes it in
 * @param storeReadBeside whether that periodic read runs beside the reads answered from the feeds
 *     (null: true); false makes the reads that find it due wait for it, as before it could run
 *     beside them (for comparing the two)
 * @param feedTimeout how long a read waits for a writer's feed (null: 250 ms); a feed that does not
 *     answer in time makes that read a read of the store
 * @param feedToken the token the writers' feeds ask for ({@code writer.feed.token}), sent to every
 *     feed as {@code Authorization: Bearer <token>} (null or blank: none). A feed that refuses it
 *     makes those reads reads of the store, and a warning names the feed
 */
@ConfigurationProperties("query.tail")
public record TailSettings(
        Duration settledMargin,
        Duration heldLag,
        Duration lateMarkLag,
        boolean countHeldRows,
        boolean lateMarksByBucket,
        int rankApartFromUsers,
        Duration newerHeadAfter,
        Duration headCheckInterval,
        Boolean writerProgress,
        Duration progressAskEvery,
        Boolean writerFeeds,
        Duration storeReadEvery,
        Boolean storeReadBeside,
        Duration feedTimeout,
        String feedToken) {

    public TailSettings {
        if (feedToken != null) {
            feedToken = feedToken.isBlank() ? null : feedToken.strip();
        }
        if (writerFeeds == null) {
            writerFeeds = true;
        }
        if (storeReadEvery == null) {
            storeReadEvery = Duration.ofMillis(250);
        }
        if (storeReadBeside == null) {
            storeReadBeside = true;
        }
        if (feedTimeout == null) {
            feedTimeout = Duration.ofMillis(250);
        }
        if (storeReadEvery.isNegative()) {
            throw new IllegalArgumentException(
                    "query.tail.store-read-every must be zero or positive, was " + storeReadEvery);
        }
        if (feedTimeout.isNegative() || feedTimeout.isZero()) {
            throw new IllegalArgumentException(
                    "query.tail.feed-timeout must be positive, was " + feedTimeout);
        }
        if (writerProgress == null) {
            writerProgress = true;
        }
        if (progressAskEvery == null) {
            progressAskEvery = Duration.ofMillis(20);
        }
        if (progressAskEvery.isNegative()) {
            throw new IllegalArgumentException(
                    "query.tail.progress-ask-every must be zero or positive, was "
                            + progressAskEvery);
        }
        if (settledMargin == null || settledMargin.isNegative()) {
            throw new IllegalArgumentException(
                    "query.tail.settled-margin must be zero or positive, was " + settledMargin);
        }
        if (heldLag == null || heldLag.isNegative()) {
            throw new IllegalArgumentException(
                    "query.tail.held-lag must be zero or positive, was " + heldLag);
        }
        if (lateMarkLag == null || lateMarkLag.isNegative()) {
            throw new IllegalArgumentException(
                    "query.tail.late-mark-lag must be zero or positive, was " + lateMarkLag);
        }
        if (rankApartFromUsers < 0) {
            throw new IllegalArgumentException(
                    "query.tail.rank-apart-from-users must be zero or positive, was "
                            + rankApartFromUsers);
        }
        if (newerHeadAfter == null || newerHeadAfter.isNegative()) {
            throw new IllegalArgumentException(
                    "query.tail.newer-head-after must be zero or positive, was " + newerHeadAfter);
        }
        if (headCheckInterval == null || headCheckInterval.isNegative()) {
            throw new IllegalArgumentException(
                    "query.tail.head-check-interval must be zero or positive, was "
                            + headCheckInterval);
        }
    }

    /** The settings without the feeds' token, which never goes into a log. */
    @Override
    public String toString() {
        return Redacted.text(this, "feedToken");
    }
}
