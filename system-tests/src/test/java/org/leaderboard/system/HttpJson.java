package org.leaderboard.system;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A plain HTTP client speaking JSON, as any user's client would, with the admin's API key of {@link
 * RunningSystem}.
 */
final class HttpJson {

    static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    record Answer(int status, JsonNode body) {}

    Answer post(String url, Object body) {
        try {
            return send(
                    HttpRequest.newBuilder(URI.create(url))
                            .header("Content-Type", "application/json")
                            .header("X-API-Key", RunningSystem.ADMIN_KEY)
                            .POST(
                                    HttpRequest.BodyPublishers.ofString(
                                            JSON.writeValueAsString(body)))
                            .build());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Answer get(String url) {
        return send(
                HttpRequest.newBuilder(URI.create(url))
                        .header("X-API-Key", RunningSystem.ADMIN_KEY)
                        .GET()
                        .build());
    }

    private Answer send(HttpRequest request) {
        try {
            HttpResponse<String> response =
                    client.send(request, HttpResponse.BodyHandlers.ofString());
            String text = response.body();
            return new Answer(
                    response.statusCode(), text.isEmpty() ? JSON.nullNode() : JSON.readTree(text));
        } catch (IOException e) {
            throw new UncheckedIOException(request.uri() + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
