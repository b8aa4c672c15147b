package org.leaderboard.model.board;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class IdsAndSettingsTests {

    @Test
    void acceptsPrintableUnicodeIdsAndRefusesControlCharactersWithTheirCodePoint() {
        assertThat(Ids.requireId("user", "Zoë 🎤")).isEqualTo("Zoë 🎤");
        assertThatThrownBy(() -> Ids.requireId("user", "a\u0000b"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("user: contains the control character U+0000, which ids may not hold");
        assertThatThrownBy(() -> Ids.requireId("voter", "   "))
                .hasMessage("voter: must not be blank");
        assertThatThrownBy(() -> Ids.requireId("voter", null)).hasMessage("voter: is required");
        assertThatThrownBy(() -> Ids.requireId("user", "x".repeat(129)))
                .hasMessage("user: is 129 characters long; at most 128 allowed");
    }

    @Test
    void anIdOfOnlyNoBreakOrOtherUnicodeSpacesIsBlankButSpacesInsideAnIdAreFine() {
        for (String blank : new String[] {"\u00a0", "\u2007\u202f", "\u3000", " \u00a0 "}) {
            assertThatThrownBy(() -> Ids.requireId("user", blank))
                    .hasMessage("user: must not be blank");
        }
        assertThat(Ids.requireId("user", "Anna\u00a0Lena")).isEqualTo("Anna\u00a0Lena");
    }

    @Test
    void boardIdsAreUrlSafe() {
        assertThat(Ids.requireBoard("board", "song-contest_2026.final"))
                .isEqualTo("song-contest_2026.final");
        assertThatThrownBy(() -> Ids.requireBoard("board", "x'; DROP TABLE boards; --"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("board: 'x'; DROP TABLE boards; --' is not a board id");
        assertThatThrownBy(() -> Ids.requireBoard("board", "-leading"))
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void settingsGetDefaultsAndOutOfRangeValuesNameTheFieldAndTheLimit() {
        Instant now = Instant.parse("2026-11-21T10:00:30Z");
        BoardSettings defaults = BoardSettings.requested("b", null, null, null, null, null, now);
        assertThat(defaults.writeWindowSeconds()).isEqualTo(60);
        assertThat(defaults.uniqueVotes()).isEqualTo(UniqueVotes.NONE);
        assertThat(defaults.epoch())
                .as("a bucket boundary before any acceptable vote")
                .isEqualTo(Instant.parse("2026-11-21T09:58:00Z"));
        assertThatThrownBy(() -> BoardSettings.requested("b", 0, null, null, null, null, now))
                .hasMessage("writeWindowSeconds: is 0; must be between 1 and 604800");
        assertThatThrownBy(() -> BoardSettings.requested("b", null, null, null, 257, null, now))
                .hasMessage("shards: is 257; must be between 1 and 256");
    }

    @Test
    void theScoreIsSumByDefaultAndASettingOfItsOwn() {
        Instant now = Instant.parse("2026-11-21T10:00:30Z");
        BoardSettings sum = BoardSettings.requested("b", null, null, null, null, null, now);
        BoardSettings laps =
                BoardSettings.requested(
                        "b", null, null, null, null, null, now, null, null, null, ScoreKind.LOWEST);

        assertThat(sum.score()).isEqualTo(ScoreKind.SUM);
        assertThat(laps.score()).isEqualTo(ScoreKind.LOWEST);
        assertThat(laps.retentionDays()).isEqualTo(BoardSettings.DEFAULT_RETENTION_DAYS);
        assertThat(laps.sameSettingsAs(sum)).isFalse();
        assertThat(laps.sameSettingsAs(sum.withScore(ScoreKind.LOWEST))).isTrue();
        assertThat(laps.withClosesAt(now).withRetentionDays(7).score()).isEqualTo(ScoreKind.LOWEST);
        assertThat(sum.withScore(null).score())
                .as("null, as read from an old row")
                .isEqualTo(ScoreKind.SUM);
    }
}
