package org.leaderboard.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.leaderboard.testsupport.Oracle.Row;

/**
 * Creating boards, retracting votes and reading whole leaderboards over HTTP, each checking the
 * status it must answer, against one writer and one query service.
 */
public final class Boards {

    /** How many times a leaderboard read is asked in all while answered 503 with Retry-After. */
    private static final int READ_ATTEMPTS = 5;

    private final HttpJson http;
    private final String writerUrl;
    private final String queryUrl;

    public Boards(HttpJson http, String writerUrl, String queryUrl) {
        this.http = http;
        this.writerUrl = writerUrl;
        this.queryUrl = queryUrl;
    }

    /** Creates a new board (201) with the given settings, on top of 1 s buckets. */
    public void create(String board, Map<String, Object> settings) {
        HttpJson.Answer created = postBoard(board, settings);
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
    }

    /**
     * Creates the board with the given settings on top of 1 s buckets, or finds it there already
     * with the same settings (200 or 201).
     */
    public void createOrFind(String board, Map<String, Object> settings) {
        HttpJson.Answer answer = postBoard(board, settings);
        assertThat(answer.status()).as(answer.body().toString()).isIn(200, 201);
    }

    private HttpJson.Answer postBoard(String board, Map<String, Object> settings) {
        Map<String, Object> body = new LinkedHashMap<>(settings);
        body.put("board", board);
        body.putIfAbsent("bucketSeconds", 1);
        return http.post(writerUrl + "/boards", body);
    }

    /** The whole leaderboard (one page of up to 1,000 entries), as the query API answers it. */
    public JsonNode leaderboard(String board, String query) {
        return leaderboard(queryUrl, board, query);
    }

    /** As above, from the query service at {@code queryUrl} (another instance, say). */
    public JsonNode leaderboard(String queryUrl, String board, String query) {
        return read(queryUrl, board, "limit=1000" + (query.isEmpty() ? "" : "&" + query));
    }

    /** The whole board, read page by page, {@code pageSize} entries a page. */
    public List<Row> rows(String board, int pageSize) {
        List<Row> rows = new ArrayList<>();
        for (int offset = 0; ; offset += pageSize) {
            JsonNode entries = page(board, offset, pageSize).get("entries");
            rows.addAll(Row.of(entries));
            if (entries.size() < pageSize) {
                return rows;
            }
        }
    }

    /** One page of the board. */
    public JsonNode page(String board, int offset, int limit) {
        return read(queryUrl, board, "limit=" + limit + "&offset=" + offset);
    }

    /**
     * {@code GET /boards/{board}/leaderboard?{query}}, expecting 200; the answer's body. A 503 with
     * {@code Retry-After} (a read-your-writes answer not ready: the service was behind or the store
     * briefly unavailable) is waited out and asked again, a few times, as a user's client does.
     */
    private JsonNode read(String queryUrl, String board, String query) {
        HttpJson.Answer answer =
                http.getWaitingOutRetryAfter(
                        queryUrl + "/boards/" + board + "/leaderboard?" + query, READ_ATTEMPTS);
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
        return answer.body();
    }

    /** Retracts a vote through the writer, expecting 202; the answer's body. */
    public JsonNode retract(String board, UUID voteId) {
        HttpJson.Answer answer =
                http.post(
                        writerUrl + "/boards/" + board + "/votes/" + voteId + "/retraction",
                        Map.of());
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(202);
        return answer.body();
    }

    /** user -> votes of the entries of a leaderboard answer. */
    public static Map<String, Long> votesByUser(JsonNode leaderboard) {
        Map<String, Long> votes = new HashMap<>();
        leaderboard
                .get("entries")
                .forEach(e -> votes.put(e.get("user").asText(), e.get("votes").asLong()));
        return votes;
    }
}
