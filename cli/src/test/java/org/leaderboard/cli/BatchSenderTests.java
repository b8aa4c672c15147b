package org.leaderboard.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The sender against a stand-in writer over real HTTP that answers a scripted sequence: retries
 * resend the same ids and only the votes still without an answer.
 */
class BatchSenderTests {

    private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    private final List<Answer> script = new ArrayList<>();
    private HttpServer writer;

    private interface Answer {
        void send(HttpExchange exchange, JsonNode votes) throws IOException;
    }

    @AfterEach
    void stop() {
        writer.stop(0);
    }

    @Test
    void retriesA503AndADroppedConnectionAndVotesNotConfirmedWithTheSameIds() throws IOException {
        script.add(
                (exchange, votes) ->
                        respond(exchange, 503, "{\"title\":\"Writer overloaded\"}", "1"));
        script.add((exchange, votes) -> exchange.close()); // no answer at all
        script.add(
                (exchange, votes) ->
                        respond(
                                exchange,
                                200,
                                results(
                                        votes,
                                        "{\"status\":\"REFUSED\",\"httpStatus\":503,\"detail\":\"Vote not confirmed yet\"}",
                                        "{\"status\":\"RECORDED\"}",
                                        "{\"status\":\"REFUSED\",\"httpStatus\":422,\"detail\":\"outside the window\"}"),
                                null));
        script.add(
                (exchange, votes) ->
                        respond(
                                exchange,
                                200,
                                results(votes, "{\"status\":\"ALREADY_RECORDED\"}"),
                                null));
        List<VoteRow> rows = List.of(row(2, "abba"), row(3, "queen"), row(4, "u2"));

        List<LineResult> results = sender(5).send(rows);

        assertThat(results)
                .extracting(LineResult::status)
                .containsExactly("ALREADY_RECORDED", "RECORDED", "REFUSED");
        assertThat(results.get(2).httpStatus()).isEqualTo(422);
        assertThat(results.get(2).detail()).isEqualTo("outside the window");
        assertThat(requests).hasSize(4);
        List<String> firstIds = ids(requests.get(0));
        assertThat(ids(requests.get(1))).isEqualTo(firstIds);
        assertThat(ids(requests.get(2))).isEqualTo(firstIds);
        assertThat(ids(requests.get(3))).containsExactly(firstIds.get(0));
    }

    @Test
    void aVoteWithoutAnAnswerAfterEveryAttemptFailsAndARefusedBatchStopsTheImport()
            throws IOException {
        script.add((exchange, votes) -> exchange.close());
        script.add((exchange, votes) -> exchange.close());
        assertThat(sender(2).send(List.of(row(2, "abba"))))
                .singleElement()
                .satisfies(
                        result -> {
                            assertThat(result.status()).isEqualTo("FAILED");
                            assertThat(result.detail())
                                    .startsWith("no answer from")
                                    .endsWith("(after 2 attempts)");
                        });
        writer.stop(0);

        script.clear();
        requests.clear();
        script.add(
                (exchange, votes) -> respond(exchange, 404, "{\"detail\":\"no board 'x'\"}", null));
        assertThatThrownBy(() -> sender(5).send(List.of(row(2, "abba"))))
                .hasMessage("the writer refused a batch: HTTP 404: no board 'x'");
    }

    private BatchSender sender(int maxAttempts) throws IOException {
        writer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        writer.createContext(
                "/",
                exchange -> {
                    JsonNode votes = Api.JSON.readTree(exchange.getRequestBody()).get("votes");
                    requests.add(votes);
                    script.get(requests.size() - 1).send(exchange, votes);
                });
        writer.start();
        String url = "http://127.0.0.1:" + writer.getAddress().getPort() + "/boards/b/votes/batch";
        return new BatchSender(
                new Api("key"), url, new VoteIds("test", Instant.now()), maxAttempts);
    }

    private static String results(JsonNode votes, String... results) {
        List<String> answers = new ArrayList<>();
        for (int i = 0; i < votes.size(); i++) {
            String voteId = votes.get(i).get("voteId").asText();
            answers.add(results[i].replace("{", "{\"voteId\":\"" + voteId + "\","));
        }
        return "{\"results\":[" + String.join(",", answers) + "]}";
    }

    private static void respond(HttpExchange exchange, int status, String body, String retryAfter)
            throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        if (retryAfter != null) {
            exchange.getResponseHeaders().add("Retry-After", retryAfter);
        }
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private static List<String> ids(JsonNode votes) {
        List<String> ids = new ArrayList<>();
        votes.forEach(vote -> ids.add(vote.get("voteId").asText()));
        return ids;
    }

    private static VoteRow row(long line, String user) {
        return new VoteRow(line, user + ",v1,1", user, "v1", 1, null, null);
    }
}
