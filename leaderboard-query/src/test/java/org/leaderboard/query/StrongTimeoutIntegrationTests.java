package org.leaderboard.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.query.web.DirectReadRoute;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A read-your-writes query whose answer is not ready within {@code query.strong.timeout} is
 * answered 503 with {@code Retry-After}, by the direct route and by the full chain alike. The
 * timeout here is a nanosecond, so no read (a round trip to Cassandra on another thread) is ever
 * ready in time.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"query.strong.timeout=1ns", "query.strong.retry-after=7s"})
class StrongTimeoutIntegrationTests {

    private static final QueryStore STORE = new QueryStore("strongtimeout");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        STORE.register(registry);
    }

    @BeforeAll
    static void oneVote() {
        STORE.vote(STORE.board("slow", Instant.now()), "alice", 3, Instant.now().minusSeconds(5));
    }

    @AfterAll
    static void closeSession() {
        STORE.close();
    }

    @LocalServerPort int port;

    @Autowired DirectReadRoute route;

    @Test
    void aReadNotReadyInTimeIsRefusedWithRetryAfterByTheRouteAsByTheChain() throws Exception {
        for (String path : new String[] {"/boards/slow/leaderboard", "/boards/slow/users/alice"}) {
            long before = route.answered();
            HttpResponse<String> direct = get(path, "application/json");
            assertThat(route.answered()).as(path).isEqualTo(before + 1);
            HttpResponse<String> chain = get(path, "application/json;q=0.9");
            assertThat(route.answered()).as(path).isEqualTo(before + 1);

            for (HttpResponse<String> answer : java.util.List.of(direct, chain)) {
                assertThat(answer.statusCode()).as(path).isEqualTo(503);
                assertThat(answer.headers().firstValue("Retry-After")).as(path).hasValue("7");
                assertThat(answer.headers().firstValue("Content-Type"))
                        .hasValue("application/problem+json");
                assertThat(answer.headers().firstValue("X-Content-Type-Options"))
                        .hasValue("nosniff");
                JsonNode problem = JSON.readTree(answer.body());
                assertThat(problem.get("status").asInt()).isEqualTo(503);
                assertThat(problem.get("title").asText())
                        .isEqualTo("Read-your-writes answer not ready");
                assertThat(problem.get("instance").asText()).isEqualTo(path);
                assertThat(problem.get("detail").asText())
                        .contains("query.strong.timeout")
                        .endsWith("retry, or ask with consistency=eventual");
            }
        }
    }

    private HttpResponse<String> get(String path, String accept)
            throws IOException, InterruptedException {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .header("Accept", accept)
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
