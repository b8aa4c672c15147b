package org.leaderboard.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.leaderboard.testsupport.Oracle;

/** The figures of a fault test: printed, and appended to {@code target/fault-report.txt}. */
final class Report {

    private static final Path FILE = Path.of("target", "fault-report.txt");

    private Report() {}

    static void line(String test, String format, Object... arguments) {
        String line = "[" + test + "] " + String.format(format, arguments);
        System.out.println(line);
        try {
            Files.createDirectories(FILE.getParent());
            Files.writeString(
                    FILE,
                    line + System.lineSeparator(),
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void votes(String test, RetryingClient client, Oracle oracle) {
        line(
                test,
                "votes sent %d, acknowledged %d (distinct in oracle %d), refused %d (outside the"
                        + " window after retries), gave up %d;"
                        + " attempts %d, failed attempts %d",
                client.sent(),
                client.attempts(RetryingClient.Result.ACKNOWLEDGED),
                oracle.acceptedVotes(),
                client.attempts(RetryingClient.Result.REFUSED),
                client.gaveUp(),
                client.attempts(),
                client.attempts(RetryingClient.Result.FAILED));
    }

    static String rate(long[] failedOfAll) {
        return String.format(
                "%d of %d (%.2f%%)",
                failedOfAll[0],
                failedOfAll[1],
                failedOfAll[1] == 0 ? 0.0 : 100.0 * failedOfAll[0] / failedOfAll[1]);
    }

    static String seconds(Duration duration) {
        return String.format("%.1f s", duration.toMillis() / 1000.0);
    }
}
