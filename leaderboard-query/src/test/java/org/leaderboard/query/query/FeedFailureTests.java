package org.leaderboard.query.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A feed that failed once is asked again within a fraction of a second (one late answer must not
 * send a board's reads to the store for seconds); one that keeps failing is asked less and less
 * often, never less than every 5 s.
 */
class FeedFailureTests {

    private static long millis(int inRow) {
        return Duration.ofNanos(new BoardReader.FeedFailure(0, inRow).retryAfterNanos()).toMillis();
    }

    @Test
    void theWaitStartsShortAndDoublesUpToFiveSeconds() {
        assertThat(millis(1)).isEqualTo(250);
        assertThat(millis(2)).isEqualTo(500);
        assertThat(millis(5)).isEqualTo(4_000);
        assertThat(millis(6)).isEqualTo(5_000);
        assertThat(millis(1_000)).isEqualTo(5_000);
    }

    @Test
    void aFeedIsAskedAgainOnlyOnceItsWaitHasPassed() {
        BoardReader.FeedFailure second = new BoardReader.FeedFailure(1_000, 2);
        assertThat(second.askAgain(1_000 + Duration.ofMillis(499).toNanos())).isFalse();
        assertThat(second.askAgain(1_000 + Duration.ofMillis(500).toNanos())).isTrue();
    }
}
