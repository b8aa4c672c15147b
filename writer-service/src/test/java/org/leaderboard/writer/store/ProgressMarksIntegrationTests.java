package org.leaderboard.writer.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.VoteEventDao;
import org.leaderboard.model.cassandra.WriterProgress;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.TestCassandra;

/**
 * A writer's progress mark against a real Cassandra: query services hold their tail up to the
 * lowest mark of the writers they found, so every event a writer acknowledges with a time below its
 * mark must be stored before the mark moved past it, or be marked late; a writer whose clock is
 * behind the others' starts above their marks; a slow write holds the mark back instead of being
 * marked.
 */
class ProgressMarksIntegrationTests {

    private static final String KEYSPACE = TestCassandra.shared().newKeyspace("progress");
    private static final CqlSession SESSION = TestCassandra.shared().session(KEYSPACE);
    private static final Duration LAG = Duration.ofMillis(10);

    /** Longer than any test, so that only the progress mark decides which events are marked. */
    private static final Duration LATE_AFTER = Duration.ofSeconds(30);

    private static final Duration LEASE = Duration.ofSeconds(10);
    private static final Duration REGISTER_WAIT = Duration.ofMillis(500);

    private final List<ProgressMarks> started = new java.util.ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(ProgressMarks::close);
    }

    @Test
    void aRegisteredWriterKeepsARowWhoseMarkFollowsItsClock() throws Exception {
        ProgressMarks writer = start(Clock.systemUTC());

        Instant first = rowOf(writer);
        assertThat(first).isBetween(Instant.now().minusSeconds(1), Instant.now());
        await().atMost(Duration.ofSeconds(5)).until(() -> rowOf(writer).isAfter(first));
    }

    @Test
    void anEventStampedBelowTheMarkIsMarkedLateAndOneStampedNowIsNot() throws Exception {
        ProgressMarks writer = start(Clock.systemUTC());
        LateEventMarks marks = marks(writer);
        BoardSettings board = board("below-mark");
        UUID fromTheClient = TimeUuids.voteIdAt(Instant.now().minusSeconds(1));
        UUID stampedNow = TimeUuids.voteIdAt(Instant.now());
        writer.writing(fromTheClient);
        writer.writing(stampedNow);

        marks.markIfLate(board, fromTheClient, Instant.now()).toCompletableFuture().join();
        marks.markIfLate(board, stampedNow, Instant.now()).toCompletableFuture().join();

        assertThat(markedEvents(board)).containsExactly(fromTheClient);
    }

    @Test
    void aSlowWriteHoldsTheMarkBackAndIsNotMarked() throws Exception {
        ProgressMarks writer = start(Clock.systemUTC());
        LateEventMarks marks = marks(writer);
        BoardSettings board = board("slow-write");
        UUID slow = TimeUuids.voteIdAt(Instant.now());
        writer.writing(slow);

        // The write takes half a second: the mark, in the store too, stays at its time.
        Thread.sleep(500);
        assertThat(writer.mark()).isBeforeOrEqualTo(TimeUuids.timeOf(slow));
        assertThat(rowOf(writer)).isBeforeOrEqualTo(TimeUuids.timeOf(slow));
        marks.markIfLate(board, slow, Instant.now()).toCompletableFuture().join();

        assertThat(markedEvents(board)).isEmpty();
        await().atMost(Duration.ofSeconds(5))
                .until(() -> rowOf(writer).isAfter(TimeUuids.timeOf(slow)));
    }

    /**
     * A writer whose clock is 2 s behind another's registers after it: query services that did not
     * find it yet hold their tail up to the other's mark, so the events it stamps below that mark
     * are marked until its own clock has passed it.
     */
    @Test
    void aWriterWhoseClockIsBehindMarksItsEventsUntilItPassesTheOthersMarks() throws Exception {
        start(Clock.systemUTC());
        ProgressMarks behind = start(Clock.offset(Clock.systemUTC(), Duration.ofSeconds(-2)));
        LateEventMarks marks = marks(behind);
        BoardSettings board = board("behind");
        UUID early = TimeUuids.voteIdAt(Instant.now().minusSeconds(2));
        behind.writing(early);

        marks.markIfLate(board, early, Instant.now()).toCompletableFuture().join();
        Thread.sleep(2_500);
        UUID later = TimeUuids.voteIdAt(Instant.now().minusSeconds(2));
        behind.writing(later);
        marks.markIfLate(board, later, Instant.now()).toCompletableFuture().join();

        assertThat(markedEvents(board)).containsExactly(early);
    }

    @Test
    void aWriterNotRegisteredYetMarksEveryEvent() {
        ProgressMarks writer =
                new ProgressMarks(
                        ProgressMarks.storeOn(SESSION, Consistency.DEFAULT),
                        Clock.systemUTC(),
                        System::nanoTime,
                        LAG,
                        LATE_AFTER,
                        LEASE,
                        Duration.ofSeconds(5));
        started.add(writer);
        writer.start(Duration.ofMillis(5));
        LateEventMarks marks = marks(writer);
        BoardSettings board = board("unregistered");
        UUID stampedNow = TimeUuids.voteIdAt(Instant.now());
        writer.writing(stampedNow);

        marks.markIfLate(board, stampedNow, Instant.now()).toCompletableFuture().join();

        assertThat(writer.registered()).isFalse();
        assertThat(markedEvents(board)).containsExactly(stampedNow);
    }

    /**
     * Query services find a writer's feed through its row: every write of the row carries the
     * address, and a writer without a feed leaves the column empty.
     */
    @Test
    void theRowPublishesTheWritersFeedAddressOrNone() throws Exception {
        ProgressMarks withFeed = start(Clock.systemUTC(), "10.0.0.7:8089");
        ProgressMarks without = start(Clock.systemUTC());

        assertThat(rowsOf(withFeed))
                .extracting(WriterProgress::feed)
                .containsExactly("10.0.0.7:8089");
        assertThat(rowsOf(without)).extracting(WriterProgress::feed).containsOnlyNulls();
    }

    private ProgressMarks start(Clock clock) throws InterruptedException {
        return start(clock, null);
    }

    private ProgressMarks start(Clock clock, String feed) throws InterruptedException {
        ProgressMarks writer =
                new ProgressMarks(
                        UUID.randomUUID(),
                        feed,
                        ProgressMarks.storeOn(SESSION, Consistency.DEFAULT),
                        clock,
                        System::nanoTime,
                        LAG,
                        LATE_AFTER,
                        LEASE,
                        REGISTER_WAIT);
        started.add(writer);
        writer.start(Duration.ofMillis(5));
        assertThat(writer.awaitRegistered(Duration.ofSeconds(10))).isTrue();
        return writer;
    }

    private static LateEventMarks marks(ProgressMarks progress) {
        return new LateEventMarks(
                SESSION,
                Consistency.DEFAULT,
                LATE_AFTER,
                Duration.ofSeconds(1),
                Clock.systemUTC(),
                progress,
                false);
    }

    private static BoardSettings board(String name) {
        return new BoardSettings(
                name + "-" + UUID.randomUUID(), 60, UniqueVotes.NONE, 60, 8, 16, Instant.now());
    }

    private static List<WriterProgress> rowsOf(ProgressMarks writer) {
        return new VoteEventDao(SESSION, Consistency.DEFAULT)
                .writerProgress().join().stream()
                        .filter(row -> row.writer().equals(writer.writer()))
                        .toList();
    }

    private static Instant rowOf(ProgressMarks writer) {
        return new VoteEventDao(SESSION, Consistency.DEFAULT)
                .writerProgress().join().stream()
                        .filter(row -> row.writer().equals(writer.writer()))
                        .map(WriterProgress::lowMark)
                        .findFirst()
                        .orElseThrow();
    }

    private static List<UUID> markedEvents(BoardSettings board) {
        return SESSION
                .execute(
                        "SELECT event_id FROM late_marks_by_time WHERE board = ? ALLOW FILTERING",
                        board.board())
                .all()
                .stream()
                .map(row -> row.getUuid(0))
                .toList();
    }
}
