package org.leaderboard.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.LeaderboardEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A board's whole leaderboard as CSV, read page by page from the query API. Pages read at "now" may
 * shift while votes arrive between them; {@code --as-of} reads every page at one moment.
 */
@Command(
        mixinStandardHelpOptions = true,
        name = "export",
        description = "Export a board's whole leaderboard as CSV.")
final class ExportCommand extends BoardOperation implements Callable<Integer> {

    static final String HEADER = "rank,user,votes,count,min,max,mean,stddev,distinctVoters";

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Write to this file (default: standard output).")
    Path out;

    @Option(
            names = "--as-of",
            paramLabel = "ISO-8601",
            description = "The leaderboard as it stood at this past moment (one consistent cut).")
    OffsetDateTime asOf;

    @Override
    public Integer call() throws IOException {
        QueryClient query = new QueryClient(connection);
        // The first page before the file: an unknown board or a refused key leaves no file behind.
        Leaderboard first = page(query, 0);
        long rows;
        try (Writer writer = writer()) {
            writer.write(HEADER + "\n");
            rows = export(query, first, writer);
        }
        err().println("exported " + rows + " rows of " + board + (out == null ? "" : " to " + out));
        err().flush();
        return 0;
    }

    private long export(QueryClient query, Leaderboard first, Writer writer) throws IOException {
        long offset = 0;
        for (Leaderboard page = first; ; page = page(query, offset)) {
            for (LeaderboardEntry entry : page.entries()) {
                writer.write(line(entry));
            }
            offset += page.entries().size();
            if (page.entries().size() < QueryClient.MAX_PAGE || offset >= page.totalUsers()) {
                return offset;
            }
        }
    }

    private Leaderboard page(QueryClient query, long offset) {
        return query.page(
                board, offset, QueryClient.MAX_PAGE, asOf == null ? null : asOf.toInstant());
    }

    static String line(LeaderboardEntry e) {
        return String.join(
                        ",",
                        Long.toString(e.rank()),
                        Csv.quote(e.user()),
                        Long.toString(e.votes()),
                        Long.toString(e.count()),
                        Long.toString(e.min()),
                        Long.toString(e.max()),
                        String.format(Locale.ROOT, "%.6f", e.mean()),
                        String.format(Locale.ROOT, "%.6f", e.stddev()),
                        Long.toString(e.distinctVoters()))
                + "\n";
    }

    private Writer writer() throws IOException {
        if (out == null) {
            // Standard output stays open after the export: flushed, not closed.
            return new FilterWriter(out()) {
                @Override
                public void close() throws IOException {
                    flush();
                }
            };
        }
        return Files.newBufferedWriter(out, StandardCharsets.UTF_8);
    }
}
