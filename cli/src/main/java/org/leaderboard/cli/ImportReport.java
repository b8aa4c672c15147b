package org.leaderboard.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The results of an import: counts per status (and per HTTP status of refusals), bad lines kept.
 */
final class ImportReport {

    private final Map<String, Long> byStatus = new TreeMap<>();
    private final Map<Integer, Long> refusedByHttpStatus = new TreeMap<>();
    private final List<LineResult> problems = new ArrayList<>();

    synchronized void add(List<LineResult> results) {
        for (LineResult result : results) {
            byStatus.merge(result.status(), 1L, Long::sum);
            if (!result.counts()) {
                problems.add(result);
                if (result.httpStatus() != null) {
                    refusedByHttpStatus.merge(result.httpStatus(), 1L, Long::sum);
                }
            }
        }
    }

    synchronized long count(String status) {
        return byStatus.getOrDefault(status, 0L);
    }

    synchronized boolean allCounted() {
        return problems.isEmpty();
    }

    synchronized void printSummary(PrintWriter out) {
        byStatus.forEach((status, count) -> out.printf("  %-17s %d%n", status, count));
        if (!refusedByHttpStatus.isEmpty()) {
            out.println("  not counted, by HTTP status: " + refusedByHttpStatus);
        }
        problems.stream()
                .sorted(Comparator.comparingLong(r -> r.row().line()))
                .limit(5)
                .forEach(
                        r ->
                                out.println(
                                        "  line "
                                                + r.row().line()
                                                + ": "
                                                + r.status()
                                                + " "
                                                + r.detail()));
        if (problems.size() > 5) {
            out.println(
                    "  ... and " + (problems.size() - 5) + " more (--errors FILE lists them all)");
        }
    }

    /** The lines not counted, as CSV: line,voteId,status,httpStatus,detail,input. */
    synchronized void writeProblems(Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("line,voteId,status,httpStatus,detail,input\n");
            for (LineResult r :
                    problems.stream()
                            .sorted(Comparator.comparingLong(r -> r.row().line()))
                            .toList()) {
                out.write(
                        String.join(
                                        ",",
                                        Long.toString(r.row().line()),
                                        String.valueOf(r.voteId()),
                                        r.status(),
                                        r.httpStatus() == null ? "" : r.httpStatus().toString(),
                                        Csv.quote(r.detail()),
                                        Csv.quote(r.row().text()))
                                + "\n");
            }
        }
    }
}
