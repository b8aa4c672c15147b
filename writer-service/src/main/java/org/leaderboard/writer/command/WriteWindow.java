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
