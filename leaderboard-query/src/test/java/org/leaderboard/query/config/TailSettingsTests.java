package org.leaderboard.query.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The feeds' token as a query setting: blank is none, and it is never printed. */
class TailSettingsTests {

    @Test
    void theFeedTokenNeverAppearsInTheSettingsTextWhileTheOtherSettingsDo() {
        TailSettings settings = settings(" a-token-long-enough-for-the-feed ");

        assertThat(settings.feedToken()).isEqualTo("a-token-long-enough-for-the-feed");
        assertThat(settings.toString())
                .doesNotContain("a-token")
                .contains("feedToken=(set)", "settledMargin=PT2S", "feedTimeout=PT0.25S");
        assertThat(settings("  ").toString()).contains("feedToken=none");
    }

    private static TailSettings settings(String feedToken) {
        Duration zero = Duration.ZERO;
        return new TailSettings(
                Duration.ofSeconds(2),
                zero,
                zero,
                false,
                false,
                0,
                zero,
                zero,
                null,
                null,
                null,
                null,
                null,
                null,
                feedToken);
    }
}
