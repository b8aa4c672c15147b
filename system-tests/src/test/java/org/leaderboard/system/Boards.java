package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** Small HTTP helpers shared by the system tests: create boards, read whole leaderboards. */
final class Boards {

    private final HttpJson http;
    private final RunningSystem system;

    Boards(HttpJson http, RunningSystem system) {
        this.http = http;
        this.system = system;
    }

    /** Creates a board with the given settings on top of 1 s buckets. */
    void create(String board, Map<String, Object> settings) {
        Map<String, Object> body = new LinkedHashMap<>(settings);
        body.put("board", board);
        body.putIfAbsent("bucketSeconds", 1);
        HttpJson.Answer created = http.post(system.writerUrl() + "/boards", body);
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
    }

    /** The whole leaderboard (one page of up to 1,000 entries), as the query API answers it. */
    JsonNode leaderboard(String board, String query) {
        return leaderboard(system.queryUrl(), board, query);
    }

    /** As above, from the query service at {@code queryUrl} (another instance, say). */
    JsonNode leaderboard(String queryUrl, String board, String query) {
        HttpJson.Answer answer =
                http.get(
                        queryUrl
                                + "/boards/"
                                + board
                                + "/leaderboard?limit=1000"
                                + (query.isEmpty() ? "" : "&" + query));
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
        return answer.body();
    }

    /** Retracts a vote through the writer, expecting 202; the answer's body. */
    JsonNode retract(String board, UUID voteId) {
        HttpJson.Answer answer =
                http.post(
                        system.writerUrl()
                                + "/boards/"
                                + board
                                + "/votes/"
                                + voteId
                                + "/retraction",
                        Map.of());
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(202);
        return answer.body();
    }

    /** user -> votes of the entries of a leaderboard answer. */
    static Map<String, Long> votesByUser(JsonNode leaderboard) {
        Map<String, Long> votes = new HashMap<>();
        leaderboard
                .get("entries")
                .forEach(e -> votes.put(e.get("user").asText(), e.get("votes").asLong()));
        return votes;
    }
}
