package org.leaderboard.writer.command;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.time.TimeUuids;

/**
 * Invariant 3: a vote's time must lie in [now - board.writeWindow, now + maxClockSkew]. Refusing
 * older votes is what freezes the past, so snapshots of it never miss a late event; refusing votes
 * from the far future keeps them from landing behind a cutoff that has already passed.
 */
record WriteWindow(Duration maxClockSkew) {

    /** Why the vote is outside the window, or empty when it is inside (both ends inclusive). */
    Optional<VoteOutsideWindowException> check(BoardSettings board, UUID voteId, Instant now) {
        Instant voteTime = TimeUuids.timeOf(voteId);
        Duration age = Duration.between(voteTime, now);
        if (age.compareTo(board.writeWindow()) > 0) {
            return Optional.of(
                    new VoteOutsideWindowException(
                            voteId, voteTime, true, tooOld(board, voteTime, age)));
        }
        Duration ahead = age.negated();
        if (ahead.compareTo(maxClockSkew) > 0) {
            return Optional.of(
                    new VoteOutsideWindowException(
                            voteId, voteTime, false, tooNew(voteTime, ahead)));
        }
        return Optional.empty();
    }

    /**
     * Refuses to acknowledge an event whose last write completed after its write window closed.
     * Checking the window when a request arrives is not enough: a slow insert, a claim or a wait
     * for a lock can take the event past the window, and a snapshot worker may already have folded
     * its partition without it. Checked when the writes are acknowledged, the window holds end to
     * end, so a worker's safety margin only has to cover the clock difference between hosts.
     */
    void requireStillOpen(BoardSettings board, UUID eventId, Instant completedAt) {
        Instant time = TimeUuids.timeOf(eventId);
        Duration age = Duration.between(time, completedAt);
        if (age.compareTo(board.writeWindow()) > 0) {
            throw VoteNotStoredException.completedTooLate(
                    eventId,
                    "its write completed at "
                            + completedAt
                            + ", "
                            + seconds(age)
                            + " after its time "
                            + time
                            + ", when board '"
                            + board.board()
                            + "''s write window of "
                            + seconds(board.writeWindow())
                            + " had closed");
        }
    }

    /**
     * The time a retraction of a vote of {@code voteTime}, made {@code now}, is stamped with, or
     * empty if the vote can no longer be retracted. A retraction must fold together with its vote:
     * never before it (a snapshot would hold the retraction without the vote) and in the vote's
     * period (on a periodic board a retraction stamped now would take the votes away from the
     * current period instead). So it is stamped now, but not before the vote, and not after the
     * last millisecond of the vote's period; and that stamp must still be inside the write window,
     * or a worker may have folded past it: a vote of a period that ended more than a write window
     * ago cannot be retracted.
     */
    static Optional<Instant> retractionTime(BoardSettings board, Instant voteTime, Instant now) {
        Instant lastOfPeriod = board.nextPeriodStart(voteTime).minusMillis(1);
        Instant stamp = now.isAfter(lastOfPeriod) ? lastOfPeriod : now;
        if (stamp.isBefore(voteTime)) {
            stamp = voteTime;
        }
        return stamp.isBefore(now.minus(board.writeWindow()))
                ? Optional.empty()
                : Optional.of(stamp);
    }

    private static String tooOld(BoardSettings board, Instant voteTime, Duration age) {
        return "voteId time "
                + voteTime
                + " is "
                + seconds(age)
                + " old; board '"
                + board.board()
                + "' accepts votes at most "
                + seconds(board.writeWindow())
                + " old (its write window)";
    }

    private String tooNew(Instant voteTime, Duration ahead) {
        return "voteId time "
                + voteTime
                + " is "
                + seconds(ahead)
                + " in the future; the writer accepts votes at most "
                + seconds(maxClockSkew)
                + " ahead of its clock (writer.max-clock-skew)";
    }

    /** "75 s", "60.001 s": voteId times have millisecond resolution, so show no more. */
    static String seconds(Duration duration) {
        return BigDecimal.valueOf(duration.toMillis(), 3).stripTrailingZeros().toPlainString()
                + " s";
    }
}
