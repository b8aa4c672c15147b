package org.leaderboard.model.board;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class PeriodTests {

    private static final ZoneId PARIS = ZoneId.of("Europe/Paris");

    @Test
    void dailyPeriodsStartAtLocalMidnight() {
        Instant lateEvening = Instant.parse("2026-11-20T23:30:00Z"); // 00:30 on the 21st in Paris
        assertThat(Period.DAILY.start(lateEvening, PARIS))
                .isEqualTo(Instant.parse("2026-11-20T23:00:00Z"));
        assertThat(Period.DAILY.next(lateEvening, PARIS))
                .isEqualTo(Instant.parse("2026-11-21T23:00:00Z"));
    }

    @Test
    void aDayAcrossTheDaylightSavingChangeHas23Hours() {
        Instant sunday = Instant.parse("2026-03-29T12:00:00Z");
        assertThat(Period.DAILY.start(sunday, PARIS))
                .isEqualTo(Instant.parse("2026-03-28T23:00:00Z"));
        assertThat(Period.DAILY.next(sunday, PARIS))
                .isEqualTo(Instant.parse("2026-03-29T22:00:00Z"));
    }

    @Test
    void weeksStartOnMondayAndMonthsOnTheFirst() {
        Instant saturday = Instant.parse("2026-11-21T10:00:00Z");
        assertThat(Period.WEEKLY.start(saturday, ZoneId.of("UTC")))
                .isEqualTo(Instant.parse("2026-11-16T00:00:00Z"));
        assertThat(Period.MONTHLY.next(saturday, ZoneId.of("UTC")))
                .isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
        assertThat(Period.HOURLY.start(saturday.plusSeconds(59 * 60), ZoneId.of("Asia/Kolkata")))
                .isEqualTo(Instant.parse("2026-11-21T10:30:00Z"));
    }

    @Test
    void aBoardsPeriodNeverStartsBeforeTheBoardCouldHaveVotes() {
        Instant created = Instant.parse("2026-11-21T10:17:00Z");
        BoardSettings board =
                BoardSettings.requested(
                        "daily", 60, null, 60, 4, 4, created, Period.DAILY, "Europe/Paris");
        assertThat(board.periodStart(created)).isEqualTo(board.epoch());
        assertThat(board.periodStart(Instant.parse("2026-11-22T08:00:00Z")))
                .isEqualTo(Instant.parse("2026-11-21T23:00:00Z"));
        assertThat(board.buckets().isBoundary(board.nextPeriodStart(created))).isTrue();
    }

    @Test
    void aBoardWithoutPeriodHasOneEndlessPeriodFromItsEpoch() {
        Instant created = Instant.parse("2026-11-21T10:17:00Z");
        BoardSettings board = BoardSettings.requested("plain", 60, null, 60, 4, 4, created);
        assertThat(board.periodStart(created.plusSeconds(86_400 * 400))).isEqualTo(board.epoch());
        assertThat(board.nextPeriodStart(created)).isEqualTo(Instant.MAX);
    }

    @Test
    void badPeriodSettingsAreRefusedNamingTheField() {
        Instant now = Instant.parse("2026-11-21T10:00:00Z");
        assertThatThrownBy(
                        () ->
                                BoardSettings.requested(
                                        "b",
                                        null,
                                        null,
                                        null,
                                        null,
                                        null,
                                        now,
                                        Period.DAILY,
                                        "Mars/Olympus"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("timeZone")
                .hasMessageContaining("Mars/Olympus");
        assertThatThrownBy(
                        () ->
                                BoardSettings.requested(
                                        "b", null, null, 3600, null, null, now, Period.DAILY, null))
                .hasMessageContaining("bucketSeconds")
                .hasMessageContaining("900");
        assertThatThrownBy(
                        () ->
                                BoardSettings.requested(
                                        "b", null, null, null, null, null, now, null, "UTC"))
                .hasMessageContaining("timeZone")
                .hasMessageContaining("only used with a period");
    }
}
