package org.leaderboard.system;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.leaderboard.model.board.Period;

/**
 * Keeps a test on a periodic board inside one period: a test that casts votes "now" and then asks
 * for the current period would see an empty board if the hour (or day) turned in between.
 */
final class PeriodClearance {

    private PeriodClearance() {}

    /**
     * Waits, when the current period ends within {@code clearance}, until the next one has started;
     * returns the start of the period the test then runs in.
     */
    static Instant awaitClearOfBoundary(Period period, ZoneId zone, Duration clearance) {
        Instant next = period.next(Instant.now(), zone);
        if (Duration.between(Instant.now(), next).compareTo(clearance) < 0) {
            await().atMost(clearance.plusSeconds(5))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> Instant.now().isAfter(next.plusMillis(100)));
        }
        return period.start(Instant.now(), zone);
    }
}
