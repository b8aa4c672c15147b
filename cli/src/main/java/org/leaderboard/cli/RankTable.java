package org.leaderboard.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.board.ScoreKind;

/**
 * Ranked entries as an aligned text table. Ties are shown as ties: every row of a shared rank reads
 * {@code 2=} (competition ranking, as the API ranks: 1, 2=, 2=, 4). {@code beyond} is the entry
 * just after the shown ones, if any, so that a tie across the last row is still shown as one. On a
 * game board (score BEST, LOWEST or COUNT) a column named after the score kind comes after the
 * user: what the board ranks by.
 */
final class RankTable {

    private static final String[] HEADER = {"rank", "user", "votes", "voters", "count", "mean"};

    private RankTable() {}

    static List<String> lines(
            List<LeaderboardEntry> shown, LeaderboardEntry beyond, String marked) {
        return lines(ScoreKind.SUM, shown, beyond, marked);
    }

    /** As above, for a board ranked by {@code kind} (null, from an older service: SUM). */
    static List<String> lines(
            ScoreKind kind, List<LeaderboardEntry> shown, LeaderboardEntry beyond, String marked) {
        boolean scored = kind != null && kind != ScoreKind.SUM;
        List<String[]> rows = new ArrayList<>();
        rows.add(scored ? withScore(HEADER, kind.name().toLowerCase(Locale.ROOT)) : HEADER);
        for (int i = 0; i < shown.size(); i++) {
            LeaderboardEntry entry = shown.get(i);
            LeaderboardEntry next = i + 1 < shown.size() ? shown.get(i + 1) : beyond;
            boolean tied =
                    (i > 0 && shown.get(i - 1).rank() == entry.rank())
                            || (next != null && next.rank() == entry.rank());
            String[] row = {
                entry.rank() + (tied ? "=" : ""),
                entry.user(),
                Long.toString(entry.votes()),
                Long.toString(entry.distinctVoters()),
                Long.toString(entry.count()),
                String.format(Locale.ROOT, "%.2f", entry.mean())
            };
            rows.add(scored ? withScore(row, Long.toString(entry.score())) : row);
        }
        return format(rows, marked);
    }

    /** The row with {@code score} inserted after the user. */
    private static String[] withScore(String[] row, String score) {
        String[] wider = new String[row.length + 1];
        wider[0] = row[0];
        wider[1] = row[1];
        wider[2] = score;
        System.arraycopy(row, 2, wider, 3, row.length - 2);
        return wider;
    }

    private static List<String> format(List<String[]> rows, String marked) {
        int[] widths = new int[rows.get(0).length];
        rows.forEach(
                row -> {
                    for (int c = 0; c < row.length; c++) {
                        widths[c] = Math.max(widths[c], row[c].length());
                    }
                });
        List<String> lines = new ArrayList<>();
        for (String[] row : rows) {
            StringBuilder line =
                    new StringBuilder(row[1].equals(marked) && row != rows.get(0) ? "> " : "  ");
            for (int c = 0; c < row.length; c++) {
                String pad = " ".repeat(widths[c] - row[c].length());
                // Every column but the user's holds a number, aligned right.
                line.append(c != 1 ? pad + row[c] : row[c] + pad).append("  ");
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }
}
