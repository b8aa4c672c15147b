package org.leaderboard.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Imports votes from a file through the writer's batch endpoint. The file is read twice: once to
 * check every line (nothing is sent if one is bad) and count them, then to send them in batches, a
 * few at a time. Vote ids are derived from the import (see {@link VoteIds}), so running the same
 * import again with the same {@code --time} counts nothing twice.
 */
@Command(
        mixinStandardHelpOptions = true,
        name = "import",
        description = "Import votes from CSV or JSON lines (user,voter,votes[,time][,voteId]).")
final class ImportCommand extends BoardOperation implements Callable<Integer> {

    private static final int BAD_LINES_SHOWN = 20;

    @Parameters(
            index = "1",
            description = "The file: CSV with a header, or JSON lines (.jsonl, .ndjson, .json).")
    Path file;

    @Option(
            names = "--format",
            description = "${COMPLETION-CANDIDATES} (default: by the file's name).")
    VoteFiles.Format format;

    @Option(
            names = "--time",
            paramLabel = "ISO-8601",
            description =
                    "The time of the votes without a time column (default: the time this import"
                            + " first ran, remembered in --state-dir; now on its first run).")
    OffsetDateTime time;

    @Option(
            names = "--state-dir",
            paramLabel = "DIR",
            description =
                    "Where imports remember their time, so that running one again sends the same"
                            + " vote ids (default: $LEADERBOARD_STATE_DIR or ~/.leaderboard/imports).")
    Path stateDir;

    @Option(
            names = "--import-id",
            description =
                    "The import's identity in vote ids (default: a SHA-256 of the file's content).")
    String importId;

    @Option(
            names = "--errors",
            paramLabel = "FILE",
            description = "Write the lines not counted, with the reasons, to this CSV file.")
    Path errors;

    @Option(
            names = "--batch-size",
            defaultValue = "1000",
            description = "Votes per request, 1..1000 (default: ${DEFAULT-VALUE}).")
    int batchSize;

    @Option(
            names = "--concurrency",
            defaultValue = "4",
            description = "Requests in flight, 1..64 (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(
            names = "--max-attempts",
            defaultValue = "10",
            description = "Sends of a vote before it counts as FAILED (default: ${DEFAULT-VALUE}).")
    int maxAttempts;

    @Option(names = "--no-progress", description = "No progress on stderr.")
    boolean noProgress;

    @Override
    public Integer call() throws IOException, InterruptedException {
        requireRange("--batch-size", batchSize, 1, 1000);
        requireRange("--concurrency", concurrency, 1, 64);
        requireRange("--max-attempts", maxAttempts, 1, 1000);
        VoteFiles.Format format = this.format != null ? this.format : VoteFiles.Format.of(file);
        PrintWriter err = err();
        FileCheck check = check(format);
        if (!check.badLines.isEmpty()) {
            check.badLines.forEach(line -> err.println(file + ": " + line));
            if (check.badLineCount > BAD_LINES_SHOWN) {
                err.println("... and " + (check.badLineCount - BAD_LINES_SHOWN) + " more");
            }
            err.println(check.badLineCount + " line(s) cannot be read; nothing was sent");
            err.flush();
            return 2;
        }
        String importId = importId();
        VoteIds ids = new VoteIds(importId, importTime(check, importId, err));
        ImportReport report = send(format, check.rows, ids, err);
        PrintWriter out = out();
        out.println("import of " + file + " into " + board + ": " + check.rows + " votes");
        report.printSummary(out);
        if (errors != null) {
            report.writeProblems(errors);
            out.println("lines not counted written to " + errors);
        }
        out.flush();
        return report.allCounted() ? 0 : 1;
    }

    private ImportReport send(VoteFiles.Format format, long total, VoteIds ids, PrintWriter err)
            throws IOException, InterruptedException {
        String url = connection.writer(connection.boardPath(board) + "/votes/batch");
        Progress progress = noProgress ? null : new Progress(err, total, System.console() != null);
        BatchPool pool =
                new BatchPool(
                        new BatchSender(connection.api(), url, ids, maxAttempts),
                        batchSize,
                        concurrency,
                        progress);
        new VoteFiles(Api.JSON)
                .read(
                        file,
                        format,
                        pool::add,
                        bad -> {
                            throw new CliException(
                                    file + " changed while importing: " + bad.getMessage());
                        });
        ImportReport report = pool.finish();
        if (progress != null) {
            progress.finish();
        }
        pool.stopped().ifPresent(reason -> err.println("import stopped: " + reason));
        return report;
    }

    private String importId() throws IOException {
        if (importId != null) {
            return importId;
        }
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return "sha256:" + HexFormat.of().formatHex(digest.digest());
    }

    /**
     * The time of the rows without one: {@code --time} if given; else the time this import (same
     * board, same import id) first ran, remembered in the state directory, so a re-run after a
     * crash or a partial failure sends the same vote ids and counts nothing twice; else now, which
     * is then remembered.
     */
    private Instant importTime(FileCheck check, String importId, PrintWriter err)
            throws IOException {
        if (time != null) {
            return time.toInstant();
        }
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        if (check.rowsWithoutTime == 0) {
            return now;
        }
        Path remembered = stateDirectory().resolve(sha256Hex(board + "\n" + importId));
        if (Files.isRegularFile(remembered)) {
            Instant first = Instant.parse(Files.readString(remembered).trim());
            err.println(
                    "import time "
                            + first
                            + " for "
                            + check.rowsWithoutTime
                            + " votes without a time column, from this import's first run ("
                            + remembered
                            + "): the same vote ids, nothing counted twice");
            err.flush();
            return first;
        }
        Files.createDirectories(remembered.getParent());
        Files.writeString(remembered, now + "\n");
        err.println(
                "import time "
                        + now
                        + " for "
                        + check.rowsWithoutTime
                        + " votes without a time column, remembered in "
                        + remembered
                        + " for re-runs (elsewhere: --time "
                        + now
                        + ")");
        err.flush();
        return now;
    }

    private Path stateDirectory() {
        if (stateDir != null) {
            return stateDir;
        }
        String fromEnvironment = System.getenv("LEADERBOARD_STATE_DIR");
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return Path.of(fromEnvironment);
        }
        return Path.of(System.getProperty("user.home"), ".leaderboard", "imports");
    }

    private static String sha256Hex(String text) {
        try {
            return HexFormat.of()
                    .formatHex(
                            MessageDigest.getInstance("SHA-256")
                                    .digest(
                                            text.getBytes(
                                                    java.nio.charset.StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    private FileCheck check(VoteFiles.Format format) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new CliException("no such file: " + file);
        }
        FileCheck check = new FileCheck();
        new VoteFiles(Api.JSON).read(file, format, check::row, check::bad);
        return check;
    }

    private static void requireRange(String option, int value, int min, int max) {
        if (value < min || value > max) {
            throw new CliException(option + " must be " + min + ".." + max + ", not " + value);
        }
    }

    /** What the first reading found: the votes, those without a time, the bad lines. */
    private static final class FileCheck {
        long rows;
        long rowsWithoutTime;
        long badLineCount;
        final List<String> badLines = new ArrayList<>();

        void row(VoteRow row) {
            rows++;
            if (row.time() == null && row.voteId() == null) {
                rowsWithoutTime++;
            }
        }

        void bad(BadLineException e) {
            badLineCount++;
            if (badLines.size() < BAD_LINES_SHOWN) {
                badLines.add(e.getMessage());
            }
        }
    }
}
