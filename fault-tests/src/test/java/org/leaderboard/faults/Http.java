package org.leaderboard.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A plain HTTP client speaking JSON, as any user's client would. */
final class Http {

    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    record Answer(int status, JsonNode body) {}

    private Http() {}

    static HttpRequest postRequest(String url, Object body, Duration timeout) {
        try {
            return HttpRequest.newBuilder(URI.create(url))
                    .timeout(timeout)
                    .header("Content-Type", "application/json")
                    .header("X-API-Key", Services.ADMIN_KEY)
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                    .build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Answer post(String url, Object body) {
        return send(postRequest(url, body, Duration.ofSeconds(30)));
    }

    static Answer get(String url) {
        return send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(30))
                        .GET()
                        .build());
    }

    static Answer answer(HttpResponse<String> response) {
        try {
            String text = response.body();
            return new Answer(
                    response.statusCode(), text.isEmpty() ? JSON.nullNode() : JSON.readTree(text));
        } catch (IOException e) {
            return new Answer(
                    response.statusCode(), JSON.getNodeFactory().textNode(response.body()));
        }
    }

    private static Answer send(HttpRequest request) {
        try {
            return answer(CLIENT.send(request, HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            throw new UncheckedIOException(request.uri() + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
