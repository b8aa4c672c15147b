package org.leaderboard.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HttpJsonTests {

    private final AtomicInteger asked = new AtomicInteger();
    private HttpServer server;

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void aReadAnswered503WithRetryAfterIsAskedAgainUntilAnswered() throws IOException {
        String url = serve(2, "1");

        HttpJson.Answer answer = new HttpJson().getWaitingOutRetryAfter(url, 5);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().get("entries").size()).isZero();
        assertThat(asked.get()).isEqualTo(3);
    }

    @Test
    void aReadStillRefusedAfterItsAttemptsGivesTheRefusal() throws IOException {
        String url = serve(10, "0");

        HttpJson.Answer answer = new HttpJson().getWaitingOutRetryAfter(url, 3);

        assertThat(answer.status()).isEqualTo(503);
        assertThat(answer.body().get("title").asText()).isEqualTo("not ready");
        assertThat(asked.get()).isEqualTo(3);
    }

    @Test
    void a503WithoutRetryAfterIsNotAskedAgain() throws IOException {
        String url = serve(1, null);

        assertThat(new HttpJson().getWaitingOutRetryAfter(url, 5).status()).isEqualTo(503);
        assertThat(asked.get()).isEqualTo(1);
    }

    /** A server refusing the first {@code refusals} requests with 503, then answering 200. */
    private String serve(int refusals, String retryAfter) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(
                "/",
                exchange -> {
                    if (asked.incrementAndGet() <= refusals) {
                        if (retryAfter != null) {
                            exchange.getResponseHeaders().add("Retry-After", retryAfter);
                        }
                        reply(exchange, 503, "{\"title\":\"not ready\"}");
                    } else {
                        reply(exchange, 200, "{\"entries\":[]}");
                    }
                });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/boards/b/leaderboard";
    }

    private static void reply(HttpExchange exchange, int status, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }
}
