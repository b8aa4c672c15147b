package org.leaderboard.writer.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.board.UniqueVotes;

class BoardSettingsConflictExceptionTests {

    private static final Instant CREATED = Instant.parse("2026-11-21T10:00:00Z");

    @Test
    void namesEveryDifferingSettingWithItsStoredValue() {
        BoardSettings stored = BoardSettings.requested("poll", 60, null, 60, 8, 16, CREATED);
        BoardSettings requested =
                BoardSettings.requested(
                        "poll", 120, UniqueVotes.PER_USER, 60, 4, 16, CREATED.plusSeconds(9));

        BoardSettingsConflictException conflict =
                new BoardSettingsConflictException(stored, requested);

        assertThat(conflict.getMessage())
                .isEqualTo(
                        "board 'poll' already exists with other settings: writeWindowSeconds is"
                                + " 60 (this request asked for 120); uniqueVotes is NONE (this"
                                + " request asked for PER_USER); shards is 8 (this request asked for"
                                + " 4). Settings cannot change once a board exists; use another board"
                                + " id");
        assertThat(conflict.stored()).isEqualTo(stored);
    }

    @Test
    void namesADifferentScoreKind() {
        BoardSettings stored = BoardSettings.requested("laps", 60, null, 60, 8, 16, CREATED);
        BoardSettings requested = stored.withScore(ScoreKind.LOWEST);

        assertThat(BoardSettingsConflictException.differences(stored, requested))
                .containsExactly("score is SUM (this request asked for LOWEST)");
    }

    @Test
    void ignoresCreationTime() {
        BoardSettings stored = BoardSettings.requested("poll", 60, null, 60, 8, 16, CREATED);
        BoardSettings requested =
                BoardSettings.requested("poll", 60, null, 60, 8, 16, CREATED.plusSeconds(9));

        assertThat(BoardSettingsConflictException.differences(stored, requested)).isEmpty();
    }
}
