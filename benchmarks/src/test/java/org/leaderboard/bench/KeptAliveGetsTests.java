package org.leaderboard.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.leaderboard.bench.QueryClient.Answer;

/**
 * The benchmark's HTTP client against the JDK's HTTP server: bodies by length and chunked, error
 * statuses with their body, a kept-alive connection used again, and a new one when the server
 * closes it.
 */
class KeptAliveGetsTests {

    private HttpServer server;
    private KeptAliveGets client;
    private final Set<String> clientPorts = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext(
                "/sized",
                exchange -> answer(exchange, 200, "sized é " + exchange.getRequestURI(), false));
        server.createContext(
                "/chunked", exchange -> answer(exchange, 200, "x".repeat(100_000), true));
        server.createContext(
                "/missing", exchange -> answer(exchange, 404, "{\"title\":\"Not Found\"}", false));
        server.createContext(
                "/refused",
                exchange -> {
                    exchange.getResponseHeaders().set("Retry-After", "7");
                    answer(exchange, 503, "{\"title\":\"Not ready\"}", false);
                });
        server.createContext(
                "/closing",
                exchange -> {
                    exchange.getResponseHeaders().set("Connection", "close");
                    answer(exchange, 200, "bye", false);
                });
        server.start();
        client = new KeptAliveGets("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @AfterEach
    void stop() {
        client.close();
        server.stop(0);
    }

    private void answer(HttpExchange exchange, int status, String body, boolean chunked)
            throws IOException {
        clientPorts.add(Integer.toString(exchange.getRemoteAddress().getPort()));
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, chunked ? 0 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Test
    void readsBodiesByLengthAndChunkedOnOneKeptConnection() {
        for (int i = 0; i < 20; i++) {
            assertThat(client.get("/sized?i=" + i))
                    .isEqualTo(new Answer(200, "sized é /sized?i=" + i));
            assertThat(client.get("/chunked").body()).hasSize(100_000).matches("x+");
        }
        assertThat(clientPorts).hasSize(1);
    }

    @Test
    void anErrorStatusComesWithItsBody() {
        assertThat(client.get("/missing")).isEqualTo(new Answer(404, "{\"title\":\"Not Found\"}"));
        assertThat(client.get("/refused"))
                .isEqualTo(new Answer(503, "{\"title\":\"Not ready\"}", 7));
        assertThat(client.get("/sized").statusCode()).isEqualTo(200);
        assertThat(clientPorts).hasSize(1);
    }

    @Test
    void aConnectionTheServerClosesIsReplaced() {
        assertThat(client.get("/closing")).isEqualTo(new Answer(200, "bye"));
        assertThat(client.get("/closing")).isEqualTo(new Answer(200, "bye"));
        assertThat(client.get("/sized").statusCode()).isEqualTo(200);
        assertThat(clientPorts).hasSize(3);
    }

    @Test
    void aServerThatIsGoneIsAnError() {
        assertThat(client.get("/sized").statusCode()).isEqualTo(200);
        server.stop(0);
        assertThatThrownBy(() -> client.get("/sized")).isInstanceOf(UncheckedIOException.class);
    }
}
