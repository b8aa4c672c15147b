package org.leaderboard.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The live page with key-protected reads ({@code api.security.query-public=false}) and cross-origin
 * reads allowed for one origin: the page's shell loads without credentials, its data (board list,
 * stream, chart) follows the query API's rule, and CORS answers preflights before authentication.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "api.security.query-public=false",
            "api.security.keys[0].name=dashboard",
            "api.security.keys[0].key=" + LivePageAccessIntegrationTests.READER_KEY,
            "api.security.keys[0].roles=READER",
            "query.cors.allowed-origins=" + LivePageAccessIntegrationTests.ORIGIN
        })
class LivePageAccessIntegrationTests {

    static final String READER_KEY = "page-reader-key-0123456789";
    static final String ORIGIN = "https://contest.example";
    private static final QueryStore STORE = new QueryStore("livepage");
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        STORE.register(registry);
    }

    @BeforeAll
    static void oneVote() {
        STORE.guardedBoardWithOneVote();
    }

    @AfterAll
    static void closeSession() {
        STORE.close();
    }

    @LocalServerPort int port;

    @Test
    void thePageLoadsWithoutCredentialsButItsDataNeedsAReader() throws Exception {
        for (String shell :
                new String[] {
                    "/",
                    "/boards/guarded",
                    "/live/board.js",
                    "/webjars/chart.js/dist/chart.umd.min.js"
                }) {
            assertThat(get(shell).statusCode()).as(shell).isEqualTo(200);
        }
        assertThat(get("/boards/guarded").headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        for (String data :
                new String[] {"/boards", "/boards/guarded/live", "/boards/guarded/chart"}) {
            assertThat(get(data).statusCode()).as(data).isEqualTo(401);
        }

        HttpResponse<String> boards = get("/boards", "X-API-Key", READER_KEY);
        assertThat(boards.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(boards.body()).at("/boards/0/board").asText())
                .isEqualTo("guarded");
        HttpResponse<String> chart = get("/boards/guarded/chart", "X-API-Key", READER_KEY);
        assertThat(chart.statusCode()).isEqualTo(200);
        JsonNode history = JSON.readTree(chart.body());
        assertThat(history.at("/top/0/user").asText()).isEqualTo("alice");
        assertThat(history.at("/top/0/points")).as("no snapshot yet").isEmpty();
        assertThat(history.get("newestCutoff").isNull()).isTrue();
    }

    @Test
    void theStreamStartsWithTheBoardAsItIsNow() throws Exception {
        HttpResponse<Stream<String>> stream =
                HTTP.send(
                        request("/boards/guarded/live?limit=10")
                                .header("X-API-Key", READER_KEY)
                                .build(),
                        HttpResponse.BodyHandlers.ofLines());
        assertThat(stream.statusCode()).isEqualTo(200);
        assertThat(stream.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/event-stream"));
        Optional<String> first;
        try (Stream<String> lines = stream.body()) {
            first = lines.filter(line -> line.startsWith("data:")).findFirst();
        }
        JsonNode page = JSON.readTree(first.orElseThrow().substring("data:".length()));
        assertThat(page.at("/entries/0/user").asText()).isEqualTo("alice");
        assertThat(page.at("/entries/0/votes").asLong()).isEqualTo(3);
        assertThat(page.get("stalenessMillis").isNumber()).as("from the eventual view").isTrue();
    }

    @Test
    void anUnknownBoardsStreamIsA404Problem() throws Exception {
        HttpResponse<String> unknown = get("/boards/nowhere/live", "X-API-Key", READER_KEY);
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(unknown.body()).get("detail").asText()).contains("nowhere");
    }

    @Test
    void anAllowedOriginGetsAPreflightWithoutCredentialsAndReadsWithAKey() throws Exception {
        HttpResponse<String> preflight =
                HTTP.send(
                        request("/boards/guarded/leaderboard")
                                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                                .header("Origin", ORIGIN)
                                .header("Access-Control-Request-Method", "GET")
                                .header("Access-Control-Request-Headers", "x-api-key")
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(preflight.statusCode()).isEqualTo(200);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue(ORIGIN);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Headers"))
                .hasValueSatisfying(h -> assertThat(h).containsIgnoringCase("X-API-Key"));

        HttpResponse<String> read =
                HTTP.send(
                        request("/boards/guarded/leaderboard")
                                .header("Origin", ORIGIN)
                                .header("X-API-Key", READER_KEY)
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.headers().firstValue("Access-Control-Allow-Origin")).hasValue(ORIGIN);

        HttpResponse<String> refused = get("/boards/guarded/leaderboard", "Origin", ORIGIN);
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.headers().firstValue("Access-Control-Allow-Origin"))
                .as("the page can read the 401 and ask for a key")
                .hasValue(ORIGIN);
    }

    @Test
    void anotherOriginIsRefused() throws Exception {
        HttpResponse<String> preflight =
                HTTP.send(
                        request("/boards/guarded/leaderboard")
                                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                                .header("Origin", "https://elsewhere.example")
                                .header("Access-Control-Request-Method", "GET")
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(preflight.statusCode()).isEqualTo(403);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(20));
    }

    private HttpResponse<String> get(String path, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = request(path);
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
