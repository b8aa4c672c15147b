package org.leaderboard.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.api.UserStanding;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The top of a board, or one user's neighbourhood, as an aligned table. */
@Command(
        mixinStandardHelpOptions = true,
        name = "top",
        description = "Print the top of a board as a table (ties shown as 2=).")
final class TopCommand extends BoardOperation implements Callable<Integer> {

    @Option(
            names = "--limit",
            defaultValue = "20",
            description = "Rows to show, 1..999 (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(
            names = "--around",
            paramLabel = "USER",
            description = "Show this user's rank with the users above and below instead.")
    String around;

    @Option(
            names = "--context",
            defaultValue = "5",
            description =
                    "With --around: users shown on each side, 0..50 (default: ${DEFAULT-VALUE}).")
    int context;

    @Override
    public Integer call() {
        requireLimit(limit);
        QueryClient query = new QueryClient(connection);
        PrintWriter out = out();
        if (around != null) {
            UserStanding standing = query.standing(board, around, context);
            out.println(
                    title(standing.board(), standing.totalUsers())
                            + ", "
                            + around
                            + " is #"
                            + standing.rank());
            RankTable.lines(standing.scoreKind(), standing.around(), null, around)
                    .forEach(out::println);
        } else {
            print(query.page(board, 0, limit + 1, null), limit, out);
        }
        out.flush();
        return 0;
    }

    /** One more than {@code limit} is asked for (to show a tie), so at most a page less one. */
    static void requireLimit(int limit) {
        if (limit < 1 || limit >= QueryClient.MAX_PAGE) {
            throw new CliException(
                    "--limit must be 1.." + (QueryClient.MAX_PAGE - 1) + ", not " + limit);
        }
    }

    /** The first {@code limit} entries of {@code page}, which may hold one more (to show a tie). */
    static void print(Leaderboard page, int limit, PrintWriter out) {
        List<LeaderboardEntry> entries = page.entries();
        List<LeaderboardEntry> shown = entries.subList(0, Math.min(limit, entries.size()));
        LeaderboardEntry beyond = entries.size() > limit ? entries.get(limit) : null;
        out.println(
                title(page.board(), page.totalUsers())
                        + (page.snapshotCutoff() == null
                                ? ""
                                : ", snapshot at "
                                        + page.snapshotCutoff()
                                        + " + "
                                        + page.tailEvents()
                                        + " newer votes")
                        + (page.periodStart() == null
                                ? ""
                                : ", period since " + page.periodStart()));
        if (shown.isEmpty()) {
            out.println("  (no votes yet)");
            return;
        }
        RankTable.lines(page.scoreKind(), shown, beyond, null).forEach(out::println);
    }

    private static String title(String board, long totalUsers) {
        return board + ": " + totalUsers + (totalUsers == 1 ? " user" : " users");
    }
}
