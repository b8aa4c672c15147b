package org.leaderboard.query.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.TestCassandra;
import org.leaderboard.writer.store.LateEventMarks;
import org.leaderboard.writer.store.VoteEventWriter;

/**
 * Reads from the writers' feeds between reads of the store, against a real Cassandra: every event a
 * feed gives is counted once, whether a read of the store has counted it already or counts it
 * later, wherever its time falls (ahead of the held range, or inside it as a late vote); and a read
 * the feeds cannot make alone is refused, so that the store is read instead. A read of the store
 * may run while feeds are read beside it: what they gave meanwhile is taken in with its rows,
 * counted once.
 */
class LiveTailFedIntegrationTests {

    private static final String KEYSPACE = TestCassandra.shared().newKeyspace("live_tail_fed");
    private static final CqlSession SESSION = TestCassandra.shared().session(KEYSPACE);
    private static final VoteEventWriter EVENTS = new VoteEventWriter(SESSION, Consistency.DEFAULT);
    private static final EventFolds FOLDS = EventFolds.on(SESSION, Consistency.DEFAULT);
    private static final Duration MARGIN = Duration.ofSeconds(10);
    private static final Duration LAG = Duration.ofMillis(500);
    private static final Duration MARK_LAG = Duration.ofSeconds(2);

    private final Instant now = Instant.now().truncatedTo(ChronoUnit.MINUTES);

    @AfterAll
    static void closeSession() {
        SESSION.close();
    }

    @Test
    void anEventFedAheadOfTheHeldRangeIsCountedOnceByFeedsAndStoreReadsTogether() {
        BoardSettings board = board("fed-ahead", UniqueVotes.NONE);
        LiveTail tail = tail(board);
        StoredEvent alice = store(board, "alice", 3, now.minusSeconds(5));
        tail.read(board.epoch(), now, now.plusSeconds(10));

        StoredEvent bob = store(board, "bob", 2, now.plusMillis(100));
        LiveTail.Read fed = tail.fed(List.of(bob), board.epoch());
        LiveTail.Read again = tail.fed(List.of(bob, bob), board.epoch());
        LiveTail.Read store = tail.read(board.epoch(), now.plusMillis(200), now.plusSeconds(10));
        LiveTail.Read held = tail.read(board.epoch(), now.plusSeconds(2), now.plusSeconds(12));

        assertThat(fed.delta().asMap()).containsOnlyKeys("bob");
        assertThat(fed.delta().get("bob").sum()).isEqualTo(2);
        assertThat(fed.stable().get("bob").sum()).isEqualTo(2);
        assertThat(fed.rowsSent()).as("nothing read from the store").isZero();
        assertThat(again.delta().isEmpty()).as("an event fed twice is counted once").isTrue();
        assertThat(store.delta().isEmpty()).as("the store read counted it already").isTrue();
        assertThat(held.delta().isEmpty()).as("nor once it is held").isTrue();
        EventFold all = LiveTail.fold(held);
        assertThat(all.tallies().get("alice").sum()).isEqualTo(alice.votes());
        assertThat(all.tallies().get("bob").sum()).isEqualTo(2);
        assertThat(held.events()).isEqualTo(2);
    }

    @Test
    void anEventTheStoreReadCountedBeforeItWasFedIsNotCountedAgain() {
        BoardSettings board = board("fed-after", UniqueVotes.NONE);
        LiveTail tail = tail(board);
        StoredEvent carol = store(board, "carol", 4, now.minusMillis(300));
        StoredEvent dave = store(board, "dave", 1, now.minusSeconds(20));
        tail.read(board.epoch(), now, now.plusSeconds(10));

        LiveTail.Read fed = tail.fed(List.of(dave, carol), board.epoch());

        assertThat(fed.delta().isEmpty()).isTrue();
        assertThat(fed.stable().get("carol").sum()).isEqualTo(4);
        assertThat(fed.stable().get("dave").sum()).isEqualTo(1);
    }

