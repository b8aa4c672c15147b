package org.leaderboard.query.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.query.rank.TailRows;
import org.leaderboard.testsupport.TestCassandra;
import org.leaderboard.writer.store.LateEventMarks;
import org.leaderboard.writer.store.VoteEventWriter;

/**
 * The incremental tail against a real Cassandra, with the reader's "now" given: what a read must
 * see (every row still inside its write window, however late it was stored, found through the
 * writer's late mark and read by its key), what it sends again (only rows new since the last read)
 * and what it never reads again (rows past the window plus the settled margin). Votes are stored as
 * the writer stores them: the row, then its late mark if it was stored more than {@code
 * writer.late-after} (200 ms here, with a held lag of 500 ms) after its time.
 */
class LiveTailIntegrationTests {

    private static final String KEYSPACE = TestCassandra.shared().newKeyspace("live_tail");
    private static final CqlSession SESSION = TestCassandra.shared().session(KEYSPACE);
    private static final VoteEventWriter EVENTS = new VoteEventWriter(SESSION, Consistency.DEFAULT);
    private static final Duration LATE_AFTER = Duration.ofMillis(200);
    private static final EventFolds FOLDS = EventFolds.on(SESSION, Consistency.DEFAULT);
    private static final Duration MARGIN = Duration.ofSeconds(10);
    private static final Duration LAG = Duration.ofMillis(500);
    private static final Duration MARK_LAG = Duration.ofSeconds(2);

    /** A bucket boundary, so that the tests' times fall in known buckets. */
    private final Instant now = Instant.now().truncatedTo(ChronoUnit.MINUTES);

    @AfterAll
    static void closeSession() {
        SESSION.close();
    }

    @Test
    void aVoteStoredLateButInsideItsWindowIsInTheNextRead() {
        BoardSettings board = board("late");
        LiveTail tail = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
        vote(board, "alice", 1, now.minusSeconds(5));
        assertThat(read(tail, board, now).events()).isEqualTo(1);

        // Stamped 55 s ago (a client's own id, retried): older than rows already read, inside
        // the 60 s window, stored after the first read.
        vote(board, "bob", 4, now.minusSeconds(55), now);
        EventFold second = read(tail, board, now.plusSeconds(1));

        assertThat(second.events()).isEqualTo(2);
        assertThat(second.tallies().get("bob").sum()).isEqualTo(4);
        assertThat(second.tallies().get("alice").sum()).isEqualTo(1);
    }

