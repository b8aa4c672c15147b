package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.time.Hashing;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.writer.store.LateEventMarks;

/**
 * Query services hold the tail rows they have read and look behind them only where a writer left a
 * late mark, so every event whose writes complete more than {@code writer.late-after} (50 ms) after
 * its own time must be marked before it is acknowledged: a client's voteId from the past, a slow
 * insert, a unique vote, a retraction. Events stored on time leave no mark (marks cost a write
 * each, and a read by key on every query replica).
 */
class LateMarksIntegrationTests extends WriterIntegrationTestBase {

    /** Longer than writer.late-after, well inside the 60 s write window. */
    private static final Duration LATE = Duration.ofSeconds(2);

    /** The defaults of writer.late-after and writer.late-mark-within. */
    private static final Duration LATE_AFTER = Duration.ofMillis(50);

    private static final Duration MARK_WITHIN = Duration.ofSeconds(1);

    @Test
    void aVoteFromThePastIsMarkedAndAVoteOnTimeIsNot() {
        String board = newBoard("marks");
        assertThat(createBoard(board).status()).isEqualTo(201);
        UUID old = TimeUuids.voteIdAt(clock.instant().minus(LATE));
        UUID onTime = onTime();

        assertThat(post("/boards/" + board + "/votes", vote(old, "u1", 1)).status()).isEqualTo(202);
        assertThat(post("/boards/" + board + "/votes", vote(onTime, "u2", 1)).status())
                .isEqualTo(202);

        assertThat(marks(board)).containsExactly(old);
    }

    @Test
    void aVoteWhoseInsertCompletesLateIsMarked() {
        String board = newBoard("slow-mark");
        assertThat(createBoard(board).status()).isEqualTo(201);
        UUID voteId = voteIdNow();

        // The request reads the clock, then the store takes 2 s (inside the 60 s window).
        clock.advanceAfterNextRead(LATE);
        assertThat(post("/boards/" + board + "/votes", vote(voteId, "u1", 1)).status())
                .isEqualTo(202);

        assertThat(marks(board)).containsExactly(voteId);
    }

    @Test
    void onlyTheLateVotesOfABatchAreMarked() {
        String board = newBoard("batch-marks");
        assertThat(createBoard(board).status()).isEqualTo(201);
        UUID old = TimeUuids.voteIdAt(clock.instant().minus(LATE));
        UUID onTime = onTime();

        Answer batch =
                post(
                        "/boards/" + board + "/votes/batch",
                        "{\"votes\":[" + vote(old, "u1", 1) + "," + vote(onTime, "u2", 1) + "]}");

        assertThat(batch.status()).isEqualTo(200);
        assertThat(marks(board)).containsExactly(old);
    }

    @Test
    void aLateUniqueVoteAndALateRetractionAreMarked() {
        String board = newBoard("unique-marks");
        assertThat(
                        post(
                                        "/boards",
                                        "{\"board\":\""
                                                + board
                                                + "\",\"uniqueVotes\":\"PER_BOARD\"}")
                                .status())
                .isEqualTo(201);
        UUID old = TimeUuids.voteIdAt(clock.instant().minus(LATE));
        assertThat(post("/boards/" + board + "/votes", vote(old, "u1", 1)).status()).isEqualTo(202);

        clock.advanceAfterNextRead(LATE);
        Answer retraction = post("/boards/" + board + "/votes/" + old + "/retraction", "");

        assertThat(retraction.status()).isEqualTo(202);
        UUID retractionId = UUID.fromString(retraction.text("retractionId"));
        assertThat(marks(board)).containsExactlyInAnyOrder(old, retractionId);
    }

    /**
     * Query services read only the marks with ids from about their last read on, so a mark must be
     * stored within writer.late-mark-within of its own id: one that took longer is written again
     * with a new id while the event's window is open, and if no write is quick enough the event is
     * not acknowledged.
     */
    @Test
    void aMarkThatTookLongerThanLateAfterToStoreIsWrittenAgainWithANewId() {
        Instant start = clock.instant();
        BoardSettings board =
                new BoardSettings(newBoard("slow-marks"), 60, UniqueVotes.NONE, 60, 8, 16, start);
        UUID old = TimeUuids.voteIdAt(start.minus(LATE));
        // The first write of the mark takes 2 s by this clock; the second is instant.
        Clock slowOnce = new SteppingClock(start, LATE, 1);

        mark(board, old, start, slowOnce).join();

        assertThat(markIds(board.board(), old))
                .as("the mark written at the start, and again 2 s later")
                .containsExactlyInAnyOrder(start.toEpochMilli(), start.plus(LATE).toEpochMilli());

        UUID other = TimeUuids.voteIdAt(start.minus(LATE));
        Clock alwaysSlow = new SteppingClock(start, LATE, Integer.MAX_VALUE);
        assertThatThrownBy(() -> mark(board, other, start, alwaysSlow).join())
                .hasCauseInstanceOf(LateEventMarks.MarkTooSlowException.class);
        assertThat(markIds(board.board(), other)).hasSize(10);

        // Its window closes 5 s after the start: the second slow write ends past it, no third.
        UUID closing = TimeUuids.voteIdAt(start.minusSeconds(55));
        Clock slow = new SteppingClock(start, LATE, Integer.MAX_VALUE);
        assertThatThrownBy(() -> mark(board, closing, start, slow).join())
                .hasCauseInstanceOf(LateEventMarks.MarkTooSlowException.class);
        assertThat(markIds(board.board(), closing)).hasSize(2);
    }