    /**
     * A late vote (a client's own time, older than the held range) fed before any read of the store
     * saw it goes into the held slice of its time; the store read that then follows its late mark
     * finds it there and does not count it again.
     */
    @Test
    void aLateVoteFedIntoAHeldRangeIsCountedOnceWhenItsMarkIsFollowed() {
        BoardSettings board = board("fed-late", UniqueVotes.NONE);
        LiveTail tail = tail(board);
        for (int i = 0; i < 10; i++) {
            store(board, "user-" + i, 1, now.minusSeconds(40).plusMillis(i * 100L));
        }
        tail.read(board.epoch(), now, now.plusSeconds(10));
        tail.read(board.epoch(), now.plusMillis(200), now.plusSeconds(10));

        StoredEvent late = store(board, "late", 7, now.minusSeconds(39).minusMillis(550));
        mark(board, late, now.plusMillis(300));
        LiveTail.Read fed = tail.fed(List.of(late), board.epoch());
        LiveTail.Read store = tail.read(board.epoch(), now.plusMillis(400), now.plusSeconds(10));

        assertThat(fed.delta().get("late").sum()).isEqualTo(7);
        assertThat(store.lateRead()).as("its mark is followed").isEqualTo(1);
        assertThat(store.delta().isEmpty()).as("and finds it counted").isTrue();
        assertThat(store.stable().get("late").sum()).isEqualTo(7);
        assertThat(store.events()).isEqualTo(11);
    }

    /**
     * A read of the store runs while reads of the feeds go on beside it: those change nothing the
     * store read started from and rank what they were fed on top; once the store read is taken in,
     * the fed events are added, each counted once, whether the store read found it (stored before
     * it started) or not (stored after its requests were answered).
     */
    @Test
    void eventsFedWhileAReadOfTheStoreRunsAreCountedOnceWhenItIsTakenIn() {
        BoardSettings board = board("fed-beside", UniqueVotes.NONE);
        LiveTail tail = tail(board);
        StoredEvent alice = store(board, "alice", 3, now.minusSeconds(5));
        tail.read(board.epoch(), now, now.plusSeconds(10));
        StoredEvent bob = store(board, "bob", 2, now.plusMillis(100));

        LiveTail.Reading reading =
                tail.start(board.epoch(), now.plusMillis(200), now.plusSeconds(10));
        LiveTail.Read first = tail.aside(List.of(bob), board.epoch());
        await().atMost(Duration.ofSeconds(30)).until(reading::isDone);
        StoredEvent carol = store(board, "carol", 4, now.plusMillis(300));
        LiveTail.Read second = tail.aside(List.of(bob, carol, bob), board.epoch());

        assertThat(first.delta().isEmpty()).as("an aside read adds nothing to the sum").isTrue();
        assertThat(first.unsettled().asMap()).containsOnlyKeys("bob");
        assertThat(second.unsettled().get("bob").sum()).as("fed twice, ranked once").isEqualTo(2);
        assertThat(second.unsettled().get("carol").sum()).isEqualTo(4);
        assertThat(second.stable().asMap())
                .as("the sum the read started from")
                .containsOnlyKeys("alice");
        assertThatThrownBy(() -> tail.fed(List.of(carol), board.epoch()))
                .isInstanceOf(IllegalStateException.class);

        LiveTail.Read store = reading.complete();
        LiveTail.Read fed = tail.fed(List.of(bob, carol, bob), board.epoch());
        LiveTail.Read next = tail.read(board.epoch(), now.plusSeconds(2), now.plusSeconds(12));

        assertThat(store.delta().asMap())
                .as("the store read found bob, not carol")
                .containsOnlyKeys("bob");
        assertThat(fed.delta().asMap())
                .as("of the fed events, only carol was not counted")
                .containsOnlyKeys("carol");
        assertThat(next.delta().isEmpty()).as("nothing counted twice by the next read").isTrue();
        EventFold all = LiveTail.fold(next);
        assertThat(all.tallies().get("alice").sum()).isEqualTo(alice.votes());
        assertThat(all.tallies().get("bob").sum()).isEqualTo(2);
        assertThat(all.tallies().get("carol").sum()).isEqualTo(4);
        assertThat(next.events()).isEqualTo(3);
    }

