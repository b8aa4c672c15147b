package org.leaderboard.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * An import's progress on stderr: lines done of the total and votes per second. On a terminal, a
 * bar redrawn in place at most ten times a second; elsewhere (a log, a pipe) a plain line every
 * five seconds, so a log does not fill with carriage returns.
 */
final class Progress {

    private static final int BAR_WIDTH = 30;

    private final PrintWriter err;
    private final long total;
    private final boolean terminal;
    private final long intervalNanos;
    private final long startNanos = System.nanoTime();
    private long done;
    private long lastShownNanos = startNanos;

    Progress(PrintWriter err, long total, boolean terminal) {
        this.err = err;
        this.total = total;
        this.terminal = terminal;
        this.intervalNanos = terminal ? 100_000_000L : 5_000_000_000L;
    }

    synchronized void advance(long lines) {
        done += lines;
        long now = System.nanoTime();
        if (now - lastShownNanos >= intervalNanos) {
            lastShownNanos = now;
            show(now);
        }
    }

    synchronized void finish() {
        show(System.nanoTime());
        if (terminal) {
            err.println();
        }
        err.flush();
    }

    private void show(long now) {
        String status = status(now);
        if (terminal) {
            int filled = total == 0 ? BAR_WIDTH : (int) (BAR_WIDTH * done / total);
            err.print("\r[" + "#".repeat(filled) + ".".repeat(BAR_WIDTH - filled) + "] " + status);
        } else {
            err.println("import: " + status);
        }
        err.flush();
    }

    private String status(long now) {
        double seconds = Math.max((now - startNanos) / 1e9, 1e-3);
        return String.format(
                Locale.ROOT,
                "%d/%d lines (%d%%), %.0f votes/s",
                done,
                total,
                total == 0 ? 100 : 100 * done / total,
                done / seconds);
    }
}
