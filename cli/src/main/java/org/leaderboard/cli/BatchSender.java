package org.leaderboard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Sends one batch of rows to the writer's batch endpoint until every vote has a final answer.
 * Resending is safe because every vote keeps its id: the writer stores a voteId once. So a failed
 * connection, a 503 for the whole batch (after its Retry-After) and a vote answered REFUSED with
 * 503 (not acknowledged, or a late retry not confirmed yet) are all sent again, up to {@code
 * maxAttempts} times. Any other refusal of the whole batch (a wrong key, an unknown board) would
 * refuse every batch, so it ends the import.
 */
final class BatchSender {

    private static final Duration FIRST_BACKOFF = Duration.ofMillis(500);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(8);

    private final Api api;
    private final String url;
    private final VoteIds ids;
    private final int maxAttempts;

    BatchSender(Api api, String url, VoteIds ids, int maxAttempts) {
        this.api = api;
        this.url = url;
        this.ids = ids;
        this.maxAttempts = maxAttempts;
    }

    /** One result per row, in order. Throws CliException when the writer refuses the batch. */
    List<LineResult> send(List<VoteRow> rows) {
        Map<VoteRow, LineResult> done = new LinkedHashMap<>();
        List<VoteRow> pending = rows;
        String lastProblem = null;
        for (int attempt = 1; !pending.isEmpty() && attempt <= maxAttempts; attempt++) {
            if (attempt > 1) {
                pause(backoff(attempt));
            }
            Api.Answer answer;
            try {
                answer = api.post(url, request(pending));
            } catch (IOException e) {
                lastProblem = "no answer from " + url + ": " + e;
                continue;
            }
            if (answer.status() == 503) {
                lastProblem = answer.problem();
                answer.retryAfterSeconds().ifPresent(seconds -> pause(Duration.ofSeconds(seconds)));
                continue;
            }
            if (answer.status() != 200) {
                throw new CliException("the writer refused a batch: " + answer.problem());
            }
            pending = record(pending, answer.body().path("results"), done);
            lastProblem = "still not confirmed";
        }
        for (VoteRow row : pending) {
            done.put(
                    row,
                    new LineResult(
                            row,
                            ids.idOf(row),
                            LineResult.FAILED,
                            null,
                            lastProblem + " after " + maxAttempts + " attempts"));
        }
        return rows.stream().map(done::get).toList();
    }

    /** Puts the final answers in {@code done}; returns the rows to send again. */
    private List<VoteRow> record(
            List<VoteRow> sent, JsonNode results, Map<VoteRow, LineResult> done) {
        if (results.size() != sent.size()) {
            throw new CliException(
                    "the writer answered "
                            + results.size()
                            + " results for "
                            + sent.size()
                            + " votes");
        }
        List<VoteRow> again = new ArrayList<>();
        for (int i = 0; i < sent.size(); i++) {
            JsonNode result = results.get(i);
            VoteRow row = sent.get(i);
            Integer httpStatus =
                    result.hasNonNull("httpStatus") ? result.get("httpStatus").asInt() : null;
            if (httpStatus != null && httpStatus == 503) {
                again.add(row);
            } else {
                done.put(
                        row,
                        new LineResult(
                                row,
                                UUID.fromString(result.path("voteId").asText()),
                                result.path("status").asText(),
                                httpStatus,
                                result.path("detail").asText(null)));
            }
        }
        return again;
    }

    private Map<String, Object> request(List<VoteRow> rows) {
        List<Map<String, Object>> votes = new ArrayList<>(rows.size());
        for (VoteRow row : rows) {
            Map<String, Object> vote = new LinkedHashMap<>();
            vote.put("voteId", ids.idOf(row).toString());
            vote.put("user", row.user());
            vote.put("voter", row.voter());
            vote.put("votes", row.votes());
            votes.add(vote);
        }
        return Map.of("votes", votes);
    }

    private static Duration backoff(int attempt) {
        Duration backoff = FIRST_BACKOFF.multipliedBy(1L << Math.min(attempt - 2, 10));
        return backoff.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff;
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("interrupted");
        }
    }
}