    /**
     * A mark is found where query services look for it: in the minute of its own id, naming the
     * event's bucket and shard. Only a writer set to write marks by bucket as well (for query
     * services of the versions before, during an upgrade) writes it to {@code late_marks} too.
     */
    @Test
    void aMarkIsStoredByTheMinuteOfItsIdAndByBucketOnlyWhenAskedTo() {
        Instant start = Instant.parse("2026-11-30T10:00:59.990Z");
        BoardSettings board =
                new BoardSettings(newBoard("minute-marks"), 60, UniqueVotes.NONE, 60, 8, 16, start);
        UUID old = TimeUuids.voteIdAt(start.minus(LATE));
        Clock fixed = Clock.fixed(start, ZoneOffset.UTC);

        mark(board, old, start, fixed).join();

        var row =
                SESSION.execute(
                                "SELECT minute, bucket, shard, event_id FROM late_marks_by_time"
                                        + " WHERE board = ? AND minute = ?",
                                board.board(),
                                Instant.parse("2026-11-30T10:00:00Z"))
                        .one();
        assertThat(row).as("the mark, in the minute of its id").isNotNull();
        assertThat(row.getUuid("event_id")).isEqualTo(old);
        assertThat(row.getInstant("bucket")).isEqualTo(board.buckets().floor(start.minus(LATE)));
        assertThat(row.getInt("shard")).isEqualTo(Hashing.shardOf(old, board.shards()));
        assertThat(byBucket(board.board())).as("late_marks, not asked for").isEmpty();

        UUID other = TimeUuids.voteIdAt(start.minus(LATE));
        new LateEventMarks(SESSION, Consistency.DEFAULT, LATE_AFTER, MARK_WITHIN, fixed, null, true)
                .markIfLate(board, other, start)
                .toCompletableFuture()
                .join();

        assertThat(byBucket(board.board())).containsExactly(other);
        assertThat(marks(board.board())).containsExactlyInAnyOrder(old, other);
    }

    /** Marks {@code event}, stored at {@code completedAt}, as the writer does, by {@code clock}. */
    private static CompletableFuture<Void> mark(
            BoardSettings board, UUID event, Instant completedAt, Clock clock) {
        return new LateEventMarks(SESSION, Consistency.DEFAULT, LATE_AFTER, MARK_WITHIN, clock)
                .markIfLate(board, event, completedAt)
                .toCompletableFuture();
    }

    /**
     * A vote stored on time whatever the store's speed: stamped 1 s ahead (inside
     * writer.max-clock-skew, as a client clock a little ahead), so its writes complete before its
     * time, not more than writer.late-after after it (a vote stamped now was marked when a cold
     * writer took longer than that to store it).
     */
    private UUID onTime() {
        return TimeUuids.voteIdAt(clock.instant().plusSeconds(1));
    }

    /** The times of the ids of {@code event}'s marks. */
    private static List<Long> markIds(String board, UUID event) {
        return SESSION
                .execute(
                        "SELECT mark_id, event_id FROM late_marks_by_time WHERE board = ?"
                                + " ALLOW FILTERING",
                        board)
                .all()
                .stream()
                .filter(row -> row.getUuid(1).equals(event))
                .map(row -> TimeUuids.timeOf(row.getUuid(0)).toEpochMilli())
                .toList();
    }

    /**
     * A clock that moves {@code step} forward at each of its first {@code steps} reads after the
     * first.
     */
    private static final class SteppingClock extends Clock {
        private final Instant start;
        private final Duration step;
        private final int steps;
        private int reads;

        SteppingClock(Instant start, Duration step, int steps) {
            this.start = start;
            this.step = step;
            this.steps = steps;
        }

        @Override
        public synchronized Instant instant() {
            int moved = Math.min(reads, steps);
            reads++;
            return start.plus(step.multipliedBy(moved));
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }

    private static Set<UUID> marks(String board) {
        return eventsMarkedIn("late_marks_by_time", board);
    }

    private static Set<UUID> byBucket(String board) {
        return eventsMarkedIn("late_marks", board);
    }

    private static Set<UUID> eventsMarkedIn(String table, String board) {
        List<UUID> ids =
                SESSION
                        .execute(
                                "SELECT event_id FROM "
                                        + table
                                        + " WHERE board = ? ALLOW FILTERING",
                                board)
                        .all()
                        .stream()
                        .map(row -> row.getUuid(0))
                        .toList();
        return ids.stream().collect(Collectors.toSet());
    }
}
