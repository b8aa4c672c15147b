package org.leaderboard.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ThrottledWarningsTests {

    private final AtomicLong now = new AtomicLong(123_456_789L);
    private final ThrottledWarnings warnings =
            new ThrottledWarnings(Duration.ofSeconds(10), now::get);

    @Test
    void theFirstWarningIsLoggedThenOneLinePerIntervalCountingTheOthers() {
        assertThat(warnings.line("refused: a")).isEqualTo("refused: a");
        assertThat(warnings.line("refused: b")).isNull();
        now.addAndGet(Duration.ofSeconds(9).toNanos());
        assertThat(warnings.line("refused: c")).isNull();

        now.addAndGet(Duration.ofSeconds(1).toNanos());
        assertThat(warnings.line("refused: d"))
                .isEqualTo(
                        "refused: d (2 more like it since the last line, not logged one by one)");
        assertThat(warnings.line("refused: e")).isNull();

        now.addAndGet(Duration.ofMinutes(5).toNanos());
        assertThat(warnings.line("refused: f"))
                .isEqualTo(
                        "refused: f (1 more like it since the last line, not logged one by one)");
        now.addAndGet(Duration.ofMinutes(5).toNanos());
        assertThat(warnings.line("refused: g")).isEqualTo("refused: g");
    }
}
