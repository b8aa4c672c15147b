package org.leaderboard.snapshot.pass;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The gauge {@code snapshot.lag{board}}: now minus the newest committed cutoff of each board this
 * worker has passed over, in seconds. It never drops below the board's write window plus the safety
 * margin (the cutoff cannot come closer to now); growing beyond that by more than a few schedule
 * periods means passes fail or fall behind, and every query replays a longer tail.
 *
 * <p>One time series per board: operators watch lag per board, and the number of boards is what the
 * operator configures, not something clients can inflate (a vote for an unknown board is refused
 * before any pass sees it).
 */
@Component
public class SnapshotLag {

    private final MeterRegistry registry;
    private final Clock clock;
    private final Map<String, Instant> newestCutoffs = new ConcurrentHashMap<>();

    SnapshotLag(MeterRegistry registry, Clock clock) {
        this.registry = registry;
        this.clock = clock;
    }

    /** Records the newest cutoff a pass left behind (also when it had nothing to do). */
    public void observed(PassResult pass) {
        Instant previous = newestCutoffs.put(pass.board(), pass.newCutoff());
        if (previous == null) {
            Gauge.builder("snapshot.lag", () -> lagSeconds(pass.board()))
                    .description("Now minus the newest snapshot cutoff of a board")
                    .tag("board", pass.board())
                    .baseUnit("seconds")
                    .register(registry);
        }
    }

    private double lagSeconds(String board) {
        Duration lag = Duration.between(newestCutoffs.get(board), clock.instant());
        return lag.toMillis() / 1000.0;
    }
}
