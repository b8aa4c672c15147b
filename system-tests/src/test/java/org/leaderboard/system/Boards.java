package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

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
        HttpJson.Answer answer =
                http.get(
                        system.queryUrl()
                                + "/boards/"
                                + board
                                + "/leaderboard?limit=1000"
                                + (query.isEmpty() ? "" : "&" + query));
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
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
