package org.leaderboard.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * JSON over HTTP to the writer and the query service, with the operator's API key. Answers of any
 * status are returned as they are; only a failed connection throws.
 */
final class Api {

    static final ObjectMapper JSON =
            new ObjectMapper()
                    .registerModule(new JavaTimeModule())
                    .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                    // Newer services may add fields; an older CLI should still read the answer.
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    // Generous: a batch of late retries is checked by the writer vote by vote (two reads each),
    // and a request given up on too early would only be sent again and checked again.
    private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(5);

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String apiKey;

    Api(String apiKey) {
        this.apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey;
    }

    /** An answer: its status, its JSON body (a null node when empty or not JSON). */
    record Answer(int status, JsonNode body, OptionalLong retryAfterSeconds) {

        boolean ok() {
            return status >= 200 && status < 300;
        }

        /** What a refusal says: the problem's detail, else its title, else the status. */
        String problem() {
            for (String field : new String[] {"detail", "title"}) {
                if (body.hasNonNull(field)) {
                    return "HTTP " + status + ": " + body.get(field).asText();
                }
            }
            return "HTTP " + status;
        }

        <T> T as(Class<T> type) {
            try {
                return JSON.treeToValue(body, type);
            } catch (JsonProcessingException e) {
                throw new CliException(
                        "unexpected answer (" + e.getOriginalMessage() + "): " + body);
            }
        }
    }

    Answer get(String url) throws IOException {
        return send(request(url).GET().build());
    }

    Answer post(String url, Object body) throws IOException {
        return send(
                request(url)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)))
                        .build());
    }

    /** A path segment (a board or user id), percent-encoded. */
    static String segment(String id) {
        return URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private HttpRequest.Builder request(String url) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(REQUEST_TIMEOUT)
                        .header("Accept", "application/json");
        return apiKey == null ? request : request.header("X-API-Key", apiKey);
    }

    private Answer send(HttpRequest request) throws IOException {
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        OptionalLong retryAfter =
                response.headers()
                        .firstValue("Retry-After")
                        .filter(value -> value.matches("\\d{1,6}"))
                        .map(value -> OptionalLong.of(Long.parseLong(value)))
                        .orElse(OptionalLong.empty());
        return new Answer(response.statusCode(), body(response.body()), retryAfter);
    }

    private static JsonNode body(String text) {
        try {
            return text.isEmpty() ? JSON.nullNode() : JSON.readTree(text);
        } catch (JsonProcessingException e) {
            return JSON.nullNode();
        }
    }
}