    /**
     * A late vote fed while a read of the store runs is ranked on top; taken in after that read, it
     * goes into the held slice of its time, and the read that follows its mark does not count it
     * again.
     */
    @Test
    void aLateVoteFedWhileAReadOfTheStoreRunsIsCountedOnce() {
        BoardSettings board = board("fed-beside-late", UniqueVotes.NONE);
        LiveTail tail = tail(board);
        for (int i = 0; i < 10; i++) {
            store(board, "user-" + i, 1, now.minusSeconds(40).plusMillis(i * 100L));
        }
        tail.read(board.epoch(), now, now.plusSeconds(10));
        LiveTail.Reading reading =
                tail.start(board.epoch(), now.plusMillis(200), now.plusSeconds(10));
        await().atMost(Duration.ofSeconds(30)).until(reading::isDone);

        StoredEvent late = store(board, "late", 7, now.minusSeconds(39).minusMillis(550));
        mark(board, late, now.plusMillis(300));
        LiveTail.Read aside = tail.aside(List.of(late), board.epoch());
        LiveTail.Read store = reading.complete();
        LiveTail.Read fed = tail.fed(List.of(late), board.epoch());
        LiveTail.Read next = tail.read(board.epoch(), now.plusMillis(400), now.plusSeconds(10));

        assertThat(aside.unsettled().get("late").sum()).isEqualTo(7);
        assertThat(store.delta().asMap()).doesNotContainKey("late");
        assertThat(fed.delta().get("late").sum()).isEqualTo(7);
        assertThat(next.lateRead()).as("its mark is followed").isEqualTo(1);
        assertThat(next.delta().isEmpty()).as("and finds it counted").isTrue();
        assertThat(next.stable().get("late").sum()).isEqualTo(7);
        assertThat(next.events()).isEqualTo(11);
    }

    /**
     * A read given up (a failure elsewhere) leaves the tail as it was: the next read counts all.
     */
    @Test
    void aReadOfTheStoreGivenUpLeavesTheTailAsItWas() {
        BoardSettings board = board("fed-beside-abandoned", UniqueVotes.NONE);
        LiveTail tail = tail(board);
        store(board, "alice", 3, now.minusSeconds(5));
        tail.read(board.epoch(), now, now.plusSeconds(10));
        StoredEvent bob = store(board, "bob", 2, now.plusMillis(100));
        LiveTail.Reading reading =
                tail.start(board.epoch(), now.plusMillis(200), now.plusSeconds(10));
        assertThat(tail.aside(List.of(bob), board.epoch()).unsettled().get("bob").sum())
                .isEqualTo(2);

        reading.abandon();
        LiveTail.Read next = tail.read(board.epoch(), now.plusMillis(300), now.plusSeconds(10));

        assertThat(next.delta().asMap()).containsOnlyKeys("bob");
        assertThat(LiveTail.fold(next).tallies().get("alice").sum()).isEqualTo(3);
        assertThatThrownBy(reading::complete).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void anEventOfABucketTheSnapshotHoldsIsLeftToIt() {
        BoardSettings board = board("fed-before-cutoff", UniqueVotes.NONE);
        LiveTail tail = tail(board);
        Instant cutoff = now.minusSeconds(60);
        tail.read(cutoff, now, now.plusSeconds(10));
        StoredEvent old = store(board, "old", 5, cutoff.minusSeconds(1));

        LiveTail.Read fed = tail.fed(List.of(old), cutoff);

        assertThat(fed.delta().isEmpty()).isTrue();
        assertThat(fed.stable().isEmpty()).isTrue();
    }

    @Test
    void feedsAloneDoNotMakeAReadBeforeTheStoreWasReadOrWhenAClaimDecides() {
        BoardSettings plain = board("fed-refused", UniqueVotes.NONE);
        LiveTail fresh = tail(plain);
        StoredEvent vote = store(plain, "erin", 1, now.minusSeconds(1));
        assertThat(fresh.fed(List.of(vote), plain.epoch())).as("no read of the store yet").isNull();

        fresh.read(plain.epoch(), now, now.plusSeconds(10));
        StoredEvent retraction =
                new StoredEvent(
                        TimeUuids.voteIdAt(now.minusMillis(10)), "erin", "voter", 1, vote.voteId());
        assertThat(fresh.fed(List.of(retraction), plain.epoch()))
                .as("a retraction counts only if it won its claim")
                .isNull();
        assertThat(fresh.fed(List.of(vote), plain.epoch())).isNotNull();

        BoardSettings unique = board("fed-unique", UniqueVotes.PER_BOARD);
        LiveTail uniqueTail = tail(unique);
        StoredEvent claimed = store(unique, "frank", 1, now.minusSeconds(1));
        uniqueTail.read(unique.epoch(), now, now.plusSeconds(10));
        assertThat(uniqueTail.fed(List.of(), unique.epoch()))
                .as("a held unique vote counts only once its claim is decided")
                .isNull();
        assertThat(claimed.voteId()).isNotNull();
    }

    /** A tail that asks for the writers, with {@code writer} registered at {@code feed}. */
    private LiveTail tailWithWriter(BoardSettings board, UUID writer, String feed) {
        SESSION.execute(
                "INSERT INTO writer_progress (part, writer, low_mark, feed) VALUES (0, ?, ?, ?)",
                writer,
                now,
                feed);
        return new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false, false, true, Duration.ZERO);
    }

