package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.leaderboard.cli.LeaderboardCli;
import org.leaderboard.testsupport.Oracle;
import picocli.CommandLine;

/**
 * The operator CLI against the running system, as an operator runs it: create a board, import a
 * file, import it again, export, print the top. The leaderboard must equal a naive fold of the file
 * however often it is imported.
 */
class CliIntegrationTests {

    private static final int WRITE_WINDOW_SECONDS = 10;
    private static RunningSystem system;

    @TempDir Path dir;

    @BeforeAll
    static void start() {
        system = new RunningSystem("cli");
    }

    @AfterAll
    static void stop() {
        system.close();
    }

    record Run(int exitCode, String out, String err) {}

    @Test
    void anImportRunTwiceCountsEveryVoteOnceAndTheExportEqualsTheFile() throws IOException {
        Run created =
                cli(
                        "board",
                        "create",
                        "imported",
                        "--write-window-seconds",
                        Integer.toString(WRITE_WINDOW_SECONDS),
                        "--bucket-seconds",
                        "1");
        assertThat(created.exitCode()).as(created.toString()).isZero();
        assertThat(created.out()).startsWith("created board imported");
        Oracle oracle = new Oracle();
        Path file = votes(2_000, oracle);

        Path state = dir.resolve("state");
        Run first = cli("import", "imported", file.toString(), "--state-dir", state.toString());
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(first.out()).containsPattern("(?m)^  RECORDED +2000$");
        assertThat(first.err()).contains("import: 2000/2000 lines (100%)");
        Instant importTime = Instant.parse(find("--time (\\S+)\\)", first.err()));
        List<Oracle.Row> expected = oracle.leaderboard("imported");
        String exported = export("imported");
        assertThat(rows(exported)).isEqualTo(expected);

        // After the window and a snapshot covering it, a re-send is told it was already counted.
        Instant folded = importTime.plusSeconds(WRITE_WINDOW_SECONDS + 2);
        await().atMost(Duration.ofSeconds(40)).until(() -> Instant.now().isAfter(folded));
        assertThat(system.snapshotOnce("--snapshot.safety-margin=1s")).isZero();
        // Run again as after a crash: no --time, the import's first time is remembered.
        Run again = cli("import", "imported", file.toString(), "--state-dir", state.toString());
        assertThat(again.err()).contains("import time " + importTime);
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(again.out()).containsPattern("(?m)^  ALREADY_RECORDED +2000$");
        assertThat(again.out()).doesNotContainPattern("(?m)^  (RECORDED|REFUSED|FAILED) ");
        assertThat(export("imported")).isEqualTo(exported);

        assertTopShows(expected, cli("top", "imported", "--limit", "5"));
        Run shown = cli("board", "show", "imported");
        assertThat(shown.exitCode()).as(shown.toString()).isZero();
        assertThat(shown.out()).startsWith("board imported").contains(expected.get(0).user());
    }

    @Test
    void refusedLinesAreCountedByStatusAndWrittenWithTheirReason() throws IOException {
        assertThat(cli("board", "create", "refusals").exitCode()).isZero();
        Path file = dir.resolve("late.csv");
        Files.writeString(
                file,
                "user,voter,votes,time\nabba,v1,2,\nqueen,v2,1,"
                        + Instant.now().minusSeconds(3600)
                        + "\n");
        Path errors = dir.resolve("errors.csv");

        Run run =
                cli(
                        "import",
                        "refusals",
                        file.toString(),
                        "--errors",
                        errors.toString(),
                        "--state-dir",
                        dir.resolve("state").toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out())
                .containsPattern("(?m)^  RECORDED +1$")
                .containsPattern("(?m)^  REFUSED +1$")
                .contains("not counted, by HTTP status: {422=1}");
        List<String> problems = Files.readAllLines(errors);
        assertThat(problems).hasSize(2);
        assertThat(problems.get(1)).startsWith("3,").contains(",REFUSED,422,").contains("window");
        assertThat(rows(export("refusals"))).containsExactly(new Oracle.Row(1, "abba", 2, 1, 2, 2));
    }

    private void assertTopShows(List<Oracle.Row> expected, Run top) {
        assertThat(top.exitCode()).as(top.toString()).isZero();
        Matcher row = Pattern.compile("(?m)^  +(\\d+)(=?) +(\\S+) +(\\d+) ").matcher(top.out());
        for (int i = 0; i < 5; i++) {
            assertThat(row.find()).as(top.out()).isTrue();
            Oracle.Row want = expected.get(i);
            boolean tied =
                    (i > 0 && expected.get(i - 1).rank() == want.rank())
                            || expected.get(i + 1).rank() == want.rank();
            assertThat(List.of(row.group(1), row.group(2), row.group(3), row.group(4)))
                    .isEqualTo(
                            List.of(
                                    Long.toString(want.rank()),
                                    tied ? "=" : "",
                                    want.user(),
                                    Long.toString(want.votes())));
        }
    }

    /**
     * A CSV of {@code count} votes without times (the import's time is used), folded into the
     * oracle.
     */
    private Path votes(int count, Oracle oracle) throws IOException {
        Random random = new Random(42);
        List<String> lines = new ArrayList<>(List.of("user,voter,votes"));
        for (int i = 0; i < count; i++) {
            String user = "user-" + random.nextInt(60);
            String voter = "voter-" + random.nextInt(500);
            int votes = 1 + random.nextInt(5);
            lines.add(user + "," + voter + "," + votes);
            oracle.accept(new Oracle.Vote(UUID.randomUUID(), "imported", user, voter, votes));
        }
        return Files.write(dir.resolve("votes.csv"), lines);
    }

    private String export(String board) throws IOException {
        Path out = dir.resolve(board + "-export.csv");
        Run export = cli("export", board, "--out", out.toString());
        assertThat(export.exitCode()).as(export.toString()).isZero();
        return Files.readString(out);
    }

    /** The export's rows, as the oracle computes them (the statistics beyond max left out). */
    private static List<Oracle.Row> rows(String csv) {
        return csv.lines()
                .skip(1)
                .map(line -> line.split(","))
                .map(
                        f ->
                                new Oracle.Row(
                                        Long.parseLong(f[0]),
                                        f[1],
                                        Long.parseLong(f[2]),
                                        Long.parseLong(f[3]),
                                        Long.parseLong(f[4]),
                                        Long.parseLong(f[5])))
                .toList();
    }

    private static String find(String regex, String text) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertThat(matcher.find()).as(text).isTrue();
        return matcher.group(1);
    }

    private static Run cli(String... arguments) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = LeaderboardCli.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        String[] all =
                Stream.concat(
                                Stream.of(arguments),
                                Stream.of(
                                        "--writer-url",
                                        system.writerUrl(),
                                        "--query-url",
                                        system.queryUrl(),
                                        "--api-key",
                                        RunningSystem.ADMIN_KEY))
                        .toArray(String[]::new);
        int exitCode = cli.execute(all);
        return new Run(exitCode, out.toString(), err.toString());
    }
}
