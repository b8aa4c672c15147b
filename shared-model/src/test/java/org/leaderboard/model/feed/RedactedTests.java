package org.leaderboard.model.feed;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RedactedTests {

    record Settings(int port, Duration retention, String token, String host) {
        @Override
        public String toString() {
            return Redacted.text(this, "token");
        }
    }

    @Test
    void everyComponentIsListedAndTheSecretOnlyAsSetOrNone() {
        assertThat(new Settings(8089, Duration.ofSeconds(2), "s3cret-s3cret-s3cret", "writer-0"))
                .hasToString("Settings[port=8089, retention=PT2S, token=(set), host=writer-0]");
        assertThat(new Settings(0, null, null, null))
                .hasToString("Settings[port=0, retention=null, token=none, host=null]");
    }
}
