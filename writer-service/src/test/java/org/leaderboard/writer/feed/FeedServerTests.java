package org.leaderboard.writer.feed;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.model.feed.FeedPage;

/** The feed over real HTTP, as a query service asks it. */
class FeedServerTests {

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final UUID WRITER = UUID.randomUUID();
    private static final String BOARD = "song contest/ü&more";
    private static final StoredEvent VOTE =
            new StoredEvent(UUID.randomUUID(), "abba", "v1", 3, null);
    private static final StoredEvent RETRACTION =
            new StoredEvent(UUID.randomUUID(), "abba", "v1", 3, VOTE.voteId());

    private final AckFeed feed = new AckFeed(WRITER, Duration.ofSeconds(10), 3);
    private FeedServer server;

    @BeforeEach
    void start() throws IOException {
        server = FeedServer.start(feed, JSON, "127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aPageIsTheBoardsEventsAsJson() throws Exception {
        feed.appendAll(BOARD, List.of(VOTE, RETRACTION));

        HttpResponse<byte[]> answer = get(BOARD, "0");

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(FeedPage.fromJson(answer.body(), JSON))
                .isEqualTo(new FeedPage(WRITER, 2, List.of(VOTE, RETRACTION)));
        assertThat(FeedPage.fromJson(get(BOARD, "1").body(), JSON).events())
                .containsExactly(RETRACTION);
    }

    @Test
    void minusOneAnswersTheNextNumberOnlyAndABoardNeverSeenIsAtZero() throws Exception {
        feed.appendAll(BOARD, List.of(VOTE, RETRACTION));

        assertThat(FeedPage.fromJson(get(BOARD, "-1").body(), JSON))
                .isEqualTo(new FeedPage(WRITER, 2, List.of()));
        assertThat(FeedPage.fromJson(get("quiet", "0").body(), JSON))
                .isEqualTo(new FeedPage(WRITER, 0, List.of()));
    }

    @Test
    void aNumberPastTheNextOrNoNumberIsABadRequest() throws Exception {
        feed.append(BOARD, VOTE);

        HttpResponse<byte[]> ahead = get(BOARD, "2");
        assertThat(ahead.statusCode()).isEqualTo(400);
        assertThat(ahead.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(JSON.readTree(ahead.body()).path("detail").asText())
                .contains("from 2", "next number 1");
        assertThat(get(BOARD, "x").statusCode()).isEqualTo(400);
        assertThat(send(HttpRequest.newBuilder(uri("/feed?from=0")).GET()).statusCode())
                .isEqualTo(400);
    }

    @Test
    void aNumberNoLongerKeptIsGone() throws Exception {
        feed.appendAll(BOARD, List.of(VOTE, RETRACTION, VOTE, RETRACTION));

        HttpResponse<byte[]> gone = get(BOARD, "0");

        assertThat(gone.statusCode()).isEqualTo(410);
        assertThat(JSON.readTree(gone.body()).path("detail").asText()).contains("oldest kept is 1");
        assertThat(get(BOARD, "1").statusCode()).isEqualTo(200);
    }

    @Test
    void onlyGetIsServed() throws Exception {
        HttpResponse<byte[]> post =
                send(
                        HttpRequest.newBuilder(uri("/feed?board=b&from=0"))
                                .POST(HttpRequest.BodyPublishers.noBody()));

        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("Allow")).hasValue("GET");
    }

    @Test
    void aFeedWithATokenAnswersOnlyRequestsThatCarryIt() throws Exception {
        String token = "feed-token-of-this-test-0123456789";
        feed.append(BOARD, VOTE);
        try (FeedServer guarded = FeedServer.start(feed, JSON, "127.0.0.1", 0, token)) {
            URI page =
                    URI.create(
                            "http://"
                                    + guarded.address("127.0.0.1")
                                    + "/feed?board="
                                    + URLEncoder.encode(BOARD, StandardCharsets.UTF_8)
                                    + "&from=0");

            HttpResponse<byte[]> without = send(HttpRequest.newBuilder(page).GET());
            HttpResponse<byte[]> wrong =
                    send(
                            HttpRequest.newBuilder(page)
                                    .header("Authorization", "Bearer " + token + "x")
                                    .GET());
            HttpResponse<byte[]> with =
                    send(
                            HttpRequest.newBuilder(page)
                                    .header("Authorization", "Bearer " + token)
                                    .GET());

            assertThat(without.statusCode()).isEqualTo(401);
            assertThat(without.headers().firstValue("WWW-Authenticate"))
                    .hasValue("Bearer realm=\"writer-feed\"");
            assertThat(new String(without.body(), StandardCharsets.UTF_8)).doesNotContain("abba");
            assertThat(wrong.statusCode()).isEqualTo(401);
            assertThat(with.statusCode()).isEqualTo(200);
            assertThat(FeedPage.fromJson(with.body(), JSON).events()).containsExactly(VOTE);
        }
        // The server without a token answers without one.
        assertThat(get(BOARD, "0").statusCode()).isEqualTo(200);
    }

    private HttpResponse<byte[]> get(String board, String from) throws Exception {
        String query =
                "/feed?board=" + URLEncoder.encode(board, StandardCharsets.UTF_8) + "&from=" + from;
        return send(HttpRequest.newBuilder(uri(query)).GET());
    }

    private URI uri(String pathAndQuery) {
        return URI.create("http://" + server.address("127.0.0.1") + pathAndQuery);
    }

    private static HttpResponse<byte[]> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