    @Test
    void theWritersAreThoseOfAnAskThatStartedLateEnough() throws InterruptedException {
        BoardSettings board = board("fed-writers", UniqueVotes.NONE);
        UUID writer = UUID.randomUUID();
        LiveTail tail = tailWithWriter(board, writer, "127.0.0.1:1");
        long before = System.nanoTime();
        assertThat(tail.writersAskedSince(before)).as("no ask yet").isNull();

        // An ask is used only if it completed within 250 ms: asked again until one did.
        List<org.leaderboard.model.cassandra.WriterProgress> found = null;
        for (int i = 0; i < 200 && found == null; i++) {
            tail.askProgress();
            Thread.sleep(20);
            found = tail.writersAskedSince(before);
        }
        long after = System.nanoTime();

        assertThat(found).isNotNull();
        assertThat(found)
                .anySatisfy(
                        row -> {
                            assertThat(row.writer()).isEqualTo(writer);
                            assertThat(row.feed()).isEqualTo("127.0.0.1:1");
                        });
        assertThat(tail.writersAskedSince(after)).as("that ask started too early").isNull();
    }

    /**
     * The first read after a pause asks for the writers again: the ask it started is waited for (no
     * sleep between the ask and the question), instead of that read going to the store.
     */
    @Test
    void anAskStillRunningThatStartedLateEnoughIsWaitedFor() {
        BoardSettings board = board("fed-ask-waited", UniqueVotes.NONE);
        UUID writer = UUID.randomUUID();
        LiveTail tail = tailWithWriter(board, writer, "127.0.0.1:2");

        // Asked again if one did not complete within 250 ms (a busy machine).
        List<org.leaderboard.model.cassandra.WriterProgress> found = null;
        for (int i = 0; i < 20 && found == null; i++) {
            long before = System.nanoTime();
            tail.askProgress();
            found = tail.writersAskedSince(before);
        }

        assertThat(found).isNotNull();
        assertThat(found).anySatisfy(row -> assertThat(row.writer()).isEqualTo(writer));
    }

    private static LiveTail tail(BoardSettings board) {
        return new LiveTail(board, FOLDS, MARGIN, LAG, MARK_LAG, false);
    }

    private BoardSettings board(String name, UniqueVotes unique) {
        return new BoardSettings(name, 60, unique, 60, 4, 4, now.minusSeconds(600));
    }

    /** A vote stored as the writer stores it, as its feed gives it. */
    private static StoredEvent store(BoardSettings board, String user, int votes, Instant time) {
        VoteCastEvent event =
                new VoteCastEvent(TimeUuids.voteIdAt(time), board.board(), user, "voter", votes);
        EVENTS.insert(board, event, time).toCompletableFuture().join();
        return new StoredEvent(event.voteId(), user, "voter", votes, null);
    }

    /** The late mark of {@code event}, stored at {@code storedAt} as a writer stores it then. */
    private static void mark(BoardSettings board, StoredEvent event, Instant storedAt) {
        new LateEventMarks(
                        SESSION,
                        Consistency.DEFAULT,
                        Duration.ofMillis(200),
                        Duration.ofSeconds(1),
                        Clock.fixed(storedAt, ZoneOffset.UTC),
                        null,
                        true)
                .markIfLate(board, event.voteId(), storedAt)
                .toCompletableFuture()
                .join();
    }
}
