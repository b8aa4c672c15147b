package org.leaderboard.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Reads an import file line by line, in CSV or JSON lines, handing over good rows and bad lines.
 */
final class VoteFiles {

    enum Format {
        CSV,
        JSONL;

        /** By the file's name: .jsonl, .ndjson and .json are JSON lines, anything else CSV. */
        static Format of(Path file) {
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            return name.endsWith(".jsonl") || name.endsWith(".ndjson") || name.endsWith(".json")
                    ? JSONL
                    : CSV;
        }
    }

    private final ObjectMapper json;

    VoteFiles(ObjectMapper json) {
        this.json = json;
    }

    /**
     * Every non-blank line in order: a vote to {@code rows}, or why it cannot be read to {@code
     * badLines}. A bad CSV header ends the reading (no line can be read without it).
     */
    void read(Path file, Format format, Consumer<VoteRow> rows, Consumer<BadLineException> badLines)
            throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            LineParser parser =
                    format == Format.CSV ? csv(in, badLines) : new JsonLinesVotes(json)::row;
            if (parser == null) {
                return;
            }
            long line = format == Format.CSV ? 1 : 0;
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                line++;
                if (text.isBlank()) {
                    continue;
                }
                try {
                    rows.accept(parser.row(line, text));
                } catch (BadLineException e) {
                    badLines.accept(e);
                }
            }
        }
    }

    private static LineParser csv(BufferedReader in, Consumer<BadLineException> badLines)
            throws IOException {
        String header = in.readLine();
        if (header == null || header.isBlank()) {
            badLines.accept(
                    new BadLineException(
                            1, null, "the CSV header is missing: e.g. user,voter,votes"));
            return null;
        }
        try {
            return new CsvVotes(header)::row;
        } catch (BadLineException e) {
            badLines.accept(e);
            return null;
        }
    }

    @FunctionalInterface
    private interface LineParser {
        VoteRow row(long line, String text);
    }
}