    @Test
    void rowsPastTheWindowAndMarginAreReadOnceAndKept() {
        BoardSettings board = board("settled");
        LiveTail tail = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
        vote(board, "alice", 2, now.minusSeconds(170));
        vote(board, "alice", 3, now.minusSeconds(100));
        assertThat(read(tail, board, now).tallies().get("alice").sum()).isEqualTo(5);

        // A row the writer would refuse (its time is 110 s ago, past the 60 s window): a reader
        // that settled its bucket does not read it again, and still counts what it had.
        vote(board, "carol", 9, now.minusSeconds(110));
        EventFold again = read(tail, board, now.plusSeconds(1));

        assertThat(again.events()).isEqualTo(2);
        assertThat(again.tallies().get("alice").sum()).isEqualTo(5);
        assertThat(again.tallies().get("carol").count()).isZero();
        assertThat(
                        read(new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false), board, now)
                                .events())
                .isEqualTo(3);
    }

    @Test
    void aRowInTheMillisecondOfTheSettledMomentIsCountedOnce() {
        BoardSettings board = board("millisecond");
        LiveTail tail = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
        Instant readAt = now.plusNanos(500_000); // half a millisecond past a whole one
        vote(board, "alice", 2, readAt.minusSeconds(70).truncatedTo(ChronoUnit.MILLIS));

        read(tail, board, readAt);
        EventFold next = read(tail, board, readAt.plusMillis(1));

        assertThat(next.events()).isEqualTo(1);
        assertThat(next.tallies().get("alice").sum()).isEqualTo(2);
    }

    @Test
    void bucketsBeforeANewerCutoffAreDropped() {
        BoardSettings board = board("cutoff");
        LiveTail tail = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
        vote(board, "alice", 2, now.minusSeconds(150));
        vote(board, "bob", 3, now.minusSeconds(30));
        assertThat(read(tail, board, now).events()).isEqualTo(2);

        EventFold after =
                LiveTail.fold(
                        tail.read(now.minusSeconds(60), now.plusSeconds(1), now.plusSeconds(11)));

        assertThat(after.events()).isEqualTo(1);
        assertThat(after.tallies().get("alice").count()).isZero();
        assertThat(after.tallies().get("bob").sum()).isEqualTo(3);
    }

    /**
     * A newer snapshot taken up while reads go on from the older cutoff (its ranking is built on
     * another thread): the tail as it stood when the build started, in the parts it was read in
     * (rows counted ahead of the reader among them), plus what each read since added from the new
     * cutoff on, must be exactly the tail a read from the new cutoff holds; and once the older
     * buckets are dropped, reading from the new cutoff is no rebuild.
     */
    @Test
    void aNewerCutoffTakenUpLaterCountsEveryStableRowFromItOnce() {
        BoardSettings board = board("handover");
        LiveTail tail = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
        vote(board, "alice", 2, now.minusSeconds(150));
        vote(board, "bob", 3, now.minusSeconds(30));
        vote(board, "dave", 6, now.plusSeconds(3)); // a writer whose clock runs ahead
        tail.read(board.epoch(), now, now.plusSeconds(10));
        Function<Instant, TailRows> whenTheBuildStarted = tail.stableAsOfNow();
        Instant cutoff = now.minusSeconds(60);

        vote(board, "bob", 4, now.minusMillis(200));
        vote(board, "carol", 5, now.plusMillis(300));
        LiveTail.Read since = tail.read(board.epoch(), now.plusSeconds(1), now.plusSeconds(11));
        Tallies asBuilt = new Tallies();
        whenTheBuildStarted.apply(cutoff).forEach(asBuilt::addStored);
        assertThat(asBuilt.asMap()).as("the reads after it change nothing").hasSize(2);
        assertThat(asBuilt.get("bob").sum()).isEqualTo(3);
        assertThat(asBuilt.get("dave").sum()).as("a row counted ahead").isEqualTo(6);
        Tallies caughtUp = new Tallies();
        caughtUp.addAll(asBuilt);
        caughtUp.addAll(since.deltaFrom(cutoff));

        tail.dropBefore(cutoff);
        LiveTail.Read next = tail.read(cutoff, now.plusSeconds(2), now.plusSeconds(12));
        LiveTail.Read fromScratch =
                new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false)
                        .read(cutoff, now.plusSeconds(2), now.plusSeconds(12));

        assertThat(next.rebuilt()).isFalse();
        assertThat(next.delta().isEmpty()).isTrue();
        assertThat(caughtUp.asMap()).isEqualTo(next.stable().asMap());
        assertThat(caughtUp.asMap()).isEqualTo(fromScratch.stable().asMap());
        assertThat(caughtUp.get("bob").sum()).isEqualTo(7);
        assertThat(caughtUp.get("carol").sum()).isEqualTo(5);
        assertThat(caughtUp.get("dave").sum()).isEqualTo(6);
        assertThat(next.events()).isEqualTo(4);
    }

    @Test
    void eachReadSendsOnlyTheNewRowsAndCountsEveryVoteOnce() {
        BoardSettings board = board("incremental");
        LiveTail tail = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
        vote(board, "alice", 1, now.minusSeconds(20));
        LiveTail.Read first = tail.read(board.epoch(), now, now.plusSeconds(10));
        vote(board, "bob", 2, now.minusMillis(10));
        vote(board, "alice", 3, now.plusMillis(200)); // held by the second read

        LiveTail.Read second = tail.read(board.epoch(), now.plusSeconds(1), now.plusSeconds(11));

        assertThat(first.delta().get("alice").sum()).isEqualTo(1);
        assertThat(second.rebuilt()).isFalse();
        assertThat(second.delta().asMap()).containsOnlyKeys("alice", "bob");
        assertThat(second.delta().get("alice").sum()).isEqualTo(3);
        assertThat(second.delta().get("bob").sum()).isEqualTo(2);
        assertThat(second.stable().get("alice").sum()).isEqualTo(4);
        assertThat(second.events()).isEqualTo(3);
    }

    /**
     * Rows past the held range are sent again by every read until they are held: the first read
     * that sees one counts it, and no later read counts it again, neither while it is still ahead
     * nor when it moves into the held range.
     */
    @Test
    void aVoteAheadOfTheReaderIsCountedByTheFirstReadThatSeesItAndOnlyThen() {
        BoardSettings board = board("ahead");
        LiveTail tail = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
        vote(board, "alice", 5, now.plusSeconds(3)); // a writer whose clock runs 3 s ahead

        // The sum is the tail's own and changes with the next read: checked at once.
        LiveTail.Read first = tail.read(board.epoch(), now, now.plusSeconds(10));
        assertThat(first.delta().get("alice").sum()).isEqualTo(5);
        assertThat(first.stable().get("alice").sum()).isEqualTo(5);
        vote(board, "bob", 2, now.plusMillis(600)); // ahead of the second read's held range too
        LiveTail.Read again = tail.read(board.epoch(), now.plusSeconds(1), now.plusSeconds(11));
        assertThat(again.delta().asMap()).containsOnlyKeys("bob");
        assertThat(again.stable().get("alice").sum()).isEqualTo(5);
        LiveTail.Read held = tail.read(board.epoch(), now.plusSeconds(4), now.plusSeconds(14));
        assertThat(held.delta().isEmpty()).as("both are held now, and counted already").isTrue();
        LiveTail.Read later = tail.read(board.epoch(), now.plusSeconds(5), now.plusSeconds(15));

        assertThat(later.delta().isEmpty()).isTrue();
        assertThat(later.unsettled().isEmpty()).isTrue();
        assertThat(LiveTail.fold(later).tallies().get("alice").sum()).isEqualTo(5);
        assertThat(LiveTail.fold(later).tallies().get("bob").sum()).isEqualTo(2);
        assertThat(later.events()).isEqualTo(2);
    }

    /**
     * A vote still being stored while rows after it are read (its time is older than theirs, but
     * past the held range): the next read counts it and only it, and every read after counts
     * neither again.
     */
    @Test
    void aRowStoredBehindRowsCountedAheadIsCountedOnceAndTheyAreNotCountedAgain() {
        BoardSettings board = board("behind");
        LiveTail tail = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
        vote(board, "alice", 1, now.minusMillis(200));
        LiveTail.Read first = tail.read(board.epoch(), now, now.plusSeconds(10));
        vote(board, "bob", 2, now.minusMillis(300));
        vote(board, "alice", 4, now.minusMillis(100));

        LiveTail.Read second = tail.read(board.epoch(), now.plusMillis(100), now.plusSeconds(10));
        LiveTail.Read third = tail.read(board.epoch(), now.plusSeconds(2), now.plusSeconds(12));

        assertThat(first.delta().get("alice").sum()).isEqualTo(1);
        assertThat(second.delta().get("bob").sum()).isEqualTo(2);
        assertThat(second.delta().get("alice").sum()).isEqualTo(4);
        assertThat(third.delta().isEmpty()).isTrue();
        assertThat(third.stable().get("alice").sum()).isEqualTo(5);
        assertThat(third.stable().get("bob").sum()).isEqualTo(2);
        assertThat(third.events()).isEqualTo(3);
    }

    @Test
    void aLateVoteInAHeldRangeIsReadByItsMarkAndAddedAlone() {
        BoardSettings board = board("recount");
        LiveTail tail = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
        for (int i = 0; i < 20; i++) {
            vote(board, "user-" + i, 1, now.minusSeconds(40).plusMillis(i * 100L));
        }
        tail.read(board.epoch(), now, now.plusSeconds(10));
        LiveTail.Read quiet = tail.read(board.epoch(), now.plusMillis(200), now.plusSeconds(10));
        assertThat(quiet.counted()).as("held ranges counted with no late mark").isZero();

        // Older than every row read so far, in a held range: no "newer than" read could see it.
        vote(board, "late", 7, now.minusSeconds(50), now.plusMillis(300));
        LiveTail.Read next = tail.read(board.epoch(), now.plusMillis(400), now.plusSeconds(10));

        assertThat(next.lateRead()).as("the marked event alone is read by its key").isEqualTo(1);
        assertThat(next.counted()).as("no held range is counted").isZero();
        assertThat(next.rereads()).as("nor read again").isZero();
        assertThat(next.rebuilt()).isFalse();
        assertThat(next.delta().users()).as("the late vote alone is added").isEqualTo(1);
        assertThat(next.delta().get("late").sum()).isEqualTo(7);
        assertThat(next.stable().get("late").sum()).isEqualTo(7);
        assertThat(next.stable().get("user-3").sum()).isEqualTo(1);
        assertThat(next.events()).isEqualTo(21);
        assertThat(LiveTail.fold(next).tallies().users()).isEqualTo(21);
        LiveTail.Read after = tail.read(board.epoch(), now.plusMillis(600), now.plusSeconds(10));
        assertThat(after.lateRead()).as("a mark already seen is not followed again").isZero();
        assertThat(after.delta().isEmpty()).isTrue();
        assertThat(after.stable().get("late").sum()).isEqualTo(7);
    }

    /**
     * Reads close together extend the open held slice one part each; the slice is made one part
     * again when the next starts. Every row is counted once either way, and a late vote landing in
     * such a slice is added to it alone.
     */
    @Test
    void slicesExtendedByManyReadsCountEachRowOnceAndTakeInALateOne() {
        BoardSettings board = board("many-reads");
        LiveTail tail = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
        Instant start = now.minusSeconds(20);
        for (int i = 0; i < 30; i++) {
            Instant time = start.plusMillis(i * 50L);
            vote(board, "user-" + i, i + 1, time);
            LiveTail.Read read = tail.read(board.epoch(), time.plus(LAG).plusMillis(10), now);
            assertThat(read.delta().users()).as("read %d adds its one new vote", i).isEqualTo(1);
            assertThat(read.delta().get("user-" + i).sum()).isEqualTo(i + 1);
        }

        vote(board, "late", 7, now.minusSeconds(50), start.plusSeconds(2));
        LiveTail.Read next = tail.read(board.epoch(), start.plusSeconds(3), now);

        assertThat(next.lateRead()).isEqualTo(1);
        assertThat(next.rebuilt()).isFalse();
        assertThat(next.delta().users()).as("the late vote alone is added").isEqualTo(1);
        assertThat(next.delta().get("late").sum()).isEqualTo(7);
        assertThat(next.events()).isEqualTo(31);
        for (int i = 0; i < 30; i++) {
            assertThat(next.stable().get("user-" + i).sum()).isEqualTo(i + 1);
        }
        assertThat(LiveTail.fold(next).tallies().users()).isEqualTo(31);
    }

    /** Late votes in two buckets: each is found by its own partition's mark. */
    @Test
    void lateVotesInTwoBucketsAreFoundEachByItsOwnPartitionsMark() {
        BoardSettings board =
                new BoardSettings(
                        "two-buckets", 60, UniqueVotes.NONE, 30, 4, 4, now.minusSeconds(600));
        LiveTail tail = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
        for (int i = 0; i < 8; i++) {
            vote(board, "early-" + i, 1, now.minusSeconds(45).plusMillis(i * 100L));
            vote(board, "later-" + i, 2, now.minusSeconds(15).plusMillis(i * 100L));
        }
        LiveTail.Read first = tail.read(board.epoch(), now, now.plusSeconds(10));
        assertThat(first.events()).isEqualTo(16);
        assertThat(first.stable().get("later-7").sum()).isEqualTo(2);

        // Each older than every row read in its bucket, [now - 60 s, now - 30 s) and the next.
        vote(board, "late-first", 7, now.minusSeconds(50), now.plusMillis(300));
        vote(board, "late-second", 3, now.minusSeconds(20), now.plusMillis(300));
        LiveTail.Read next = tail.read(board.epoch(), now.plusMillis(400), now.plusSeconds(10));

        assertThat(next.lateRead()).as("the two marked events are read").isEqualTo(2);
        assertThat(next.counted()).isZero();
        assertThat(next.delta().users()).as("the two late votes alone are added").isEqualTo(2);
        assertThat(next.stable().get("late-first").sum()).isEqualTo(7);
        assertThat(next.stable().get("late-second").sum()).isEqualTo(3);
        assertThat(next.stable().get("early-0").sum()).isEqualTo(1);
        assertThat(next.events()).isEqualTo(18);
        assertThat(LiveTail.fold(next).tallies().users()).isEqualTo(18);
    }

    @Test
    void aLateRowWithoutItsMarkIsFoundOnlyWhenEveryHeldRangeIsCounted() {
        BoardSettings board = board("unmarked");
        LiveTail marksOnly = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
        LiveTail countsAll = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, true);
        vote(board, "alice", 1, now.minusSeconds(30));
        for (LiveTail tail : List.of(marksOnly, countsAll)) {
            tail.read(board.epoch(), now, now.plusSeconds(10));
        }

        // Stored late without a mark, as a writer of a version without marks stores it.
        store(board, "bob", 4, now.minusSeconds(50));

        assertThat(read(marksOnly, board, now.plusSeconds(1)).tallies().get("bob").count())
                .as("a tail that follows the marks does not look behind rows it holds")
                .isZero();
        assertThat(read(countsAll, board, now.plusSeconds(1)).tallies().get("bob").sum())
                .as("query.tail.count-held-rows finds it by the count")
                .isEqualTo(4);
    }

    /**
     * A late mark matters only to a partition that holds a range: a board's tail spans every bucket
     * since its snapshot's cutoff (a dozen here), but marks are asked for only while a bucket still
     * inside the write window and margin holds a range, in one request for all of them (the marks
     * by the minute they were written), and a late vote in one of them is still found, once. Read
     * by bucket (an upgrade), each such bucket is one request.
     */
    @Test
    void theLateMarksOfEveryBucketHoldingARangeAreAskedForInOneRequest() {
        assertThat(marksAsked(board("marks_asked"), false)).isEqualTo(1);
        assertThat(marksAsked(board("marks_by_bucket"), true)).isEqualTo(2);
    }

    /** The requests for late marks a read made in the scenario above, by time or by bucket. */
    private int marksAsked(BoardSettings board, boolean byBucket) {
        AtomicInteger asked = new AtomicInteger();
        RequestTracker marksAsked =
                new RequestTracker() {
                    @Override
                    public void onSuccess(
                            Request request,
                            long latencyNanos,
                            DriverExecutionProfile profile,
                            Node node,
                            String logPrefix) {
                        if (request instanceof BoundStatement bound
                                && bound.getPreparedStatement()
                                        .getQuery()
                                        .contains(
                                                byBucket ? "late_marks " : "late_marks_by_time")) {
                            asked.incrementAndGet();
                        }
                    }

                    @Override
                    public void close() {}
                };
        String[] contact = TestCassandra.shared().contactPoint().split(":");
        try (CqlSession counted =
                CqlSession.builder()
                        .addContactPoint(
                                new InetSocketAddress(contact[0], Integer.parseInt(contact[1])))
                        .withLocalDatacenter(TestCassandra.shared().localDatacenter())
                        .withKeyspace(KEYSPACE)
                        .addRequestTracker(marksAsked)
                        .build()) {
            LiveTail tail = tailOver(counted, board, byBucket);
            // Reads 20 s into a minute: their marks are asked in that minute alone.
            Instant first = now.plusSeconds(20);
            vote(board, "alice", 2, now.minusSeconds(300));
            vote(board, "bob", 3, now.minusSeconds(30));
            int buckets =
                    board.buckets().startsBetween(board.epoch(), first.plusSeconds(10)).size();
            assertThat(read(tail, board, first).events()).isEqualTo(2);
            assertThat(asked).as("a first read holds no range yet").hasValue(0);

            vote(board, "carol", 5, now.minusSeconds(50), first.plusMillis(900));
            EventFold second = read(tail, board, first.plusSeconds(1));

            // Held by the first read, and not settled at the second: the buckets that start 60 s
            // before the minute of the first read's "now" and at it (rows inside the 60 s window
            // plus the 10 s margin); the ten before them are settled.
            assertThat(buckets).isGreaterThan(10);
            assertThat(second.events()).isEqualTo(3);
            assertThat(second.tallies().get("carol").sum()).isEqualTo(5);
            assertThat(second.tallies().get("alice").sum()).isEqualTo(2);
            return asked.get();
        }
    }

    /**
     * A bucket that many late votes landed in (an import of votes without times stamps them all
     * with its start): each read follows only the marks new since the read before, and reads only
     * the events they name, however many marks the bucket holds.
     */
    @Test
    void eachReadFollowsOnlyTheMarksNewSinceTheLastOne() {
        BoardSettings board = board("many_marks");
        LiveTail tail = new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
        vote(board, "alice", 1, now.minusSeconds(30));
        tail.read(board.epoch(), now, now.plusSeconds(10));
        for (int i = 0; i < 300; i++) {
            vote(board, "imported-" + i, 1, now.minusSeconds(40), now.plusMillis(100 + i));
        }

        LiveTail.Read imported = tail.read(board.epoch(), now.plusSeconds(1), now.plusSeconds(11));
        vote(board, "one-more", 2, now.minusSeconds(40), now.plusSeconds(2));
        LiveTail.Read next = tail.read(board.epoch(), now.plusSeconds(3), now.plusSeconds(13));
        LiveTail.Read quiet = tail.read(board.epoch(), now.plusSeconds(4), now.plusSeconds(14));

        assertThat(imported.lateRead()).isEqualTo(300);
        assertThat(imported.delta().users()).isEqualTo(300);
        assertThat(next.lateRead()).as("of 301 marks in the bucket").isEqualTo(1);
        assertThat(next.delta().users()).isEqualTo(1);
        assertThat(next.delta().get("one-more").sum()).isEqualTo(2);
        assertThat(quiet.lateRead()).isZero();
        assertThat(quiet.events()).isEqualTo(302);
        assertThat(LiveTail.fold(quiet).tallies().users()).isEqualTo(302);
    }

    /**
     * A late vote stored while a read runs, after that read's request for the rows past its held
     * range but before its request for the marks: the read sees the mark without the row. The event
     * is then read by its key, so it is counted by that read and every read after it, though its
     * time is in the range that read holds from then on.
     */
    @Test
    void aLateVoteWhoseMarkARaceShowsBeforeItsRowIsCountedFromThenOn() {
        BoardSettings board =
                new BoardSettings("race", 60, UniqueVotes.NONE, 60, 1, 4, now.minusSeconds(120));
        // In the bucket before "now", whose partition holds a range from the first read on.
        Instant raceTime = now.minusMillis(200);
        Instant bucket = board.buckets().floor(raceTime);
        try (Race race = new Race(board, bucket, raceTime)) {
            LiveTail tail = tailOver(race.session, board);
            vote(board, "alice", 1, now.minusSeconds(5));
            tail.read(board.epoch(), now, now.plusSeconds(10));

            race.armed.set(true);
            LiveTail.Read raced = tail.read(board.epoch(), now.plusSeconds(1), now.plusSeconds(11));
            race.armed.set(false);
            LiveTail.Read after = tail.read(board.epoch(), now.plusSeconds(2), now.plusSeconds(12));

            assertThat(race.stored).as("the race was staged").isDone();
            assertThat(raced.lateRead()).isEqualTo(1);
            assertThat(raced.stable().get("raced").sum()).isEqualTo(9);
            assertThat(after.stable().get("raced").sum())
                    .as("counted by the read after, too")
                    .isEqualTo(9);
            assertThat(after.events()).isEqualTo(2);
        }
    }

    /**
     * The marks are asked for the whole board at once, so an ask returns marks of buckets that held
     * no range before the read too, such as the bucket a read reads for the first time. A late vote
     * of that bucket stored after the read's request for its rows, and before the ask: the read
     * sees its mark without its row, and cannot follow it yet (the bucket holds nothing for it to
     * land in). The mark is not taken as seen, so the next read, which holds the bucket's range,
     * follows it and counts the vote.
     */
    @Test
    void aLateVoteOfABucketReadForTheFirstTimeWhileItsMarkIsAskedIsCountedByTheNextRead() {
        BoardSettings board =
                new BoardSettings(
                        "first_race", 60, UniqueVotes.NONE, 60, 1, 4, now.minusSeconds(120));
        // In the bucket that starts at "now", read for the first time by the second read, and
        // behind where that read's held range ends (half a second before its "now").
        Instant raceTime = now.plusMillis(200);
        try (Race race = new Race(board, now, raceTime)) {
            LiveTail tail = tailOver(race.session, board);
            vote(board, "alice", 1, now.minusSeconds(5));
            // Up to the bucket's start: the bucket is not read yet (votes stamped ahead of it).
            tail.read(board.epoch(), now.minusSeconds(1), now);

            race.armed.set(true);
            LiveTail.Read raced = tail.read(board.epoch(), now.plusSeconds(1), now.plusSeconds(11));
            race.armed.set(false);
            long racedCount = raced.stable().get("raced").count();
            LiveTail.Read after = tail.read(board.epoch(), now.plusSeconds(2), now.plusSeconds(12));

            assertThat(race.stored).as("the race was staged").isDone();
            assertThat(raced.lateRead()).as("the mark not followed yet").isZero();
            assertThat(racedCount)
                    .as("stored behind what the race's read read of its bucket")
                    .isZero();
            assertThat(after.lateRead()).isEqualTo(1);
            assertThat(after.stable().get("raced").sum())
                    .as("counted by the read after")
                    .isEqualTo(9);
            assertThat(after.events()).isEqualTo(2);
        }
    }

    /**
     * A session on which, while {@code armed}, the request for the rows of {@code bucket} is
     * answered, then a late vote ("raced", 9 votes at {@code raceTime}, stored and marked 1.1 s
     * after "now") is stored before the answer is returned, and the ask for the late marks is sent
     * only once that vote is stored.
     */
    private final class Race implements AutoCloseable {

        final CompletableFuture<Void> stored = new CompletableFuture<>();
        final AtomicBoolean armed = new AtomicBoolean();
        final CqlSession session;
        private final ExecutorService writer = Executors.newSingleThreadExecutor();

        Race(BoardSettings board, Instant bucket, Instant raceTime) {
            session =
                    reordering(
                            statement -> {
                                if (!armed.get() || !(statement instanceof BoundStatement bound)) {
                                    return null;
                                }
                                String query = bound.getPreparedStatement().getQuery();
                                if (query.contains("late_marks")) {
                                    return Order.AFTER_STORE;
                                }
                                return query.contains("vote_events")
                                                && !query.contains("count")
                                                && bucket.equals(bound.getInstant(1))
                                        ? Order.THEN_STORE
                                        : null;
                            },
                            () ->
                                    CompletableFuture.runAsync(
                                            () -> {
                                                if (!stored.isDone()) {
                                                    vote(
                                                            board,
                                                            "raced",
                                                            9,
                                                            raceTime,
                                                            now.plusMillis(1100));
                                                    stored.complete(null);
                                                }
                                            },
                                            writer),
                            stored);
        }

        @Override
        public void close() {
            writer.shutdownNow();
        }
    }

    private enum Order {
        /** Sent once the race's vote is stored. */
        AFTER_STORE,
        /** Sent at once; the race's vote is stored once it is answered, before it is returned. */
        THEN_STORE
    }

    /**
     * {@link #SESSION} with the requests {@code order} names run in that order around {@code store}
     * (null: sent as they are).
     */
    private static CqlSession reordering(
            Function<Object, Order> order,
            java.util.function.Supplier<CompletableFuture<Void>> store,
            CompletableFuture<Void> stored) {
        return (CqlSession)
                Proxy.newProxyInstance(
                        CqlSession.class.getClassLoader(),
                        new Class<?>[] {CqlSession.class},
                        (proxy, method, arguments) -> {
                            Order how =
                                    method.getName().equals("executeAsync")
                                                    && arguments != null
                                                    && arguments.length == 1
                                            ? order.apply(arguments[0])
                                            : null;
                            if (how == Order.AFTER_STORE) {
                                return stored.thenCompose(
                                        done -> SESSION.executeAsync((Statement<?>) arguments[0]));
                            }
                            if (how == Order.THEN_STORE) {
                                return SESSION.executeAsync((Statement<?>) arguments[0])
                                        .thenCompose(page -> store.get().thenApply(done -> page));
                            }
                            try {
                                return method.invoke(SESSION, arguments);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                        });
    }

    /**
     * Following the writers' progress, a read holds the rows up to the lowest mark the read before
     * it found, not only up to the held lag before its "now": a row stored afterwards behind that
     * mark, without a late mark (which its writer would have written, since its time is below the
     * writer's mark), is not looked for, and the next reads are sent only the rows from the mark
     * on.
     */
    @Test
    void followingProgressARowIsHeldFromTheWritersLowestMarkOn() {
        SESSION.execute("TRUNCATE writer_progress");
        BoardSettings board = board("progress");
        LiveTail tail =
                new LiveTail(
                        board, FOLDS, MARGIN, LAG, MARK_LAG, false, false, true, Duration.ZERO);
        Instant readAt = now.plusSeconds(30);
        progress(readAt.minusMillis(20), readAt.minusMillis(5));
        vote(board, "alice", 1, readAt.minusMillis(300));
        vote(board, "bob", 1, readAt.minusMillis(10));

        twoReadsThenCarolOnTime(tail, board, readAt);
        LiveTail.Read third =
                tail.read(board.epoch(), readAt.plusMillis(2), readAt.plusSeconds(10));

        assertThat(third.rowsSent()).as("bob's row alone, from the lowest mark on").isEqualTo(1);
        assertThat(LiveTail.fold(third).events()).isEqualTo(2);
        assertThat(LiveTail.fold(third).tallies().get("carol").count()).isZero();
        assertThat(
                        read(
                                        new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false),
                                        board,
                                        readAt)
                                .events())
                .as("a reader holding by its lag alone reads it")
                .isEqualTo(3);
    }

    /** With no writer's row the held lag alone decides, as without following progress. */
    @Test
    void followingProgressWithNoWriterRowTheHeldLagDecides() {
        SESSION.execute("TRUNCATE writer_progress");
        BoardSettings board = board("no-progress");
        LiveTail tail =
                new LiveTail(
                        board, FOLDS, MARGIN, LAG, MARK_LAG, false, false, true, Duration.ZERO);
        Instant readAt = now.plusSeconds(30);
        vote(board, "alice", 1, readAt.minusMillis(300));

        twoReadsThenCarolOnTime(tail, board, readAt);
        EventFold third = read(tail, board, readAt.plusMillis(2));

        assertThat(third.events()).isEqualTo(2);
        assertThat(third.tallies().get("carol").sum()).isEqualTo(1);
    }

    /**
     * Reads ask for the writers' marks at most every {@code query.tail.progress-ask-every}: a
     * reader that asks at most hourly goes on holding by the mark its first read found after the
     * writer's mark has moved, and is sent bob's row again at every read, while one that may ask at
     * every read holds it from the second ask on.
     */
    @Test
    void followingProgressReadsAskForTheMarksAtMostEveryInterval() {
        SESSION.execute("TRUNCATE writer_progress");
        BoardSettings hourly = board("ask-hourly");
        BoardSettings everyRead = board("ask-every-read");
        LiveTail askingHourly =
                new LiveTail(
                        hourly,
                        FOLDS,
                        MARGIN,
                        LAG,
                        MARK_LAG,
                        false,
                        false,
                        true,
                        Duration.ofHours(1));
        LiveTail askingEveryRead =
                new LiveTail(
                        everyRead, FOLDS, MARGIN, LAG, MARK_LAG, false, false, true, Duration.ZERO);
        Instant readAt = now.plusSeconds(30);
        Instant cutoff = hourly.epoch();
        java.util.UUID writer = java.util.UUID.randomUUID();
        progress(writer, readAt.minusMillis(200));
        vote(hourly, "bob", 1, readAt.minusMillis(100));
        vote(everyRead, "bob", 1, readAt.minusMillis(100));

        for (LiveTail tail : List.of(askingHourly, askingEveryRead)) {
            tail.read(cutoff, readAt, readAt.plusSeconds(10));
        }
        awaitTheAsk();
        progress(writer, readAt.minusMillis(5));
        // The second read asks again if it may; the third holds by what that ask found.
        for (int read = 1; read <= 2; read++) {
            for (LiveTail tail : List.of(askingHourly, askingEveryRead)) {
                tail.read(cutoff, readAt.plusMillis(read), readAt.plusSeconds(10));
            }
            awaitTheAsk();
        }
        LiveTail.Read hourlyFourth =
                askingHourly.read(cutoff, readAt.plusMillis(3), readAt.plusSeconds(10));
        LiveTail.Read everyReadFourth =
                askingEveryRead.read(cutoff, readAt.plusMillis(3), readAt.plusSeconds(10));

        assertThat(hourlyFourth.rowsSent()).as("held from the first ask's mark").isEqualTo(1);
        assertThat(everyReadFourth.rowsSent()).as("held from the moved mark").isZero();
        assertThat(LiveTail.fold(hourlyFourth).events()).isEqualTo(1);
        assertThat(LiveTail.fold(everyReadFourth).events()).isEqualTo(1);
    }

    /**
     * A read (which asks for the writers' marks), a read that holds by what it found, then carol's
     * vote stamped 100 ms before the first read and stored on time (no late mark): behind the
     * writers' marks, inside the held lag.
     */
    private static void twoReadsThenCarolOnTime(LiveTail tail, BoardSettings board, Instant at) {
        read(tail, board, at);
        awaitTheAsk();
        read(tail, board, at.plusMillis(1));
        vote(board, "carol", 1, at.minusMillis(100));
        awaitTheAsk();
    }

    /**
     * Lets a read's ask for the writers' marks complete (no read waits for it; the next one uses it
     * if it has).
     */
    private static void awaitTheAsk() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The row of {@code writer}, stored or moved to {@code mark}. */
    private static void progress(java.util.UUID writer, Instant mark) {
        SESSION.execute(
                "INSERT INTO writer_progress (part, writer, low_mark) VALUES (0, ?, ?)",
                writer,
                mark);
    }

    /** Rows of {@code writer_progress} as writers store them, one per mark. */
    private static void progress(Instant... marks) {
        for (Instant mark : marks) {
            progress(java.util.UUID.randomUUID(), mark);
        }
    }

    /** A tail that follows the marks, reading through {@code session}. */
    private static LiveTail tailOver(CqlSession session, BoardSettings board) {
        return tailOver(session, board, false);
    }

    /** A tail that follows the marks by time, or by bucket, reading through {@code session}. */
    private static LiveTail tailOver(CqlSession session, BoardSettings board, boolean byBucket) {
        return new LiveTail(
                board,
                EventFolds.on(session, Consistency.DEFAULT),
                MARGIN,
                LAG,
                MARK_LAG,
                false,
                byBucket,
                false,
                LiveTail.PROGRESS_ASK_EVERY);
    }

    private static EventFold read(LiveTail tail, BoardSettings board, Instant now) {
        return LiveTail.fold(tail.read(board.epoch(), now, now.plusSeconds(10)));
    }

    private BoardSettings board(String name) {
        return new BoardSettings(name, 60, UniqueVotes.NONE, 60, 4, 4, now.minusSeconds(600));
    }

    /** A vote stored at its own time: not late, no mark. */
    private static void vote(BoardSettings board, String user, int votes, Instant time) {
        vote(board, user, votes, time, time);
    }

    /** A vote stored at {@code storedAt}, as the writer stores it: the row, then a late mark. */
    private static void vote(
            BoardSettings board, String user, int votes, Instant time, Instant storedAt) {
        VoteCastEvent event = store(board, user, votes, time);
        mark(board, event, storedAt);
    }

    /**
     * The late mark of {@code event}, stored at {@code storedAt} as a writer stores it then, by the
     * time it was written and by bucket too (as during an upgrade), for tails that read either.
     */
    private static void mark(BoardSettings board, VoteCastEvent event, Instant storedAt) {
        new LateEventMarks(
                        SESSION,
                        Consistency.DEFAULT,
                        LATE_AFTER,
                        Duration.ofSeconds(1),
                        Clock.fixed(storedAt, ZoneOffset.UTC),
                        null,
                        true)
                .markIfLate(board, event.voteId(), storedAt)
                .toCompletableFuture()
                .join();
    }

    private static VoteCastEvent store(BoardSettings board, String user, int votes, Instant time) {
        VoteCastEvent event =
                new VoteCastEvent(TimeUuids.voteIdAt(time), board.board(), user, "voter", votes);
        EVENTS.insert(board, event, time).toCompletableFuture().join();
        return event;
    }
}
