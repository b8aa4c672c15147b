package org.leaderboard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.leaderboard.model.board.Period;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.board.UniqueVotes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Creating a board and showing one. */
@Command(
        mixinStandardHelpOptions = true,
        name = "board",
        description = "Create or show a board.",
        subcommands = {BoardCommand.Create.class, BoardCommand.Show.class})
final class BoardCommand {

    /** {@code POST /boards}: the settings the writer takes; those left out get its defaults. */
    @Command(
            mixinStandardHelpOptions = true,
            name = "create",
            description = "Create a board (settings are fixed once created).")
    static final class Create extends BoardOperation implements Callable<Integer> {

        @Option(
                names = "--write-window-seconds",
                description = "Votes older than this are refused: 1..604800 (writer default 60).")
        Integer writeWindowSeconds;

        @Option(
                names = "--unique-votes",
                description = "One vote per voter: ${COMPLETION-CANDIDATES} (writer default NONE).")
        UniqueVotes uniqueVotes;

        @Option(
                names = "--bucket-seconds",
                description = "Event bucket size: 1..3600 (writer default 60).")
        Integer bucketSeconds;

        @Option(
                names = "--shards",
                description = "Event partitions per bucket: 1..256 (writer default 8).")
        Integer shards;

        @Option(names = "--chunks", description = "Snapshot chunks: 1..1024 (writer default 16).")
        Integer chunks;

        @Option(
                names = "--period",
                description =
                        "A fresh leaderboard every: ${COMPLETION-CANDIDATES} (writer default NONE).")
        Period period;

        @Option(
                names = "--time-zone",
                description = "Time zone of period boundaries, e.g. Europe/Paris (default UTC).")
        String timeZone;

        @Option(
                names = "--retention-days",
                description = "History kept for time travel: 1..36500 (writer default 30).")
        Integer retentionDays;

        @Option(
                names = "--score",
                description =
                        "How a user's score is built and ranked: ${COMPLETION-CANDIDATES}"
                                + " (writer default SUM: the sum, most first; BEST: the highest"
                                + " vote; LOWEST: the lowest vote, lowest first, e.g. a time;"
                                + " COUNT: the number of votes).")
        ScoreKind score;

        @Override
        public Integer call() {
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("board", board);
            put(request, "writeWindowSeconds", writeWindowSeconds);
            put(request, "uniqueVotes", uniqueVotes);
            put(request, "bucketSeconds", bucketSeconds);
            put(request, "shards", shards);
            put(request, "chunks", chunks);
            put(request, "period", period);
            put(request, "timeZone", timeZone);
            put(request, "retentionDays", retentionDays);
            put(request, "score", score);
            Api.Answer answer = writer(connection, "/boards", request);
            PrintWriter out = out();
            switch (answer.status()) {
                case 201 -> out.println("created board " + board);
                case 200 -> out.println("board " + board + " already exists with these settings");
                default ->
                        throw new CliException(
                                "board " + board + " not created: " + answer.problem());
            }
            printSettings(answer.body(), out);
            out.flush();
            return 0;
        }

        private static void put(Map<String, Object> request, String field, Object value) {
            if (value != null) {
                request.put(field, value);
            }
        }
    }

    /**
     * The board's settings and the top of its leaderboard. Settings come from the writer's {@code
     * GET /boards/{board}} where it has one; an older writer answers 404 or 405, and then the query
     * service's board list gives what it has (creation time, period, time zone).
     */
    @Command(
            mixinStandardHelpOptions = true,
            name = "show",
            description = "Show a board's settings and the top of its leaderboard.")
    static final class Show extends BoardOperation implements Callable<Integer> {

        @Option(
                names = "--limit",
                defaultValue = "10",
                description = "Rows of the leaderboard to show (default: ${DEFAULT-VALUE}).")
        int limit;

        @Override
        public Integer call() {
            TopCommand.requireLimit(limit);
            PrintWriter out = out();
            Api.Answer settings = writer(connection, connection.boardPath(board), null);
            if (settings.status() == 200) {
                out.println("board " + board);
                printSettings(settings.body(), out);
            } else if (settings.status() == 404 || settings.status() == 405) {
                out.println(
                        "board "
                                + board
                                + " (the writer did not give its settings: "
                                + settings.problem()
                                + ")");
                printSettings(listed(new QueryClient(connection)), out);
            } else {
                throw new CliException("settings of " + board + ": " + settings.problem());
            }
            TopCommand.print(
                    new QueryClient(connection).page(board, 0, limit + 1, null), limit, out);
            out.flush();
            return 0;
        }

        /** The board's entry in the query service's {@code GET /boards}. */
        private JsonNode listed(QueryClient query) {
            Api.Answer boards = query.get("/boards");
            if (boards.status() != 200) {
                throw new CliException("the board list: " + boards.problem());
            }
            for (JsonNode entry : boards.body().path("boards")) {
                if (board.equals(entry.path("board").asText())) {
                    return entry;
                }
            }
            throw new CliException("no board " + board);
        }
    }

    /** A POST to the writer, or with {@code body} null a GET, whatever the answer's status. */
    static Api.Answer writer(Connection connection, String path, Object body) {
        String url = connection.writer(path);
        try {
            return body == null ? connection.api().get(url) : connection.api().post(url, body);
        } catch (IOException e) {
            throw new CliException("cannot reach the writer at " + url + ": " + e);
        }
    }

    static void printSettings(JsonNode settings, PrintWriter out) {
        settings.fields()
                .forEachRemaining(
                        field -> {
                            if (!field.getKey().equals("board") && !field.getValue().isNull()) {
                                out.println(
                                        "  " + field.getKey() + ": " + field.getValue().asText());
                            }
                        });
    }
}
