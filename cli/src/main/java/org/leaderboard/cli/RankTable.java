package org.leaderboard.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.leaderboard.model.api.LeaderboardEntry;

/**
 * Ranked entries as an aligned text table. Ties are shown as ties: every row of a shared rank reads
 * {@code 2=} (competition ranking, as the API ranks: 1, 2=, 2=, 4). {@code beyond} is the entry
 * just after the shown ones, if any, so that a tie across the last row is still shown as one.
 */
final class RankTable {

    private static final String[] HEADER = {"rank", "user", "votes", "voters", "count", "mean"};
    private static final boolean[] RIGHT = {true, false, true, true, true, true};

    private RankTable() {}

    static List<String> lines(
            List<LeaderboardEntry> shown, LeaderboardEntry beyond, String marked) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (int i = 0; i < shown.size(); i++) {
            LeaderboardEntry entry = shown.get(i);
            LeaderboardEntry next = i + 1 < shown.size() ? shown.get(i + 1) : beyond;
            boolean tied =
                    (i > 0 && shown.get(i - 1).rank() == entry.rank())
                            || (next != null && next.rank() == entry.rank());
            rows.add(
                    new String[] {
                        entry.rank() + (tied ? "=" : ""),
                        entry.user(),
                        Long.toString(entry.votes()),
                        Long.toString(entry.distinctVoters()),
                        Long.toString(entry.count()),
                        String.format(Locale.ROOT, "%.2f", entry.mean())
                    });
        }
        return format(rows, marked);
    }

    private static List<String> format(List<String[]> rows, String marked) {
        int[] widths = new int[HEADER.length];
        rows.forEach(
                row -> {
                    for (int c = 0; c < row.length; c++) {
                        widths[c] = Math.max(widths[c], row[c].length());
                    }
                });
        List<String> lines = new ArrayList<>();
        for (String[] row : rows) {
            StringBuilder line =
                    new StringBuilder(row[1].equals(marked) && row != HEADER ? "> " : "  ");
            for (int c = 0; c < row.length; c++) {
                String pad = " ".repeat(widths[c] - row[c].length());
                line.append(RIGHT[c] ? pad + row[c] : row[c] + pad).append("  ");
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }
}
