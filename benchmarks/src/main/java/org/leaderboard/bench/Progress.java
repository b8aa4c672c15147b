package org.leaderboard.bench;

import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;

/** Progress lines on stderr while the run goes on (the table and JSON path go to stdout). */
final class Progress {

    private static final long STARTED = System.nanoTime();

    private Progress() {}

    static void say(String line) {
        Duration elapsed = Duration.ofNanos(System.nanoTime() - STARTED);
        System.err.printf(
                "[bench %s +%ds] %s%n",
                LocalTime.now().truncatedTo(ChronoUnit.SECONDS), elapsed.toSeconds(), line);
        System.err.flush();
    }
}
