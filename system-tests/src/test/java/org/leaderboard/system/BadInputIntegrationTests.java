package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.testsupport.HttpJson;
import org.leaderboard.testsupport.TestCassandra;

/**
 * A generated corpus of malformed requests against every endpoint of the running writer and query
 * service. Each is answered with a 4xx problem (application/problem+json) whose detail names the
 * field or the problem, none with a 5xx, and no table of the keyspace changes. A mistake inside one
 * vote of a batch is answered, as the batch contract says, in that vote's result (REFUSED with its
 * 4xx status and detail) of a 200 answer.
 */
class BadInputIntegrationTests {

    private static RunningSystem system;
    private static CqlSession session;
    private final HttpClient client =
            HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(5))
                    .build();

    @BeforeAll
    static void start() {
        system = new RunningSystem("badinput");
        session = TestCassandra.shared().session(system.keyspace);
        HttpJson http = new HttpJson();
        assertThat(
                        http.post(
                                        system.writerUrl() + "/boards",
                                        Map.of("board", BadInputCorpus.BOARD))
                                .status())
                .isEqualTo(201);
        for (int i = 0; i < 3; i++) {
            assertThat(
                            http.post(
                                            system.writerUrl()
                                                    + "/boards/"
                                                    + BadInputCorpus.BOARD
                                                    + "/votes",
                                            Map.of(
                                                    "user",
                                                    BadInputCorpus.USER,
                                                    "voter",
                                                    "v" + i,
                                                    "votes",
                                                    1))
                                    .status())
                    .isEqualTo(202);
        }
    }

    @AfterAll
    static void stop() {
        session.close();
        system.close();
    }

    @Test
    void everyMalformedRequestIsRefusedWithAProblemNamingItAndNoTableChanges() throws Exception {
        Map<String, List<String>> before = TableContents.of(session, system.keyspace);
        List<BadRequest> corpus = BadInputCorpus.generate();
        Summary summary = new Summary();
        List<String> failures = new ArrayList<>();

        for (BadRequest request : corpus) {
            HttpResponse<String> response = send(request);
            summary.count(request, response.statusCode());
            String failure = check(request, response);
            if (failure != null) {
                failures.add(failure + "\n    request: " + request.describe());
            }
        }
        System.out.println(summary.print());

        assertThat(corpus.stream().filter(r -> !r.batchElement()).count())
                .as("malformed requests answered 4xx")
                .isGreaterThanOrEqualTo(500);
        assertThat(failures).as("requests not refused as expected").isEmpty();
        assertThat(TableContents.of(session, system.keyspace))
                .as("every table of the keyspace, row by row")
                .isEqualTo(before);
    }

    private HttpResponse<String> send(BadRequest request) throws IOException, InterruptedException {
        String base = request.service().equals("writer") ? system.writerUrl() : system.queryUrl();
        HttpRequest.Builder builder =
                HttpRequest.newBuilder(URI.create(base + request.path()))
                        .timeout(Duration.ofSeconds(30))
                        .method(
                                request.method(),
                                request.body() == null
                                        ? HttpRequest.BodyPublishers.noBody()
                                        : HttpRequest.BodyPublishers.ofByteArray(request.body()));
        if (request.contentType() != null) {
            builder.header("Content-Type", request.contentType());
        }
        if (!request.anonymous()) {
            builder.header("X-API-Key", RunningSystem.ADMIN_KEY);
        }
        if (!request.headers().isEmpty()) {
            builder.headers(request.headers().toArray(String[]::new));
        }
        return client.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Null when the answer is what the request deserves, else what is wrong with it. */
    private static String check(BadRequest request, HttpResponse<String> response) {
        int status = response.statusCode();
        JsonNode body;
        try {
            body = HttpJson.JSON.readTree(response.body());
        } catch (IOException e) {
            return status + " with a body that is not JSON: " + shorten(response.body());
        }
        if (request.batchElement()) {
            JsonNode result = body.path("results").path(0);
            if (status != 200 || !result.path("status").asText().equals("REFUSED")) {
                return "batch answered " + status + " " + shorten(response.body());
            }
            return mentions(result.path("detail").asText(), "", request.mention())
                    ? null
                    : "vote result does not name '" + request.mention() + "': " + result;
        }
        if (status < 400 || status >= 500) {
            return "answered " + status + ": " + shorten(response.body());
        }
        if (request.status() != 0 && status != request.status()) {
            return "answered "
                    + status
                    + " instead of "
                    + request.status()
                    + ": "
                    + shorten(response.body());
        }
        String type = response.headers().firstValue("Content-Type").orElse("");
        if (!type.startsWith("application/problem+json")) {
            return status
                    + " with Content-Type '"
                    + type
                    + "', not a problem: "
                    + shorten(response.body());
        }
        String detail = body.path("detail").asText();
        if (detail.isBlank() || body.path("status").asInt() != status) {
            return status
                    + " problem without a detail or with another status: "
                    + shorten(response.body());
        }
        return mentions(detail, body.path("field").asText(), request.mention())
                ? null
                : status + " detail does not name '" + request.mention() + "': " + detail;
    }

    private static boolean mentions(String detail, String field, String mention) {
        if (mention == null) {
            return !detail.isBlank();
        }
        return field.equals(mention)
                || detail.toLowerCase(Locale.ROOT).contains(mention.toLowerCase(Locale.ROOT));
    }

    private static String shorten(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }

    /** Requests and status codes per category, for the closing note. */
    private static final class Summary {
        private final Map<String, Map<Integer, Integer>> byCategory = new TreeMap<>();
        private final Map<Integer, Integer> total = new TreeMap<>();

        void count(BadRequest request, int status) {
            String category =
                    request.category() + (request.batchElement() ? " (batch element)" : "");
            byCategory
                    .computeIfAbsent(category, c -> new TreeMap<>())
                    .merge(status, 1, Integer::sum);
            total.merge(status, 1, Integer::sum);
        }

        String print() {
            StringBuilder text =
                    new StringBuilder("\nBad-input corpus: requests per category and status\n");
            byCategory.forEach(
                    (category, statuses) ->
                            text.append(
                                    String.format(
                                            "  %-45s %4d  %s%n",
                                            category,
                                            statuses.values().stream()
                                                    .mapToInt(Integer::intValue)
                                                    .sum(),
                                            statuses)));
            text.append(
                    String.format(
                            "  %-45s %4d  %s%n",
                            "all",
                            total.values().stream().mapToInt(Integer::intValue).sum(),
                            total));
            return text.toString();
        }
    }
}
