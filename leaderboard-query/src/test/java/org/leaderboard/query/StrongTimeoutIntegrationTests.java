package org.leaderboard.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.query.web.DirectReadRoute;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A read-your-writes query whose answer is not ready within {@code query.strong.timeout} (here
 * {@code query.strong.first-read-timeout}: the board has not been read yet) is answered 503 with
 * {@code Retry-After}, by the direct route and by the full chain alike, whether it waited the whole
 * timeout or the read under way had already run longer. The board's shared read stands for a slow
 * database: it is held (its first look at the clock, on its own thread) until the test has its
 * answers, so no answer can be ready in time however the threads are scheduled. A timeout alone,
 * even of a nanosecond, does not make that certain: a request thread descheduled between starting
 * the read and waiting for it finds the read done.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "query.strong.timeout=1ns",
            "query.strong.first-read-timeout=1ns",
            "query.strong.retry-after=7s"
        })
@Import(HeldReadsClock.Config.class)
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
        // Held until the test has its answers.
        HeldReadsClock.hold();
        STORE.vote(STORE.board("slow", Instant.now()), "alice", 3, Instant.now().minusSeconds(5));
    }

    @AfterAll
    static void closeSession() {
        HeldReadsClock.release();
        STORE.close();
    }

    @LocalServerPort int port;

    @Autowired DirectReadRoute route;

    @Autowired MeterRegistry meters;

    @Test
    void aReadNotReadyInTimeIsRefusedWithRetryAfterByTheRouteAsByTheChain() throws Exception {
        List<String> details = new ArrayList<>();
        double refusedBefore = meters.counter("leaderboard.strong.refused").count();
        for (String path : new String[] {"/boards/slow/leaderboard", "/boards/slow/users/alice"}) {
            long before = route.answered();
            HttpResponse<String> direct = get(path, "application/json");
            assertThat(route.answered()).as(path).isEqualTo(before + 1);
            HttpResponse<String> chain = get(path, "application/xml, application/json");
            assertThat(route.answered()).as(path).isEqualTo(before + 1);

            for (HttpResponse<String> answer : List.of(direct, chain)) {
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
                        .contains("query.strong.first-read-timeout")
                        .endsWith("retry, or ask with consistency=eventual");
                details.add(problem.get("detail").asText());
            }
        }
        assertThat(meters.counter("leaderboard.strong.refused").count())
                .as("refusals counted for operators")
                .isEqualTo(refusedBefore + details.size());
        // The first query waited the whole timeout; the others found the held read running longer.
        assertThat(details.get(0)).startsWith("no read-your-writes answer within");
        assertThat(details.subList(1, details.size()))
                .allMatch(detail -> detail.startsWith("the read under way has run for"));
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
