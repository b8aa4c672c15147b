package org.leaderboard.writer.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.Period;
import org.leaderboard.model.time.TimeUuids;

class WriteWindowTests {

    private static final Instant NOW = Instant.parse("2026-11-21T10:01:15Z");
    private static final BoardSettings BOARD =
            BoardSettings.requested("song-contest", 60, null, null, null, null, NOW);
    private final WriteWindow window = new WriteWindow(Duration.ofSeconds(5));

    /** A retraction folds with its vote: stamped now, but never before its vote. */
    @Test
    void stampsARetractionNowOrAtItsVotesTimeIfThatIsLater() {
        assertThat(WriteWindow.retractionTime(BOARD, NOW.minusSeconds(600), NOW)).contains(NOW);
        // A vote stamped a little in the future (a client clock ahead), retracted at once.
        Instant ahead = NOW.plusSeconds(4);
        assertThat(WriteWindow.retractionTime(BOARD, ahead, NOW)).contains(ahead);
    }

    /** On a periodic board a retraction counts in its vote's period, not the current one. */
    @Test
    void stampsARetractionOfAnEarlierPeriodsVoteAtThatPeriodsLastMillisecond() {
        BoardSettings hourly =
                BoardSettings.requested(
                        "hourly", 7200, null, null, null, null, NOW, Period.HOURLY, "UTC");
        Instant lastHour = Instant.parse("2026-11-21T09:30:00Z");

        assertThat(WriteWindow.retractionTime(hourly, lastHour, NOW))
                .contains(Instant.parse("2026-11-21T09:59:59.999Z"));
        assertThat(WriteWindow.retractionTime(hourly, NOW.minusSeconds(60), NOW)).contains(NOW);
    }

    /** Once the vote's period is frozen (its end plus the window), nothing can fold into it. */
    @Test
    void refusesToStampARetractionIntoAPeriodThatEndedMoreThanAWindowAgo() {
        BoardSettings hourly =
                BoardSettings.requested(
                        "hourly", 600, null, null, null, null, NOW, Period.HOURLY, "UTC");
        Instant twoHoursLater = Instant.parse("2026-11-21T12:00:00Z");

        assertThat(WriteWindow.retractionTime(hourly, NOW.minusSeconds(60), twoHoursLater))
                .isEmpty();
    }

    @Test
    void acceptsAVoteOfNow() {
        assertThat(window.check(BOARD, voteAt(NOW), NOW)).isEmpty();
    }

    @Test
    void acceptsAVoteExactlyAsOldAsTheWindow() {
        assertThat(window.check(BOARD, voteAt(NOW.minusSeconds(60)), NOW)).isEmpty();
    }

    @Test
    void refusesAVoteOneMillisecondOlderThanTheWindow() {
        UUID voteId = voteAt(NOW.minusMillis(60_001));

        VoteOutsideWindowException outside = window.check(BOARD, voteId, NOW).orElseThrow();

        assertThat(outside.tooOld()).isTrue();
        assertThat(outside.voteId()).isEqualTo(voteId);
        assertThat(outside.httpStatus()).isEqualTo(422);
        assertThat(outside.getMessage())
                .isEqualTo(
                        "voteId time 2026-11-21T10:00:14.999Z is 60.001 s old; board"
                                + " 'song-contest' accepts votes at most 60 s old (its write"
                                + " window)");
    }

    @Test
    void saysHowOldAVoteIsInWholeSeconds() {
        VoteOutsideWindowException outside =
                window.check(BOARD, voteAt(Instant.parse("2026-11-21T10:00:00Z")), NOW)
                        .orElseThrow();

        assertThat(outside.getMessage())
                .isEqualTo(
                        "voteId time 2026-11-21T10:00:00Z is 75 s old; board 'song-contest'"
                                + " accepts votes at most 60 s old (its write window)");
    }

    @Test
    void acceptsAVoteAsFarAheadAsTheClockSkew() {
        assertThat(window.check(BOARD, voteAt(NOW.plusSeconds(5)), NOW)).isEmpty();
    }

    @Test
    void refusesAVoteFurtherAheadThanTheClockSkew() {
        VoteOutsideWindowException outside =
                window.check(BOARD, voteAt(NOW.plusSeconds(30)), NOW).orElseThrow();

        assertThat(outside.tooOld()).isFalse();
        assertThat(outside.voteTime()).isEqualTo(NOW.plusSeconds(30));
        assertThat(outside.getMessage())
                .isEqualTo(
                        "voteId time 2026-11-21T10:01:45Z is 30 s in the future; the writer"
                                + " accepts votes at most 5 s ahead of its clock"
                                + " (writer.max-clock-skew)");
    }

    @Test
    void showsSecondsWithMillisecondsOnlyWhenNeeded() {
        assertThat(WriteWindow.seconds(Duration.ofSeconds(75))).isEqualTo("75 s");
        assertThat(WriteWindow.seconds(Duration.ofMillis(1500))).isEqualTo("1.5 s");
        assertThat(WriteWindow.seconds(Duration.ofMillis(3))).isEqualTo("0.003 s");
        assertThat(WriteWindow.seconds(Duration.ZERO)).isEqualTo("0 s");
    }

    private static UUID voteAt(Instant time) {
        return TimeUuids.voteIdAt(time);
    }
}
