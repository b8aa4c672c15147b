package org.leaderboard.writer.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.leaderboard.writer.config.LoadSettings;

class InFlightVotesTests {

    private final InFlightVotes inFlight =
            new InFlightVotes(new LoadSettings(10, Duration.ofSeconds(2), 256, 4, 1024, 1024));

    @Test
    void refusesPastTheBoundWithTheSettingAndWhenToRetry() {
        inFlight.acquire(8);
        inFlight.acquire(2);

        assertThatThrownBy(() -> inFlight.acquire(1))
                .isInstanceOfSatisfying(
                        WriterOverloadedException.class,
                        e -> assertThat(e.retryAfterSeconds()).isEqualTo(2))
                .hasMessageContaining("10 votes in flight (writer.load.max-votes-in-flight)")
                .hasMessageContaining("nothing was stored");
    }

    @Test
    void aRefusalTakesNoPlaceAndAnswersFreePlaces() {
        inFlight.acquire(10);
        assertThatThrownBy(() -> inFlight.acquire(5)).isInstanceOf(WriterOverloadedException.class);

        inFlight.release(3);

        inFlight.acquire(3);
        assertThatThrownBy(() -> inFlight.acquire(1)).isInstanceOf(WriterOverloadedException.class);
    }
}
