package org.leaderboard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
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
        Map<VoteRow, LineResult> done = new HashMap<>();
        List<VoteRow> pending = rows;
        String problem = null;
        for (int attempt = 1; !pending.isEmpty() && attempt <= maxAttempts; attempt++) {
            if (attempt > 1) {
                pause(backoff(attempt));
            }
            Api.Answer answer;
            try {
                answer = api.post(url, request(pending));
            } catch (IOException e) {
                problem = "no answer from " + url + ": " + e;
                continue;
            }
            if (answer.status() == 503) {
                problem = answer.problem();
                answer.retryAfterSeconds().ifPresent(seconds -> pause(Duration.ofSeconds(seconds)));
            } else if (answer.status() == 200) {
                problem = null;
                pending = record(pending, answer.body().path("results"), done);
            } else {
                throw new CliException("the writer refused a batch: " + answer.problem());
            }
        }
        for (VoteRow row : pending) {
            done.put(row, unanswered(row, done, problem));
        }
        return rows.stream().map(done::get).toList();
    }

    /**
     * Puts the final answers in {@code done}; returns the rows to send again: those answered
     * REFUSED with 503 (their answer is kept in {@code done} until a later one replaces it).
     */
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
            LineResult result = result(sent.get(i), results.get(i));
            done.put(result.row(), result);
            if (Integer.valueOf(503).equals(result.httpStatus())) {
                again.add(result.row());
            }
        }
        return again;
    }

    private static LineResult result(VoteRow row, JsonNode result) {
        return new LineResult(
                row,
                UUID.fromString(result.path("voteId").asText()),
                result.path("status").asText(),
                result.hasNonNull("httpStatus") ? result.get("httpStatus").asInt() : null,
                result.path("detail").asText(null));
    }

    /** A vote still without a final answer after every attempt: FAILED, saying the last problem. */
    private LineResult unanswered(VoteRow row, Map<VoteRow, LineResult> done, String problem) {
        LineResult last = done.get(row);
        String why = problem != null ? problem : last.detail();
        return new LineResult(
                row,
                ids.idOf(row),
                LineResult.FAILED,
                last == null ? null : last.httpStatus(),
                why + " (after " + maxAttempts + " attempts)");
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
