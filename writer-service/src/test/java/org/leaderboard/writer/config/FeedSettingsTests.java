package org.leaderboard.writer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The feed's token as a setting: optional, long enough when given, never printed. */
class FeedSettingsTests {

    @Test
    void aBlankTokenIsNone() {
        assertThat(settings(null).token()).isNull();
        assertThat(settings("  ").token()).isNull();
    }

    @Test
    void aShortTokenIsRefusedAtStartNamingTheSetting() {
        assertThatThrownBy(() -> settings("short-token"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("writer.feed.token")
                .hasMessageContaining("at least 16");
    }

    @Test
    void theTokenNeverAppearsInTheSettingsText() {
        FeedSettings settings = settings(" a-token-long-enough-for-the-feed ");

        assertThat(settings.token()).isEqualTo("a-token-long-enough-for-the-feed");
        assertThat(settings.toString()).doesNotContain("a-token").contains("token=(set)");
    }

    private static FeedSettings settings(String token) {
        return new FeedSettings(null, null, null, null, null, null, token);
    }
}
