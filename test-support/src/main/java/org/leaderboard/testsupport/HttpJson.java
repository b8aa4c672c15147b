package org.leaderboard.testsupport;

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
 * Services}. A body that is not JSON (a Prometheus scrape, an HTML error page) is kept as a text
 * node.
 */
public final class HttpJson {

    public static final ObjectMapper JSON = new ObjectMapper();

    public record Answer(int status, JsonNode body) {}

    private final HttpClient client;
    private final boolean keyOnReads;
    private final Duration requestTimeout;

    /**
     * The system tests' client: the admin key on every request, 5 s to connect, and no limit on a
     * request once connected.
     */
    public HttpJson() {
        this(Duration.ofSeconds(5), true, null);
    }

    private HttpJson(Duration connectTimeout, boolean keyOnReads, Duration requestTimeout) {
        this.client = HttpClient.newBuilder().connectTimeout(connectTimeout).build();
        this.keyOnReads = keyOnReads;
        this.requestTimeout = requestTimeout;
    }

    /**
     * The fault tests' client: short limits, so a request to a stopped or cut-off service fails
     * instead of hanging, and the admin key on writes only (reads are anonymous, as a dashboard's).
     */
    public static HttpJson withLimits(Duration connectTimeout, Duration requestTimeout) {
        return new HttpJson(connectTimeout, false, requestTimeout);
    }

    /** The underlying client, for requests sent asynchronously. */
    public HttpClient client() {
        return client;
    }

    /** A JSON {@code POST} with the admin key that gives up after {@code timeout}. */
    public HttpRequest postRequest(String url, Object body, Duration timeout) {
        return jsonPost(url, body).timeout(timeout).build();
    }

    public Answer post(String url, Object body) {
        HttpRequest.Builder request = jsonPost(url, body);
        if (requestTimeout != null) {
            request.timeout(requestTimeout);
        }
        return send(request.build());
    }

    public Answer get(String url) {
        return send(getRequest(url));
    }

    /**
     * A {@code GET} that, answered 503 with a {@code Retry-After}, waits that long and asks again,
     * as a well-behaved client does: at most {@code attempts} times in all; the last answer.
     */
    public Answer getWaitingOutRetryAfter(String url, int attempts) {
        HttpRequest request = getRequest(url);
        for (int attempt = 1; ; attempt++) {
            HttpResponse<String> response = sendRaw(request);
            var retryAfter = response.headers().firstValue("Retry-After");
            if (response.statusCode() != 503 || retryAfter.isEmpty() || attempt >= attempts) {
                return answer(response);
            }
            pause(Duration.ofSeconds(Long.parseLong(retryAfter.get().trim())));
        }
    }

    private HttpRequest getRequest(String url) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url));
        if (requestTimeout != null) {
            request.timeout(requestTimeout);
        }
        if (keyOnReads) {
            request.header("X-API-Key", Services.ADMIN_KEY);
        }
        return request.GET().build();
    }

    /** A response as an {@link Answer}: its body as JSON, or as a text node when it is not JSON. */
    public static Answer answer(HttpResponse<String> response) {
        try {
            String text = response.body();
            return new Answer(
                    response.statusCode(), text.isEmpty() ? JSON.nullNode() : JSON.readTree(text));
        } catch (IOException e) {
            return new Answer(
                    response.statusCode(), JSON.getNodeFactory().textNode(response.body()));
        }
    }

    private static HttpRequest.Builder jsonPost(String url, Object body) {
        try {
            return HttpRequest.newBuilder(URI.create(url))
                    .header("Content-Type", "application/json")
                    .header("X-API-Key", Services.ADMIN_KEY)
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Answer send(HttpRequest request) {
        return answer(sendRaw(request));
    }

    private HttpResponse<String> sendRaw(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(request.uri() + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
