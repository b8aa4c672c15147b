package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.model.cassandra.VoteEventDao;
import org.leaderboard.model.cassandra.WriterProgress;
import org.leaderboard.model.feed.FeedPage;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.TestCassandra;
import org.leaderboard.testsupport.TestTokens;
import org.leaderboard.writer.config.ProgressSettings;
import org.leaderboard.writer.config.WriterFeed;
import org.leaderboard.writer.config.WriterSettings;
import org.leaderboard.writer.store.ProgressMarks;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The writer with its feed on (and so its progress row), against a real Cassandra: every answer
 * that says stored comes after the event is in the feed, on every path (a single vote on the direct
 * route and through the full chain, a vote of a batch, a unique vote, a retraction, and their
 * retries), the writer's row publishes where the feed is, and a writer that is not registered
 * stores a vote but answers 503 until it is again.
 *
 * <p>Its own Spring context: the other integration tests run with progress marks off and a movable
 * clock. The progress mark whose registration decides here runs on a monotonic clock the tests can
 * move ahead, as if the writer's row had not been rewritten for a while.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(WriterFeedIntegrationTests.MovableLease.class)
class WriterFeedIntegrationTests {

    private static final String KEYSPACE = TestCassandra.shared().newKeyspace("feed");
    private static final CqlSession SESSION = TestCassandra.shared().session(KEYSPACE);
    private static final String ADMIN_KEY = "feed-admin-key-0123456789";
    private static final String FEED_TOKEN = "feed-token-of-this-writer-0123";
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Added to the progress mark's monotonic clock. */
    private static final AtomicLong NANOS_AHEAD = new AtomicLong();

    @DynamicPropertySource
    static void writer(DynamicPropertyRegistry registry) {
        TestCassandra.shared()
                .springProperties(KEYSPACE)
                .forEach((k, v) -> registry.add(k, () -> v));
        registry.add("writer.feed.port", () -> "0");
        registry.add("writer.feed.token", () -> FEED_TOKEN);
        // Long enough that a test sees the writer unregistered before it registers again.
        registry.add("writer.progress.register-wait", () -> "2s");
        registry.add("api.security.keys[0].name", () -> "feed-admin");
        registry.add("api.security.keys[0].key", () -> ADMIN_KEY);
        registry.add("api.security.keys[0].roles", () -> "ADMIN");
        registry.add(
                "spring.security.oauth2.resourceserver.jwt.public-key-location",
                TestTokens::publicKeyLocation);
    }

    @TestConfiguration
    static class MovableLease {
        /** This writer's progress mark as WriterConfig makes it, on the movable monotonic clock. */
        @Bean(destroyMethod = "close")
        @Primary
        ProgressMarks movableProgressMarks(
                ProgressSettings progress,
                WriterSettings settings,
                WriterFeed feed,
                CqlSession session,
                Clock clock)
                throws InterruptedException {
            ProgressMarks marks =
                    new ProgressMarks(
                            feed.writer(),
                            feed.address(),
                            ProgressMarks.storeOn(session, settings.consistency()),
                            clock,
                            () -> System.nanoTime() + NANOS_AHEAD.get(),
                            progress.lag(),
                            settings.lateAfter(),
                            progress.lease(),
                            progress.registerWait());
            marks.start(progress.interval());
            marks.awaitRegistered(Duration.ofSeconds(30));
            return marks;
        }
    }

    @LocalServerPort int port;
    @Autowired WriterFeed feed;
    @Autowired ProgressMarks progress;

    @Test
    void theWritersRowPublishesWhereItsFeedIs() {
        List<WriterProgress> rows =
                new VoteEventDao(SESSION, Consistency.DEFAULT).writerProgress().join();

        assertThat(rows)
                .filteredOn(row -> row.writer().equals(feed.writer()))
                .extracting(WriterProgress::feed)
                .containsOnly(feed.address());
        assertThat(feed.address()).isEqualTo("127.0.0.1:" + feedPort());
    }

    @Test
    void theFeedAnswersOnlyRequestsWithItsToken() throws Exception {
        URI uri = URI.create("http://" + feed.address() + "/feed?board=any&from=0");

        HttpResponse<byte[]> without =
                HTTP.send(
                        HttpRequest.newBuilder(uri).GET().build(),
                        HttpResponse.BodyHandlers.ofByteArray());

        assertThat(without.statusCode()).isEqualTo(401);
    }

    @Test
    void aSingleVoteIsInTheFeedWhenItsAcceptedOnTheDirectRouteAndThroughTheChain() {
        String board = newBoard();
        UUID direct = voteId();
        UUID chained = voteId();

        Answer first = send(post(votes(board), vote(direct, "abba", 3)));
        // A body of unknown length (chunked) is not the direct route's: the full chain answers it.
        Answer second =
                send(
                        request(votes(board))
                                .POST(
                                        HttpRequest.BodyPublishers.fromPublisher(
                                                HttpRequest.BodyPublishers.ofString(
                                                        vote(chained, "queen", 2)))));

        assertThat(first.status()).isEqualTo(202);
        assertThat(second.status()).isEqualTo(202);
        assertThat(feedEvents(board))
                .containsExactly(
                        new StoredEvent(direct, "abba", "v9", 3, null),
                        new StoredEvent(chained, "queen", "v9", 2, null));
    }

    @Test
    void everyVoteOfABatchIsInTheFeedWhenTheBatchIsAnswered() {
        String board = newBoard();
        UUID one = voteId();
        UUID two = voteId();

        Answer answer =
                send(
                        post(
                                votes(board) + "/batch",
                                "{\"votes\":["
                                        + vote(one, "abba", 1)
                                        + ","
                                        + vote(two, "queen", 5)
                                        + "]}"));

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().path("results").findValuesAsText("status"))
                .containsExactly("RECORDED", "RECORDED");
        assertThat(feedEvents(board))
                .containsExactlyInAnyOrder(
                        new StoredEvent(one, "abba", "v9", 1, null),
                        new StoredEvent(two, "queen", "v9", 5, null));
    }

    @Test
    void aUniqueVoteAndItsRetryAreInTheFeedWhenAnswered() {
        String board = boardName();
        assertThat(
                        send(post(
                                        "/boards",
                                        "{\"board\":\""
                                                + board
                                                + "\",\"uniqueVotes\":\"PER_BOARD\"}"))
                                .status())
                .isEqualTo(201);
        UUID voteId = voteId();

        Answer first = send(post(votes(board), vote(voteId, "abba", 1)));
        Answer retry = send(post(votes(board), vote(voteId, "abba", 1)));

        assertThat(first.body().path("status").asText()).isEqualTo("RECORDED");
        assertThat(retry.body().path("status").asText()).isEqualTo("ALREADY_RECORDED");
        assertThat(feedEvents(board))
                .containsOnly(new StoredEvent(voteId, "abba", "v9", 1, null))
                .hasSize(2);
    }

    @Test
    void aRetractionAndItsRetryAreInTheFeedAsTheCompensatingEvent() {
        String board = newBoard();
        UUID voteId = voteId();
        send(post(votes(board), vote(voteId, "abba", 4)));

        Answer first = send(post(votes(board) + "/" + voteId + "/retraction", ""));
        Answer retry = send(post(votes(board) + "/" + voteId + "/retraction", ""));

        assertThat(first.status()).isEqualTo(202);
        assertThat(retry.body().path("status").asText()).isEqualTo("ALREADY_RECORDED");
        UUID retractionId = UUID.fromString(first.body().path("retractionId").asText());
        StoredEvent compensating = new StoredEvent(retractionId, "abba", "v9", 4, voteId);
        assertThat(feedEvents(board))
                .containsExactly(
                        new StoredEvent(voteId, "abba", "v9", 4, null), compensating, compensating);
    }

    /**
     * A query service asks only the writers whose rows it found: a writer whose row may have
     * expired stores the vote (and puts it in its feed) but does not answer that it is stored, and
     * is not ready, until it has registered again; the client's retry is then answered.
     */
    @Test
    void aWriterThatIsNotRegisteredStoresTheVoteButAnswers503UntilItIsAgain() {
        String board = newBoard();
        UUID voteId = voteId();
        // As if no write of the row had succeeded for longer than its lease.
        NANOS_AHEAD.addAndGet(Duration.ofSeconds(30).toNanos());
        assertThat(progress.registered()).isFalse();

        Answer refused = send(post(votes(board), vote(voteId, "abba", 2)));
        Answer readiness = send(request("/actuator/health/readiness").GET());

        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.retryAfter()).isEqualTo("1");
        assertThat(refused.body().path("title").asText()).isEqualTo("Writer not registered");
        assertThat(refused.body().path("detail").asText())
                .contains("vote " + voteId + " is stored", "retry after 1 s");
        assertThat(readiness.status()).isEqualTo(503);
        assertThat(feedEvents(board))
                .containsExactly(new StoredEvent(voteId, "abba", "v9", 2, null));
        await().atMost(Duration.ofSeconds(20))
                .until(() -> send(post(votes(board), vote(voteId, "abba", 2))).status() == 202);
        assertThat(send(request("/actuator/health/readiness").GET()).status()).isEqualTo(200);
    }

    private record Answer(int status, JsonNode body, String retryAfter) {}

    private int feedPort() {
        return Integer.parseInt(feed.address().substring(feed.address().lastIndexOf(':') + 1));
    }

    /** The board's events in this writer's feed, asked as a query service asks. */
    private List<StoredEvent> feedEvents(String board) {
        URI uri =
                URI.create(
                        "http://"
                                + feed.address()
                                + "/feed?board="
                                + URLEncoder.encode(board, StandardCharsets.UTF_8)
                                + "&from=0");
        try {
            HttpResponse<byte[]> page =
                    HTTP.send(
                            HttpRequest.newBuilder(uri)
                                    .header("Authorization", "Bearer " + FEED_TOKEN)
                                    .GET()
                                    .build(),
                            HttpResponse.BodyHandlers.ofByteArray());
            assertThat(page.statusCode()).isEqualTo(200);
            FeedPage read = FeedPage.fromJson(page.body(), JSON);
            assertThat(read.writer()).isEqualTo(feed.writer());
            return read.events();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String boardName() {
        return "feed-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
    }

    private String newBoard() {
        String board = boardName();
        assertThat(send(post("/boards", "{\"board\":\"" + board + "\"}")).status()).isEqualTo(201);
        return board;
    }

    private static String votes(String board) {
        return "/boards/" + board + "/votes";
    }

    private static UUID voteId() {
        return TimeUuids.voteIdAt(java.time.Instant.now());
    }

    private static String vote(UUID voteId, String user, int votes) {
        return "{\"voteId\":\""
                + voteId
                + "\",\"user\":\""
                + user
                + "\",\"voter\":\"v9\",\"votes\":"
                + votes
                + "}";
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("X-API-Key", ADMIN_KEY)
                .header("Content-Type", "application/json");
    }

    private HttpRequest.Builder post(String path, String body) {
        return request(path).POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private static Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response =
                    HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode body =
                    response.body().isEmpty() ? JSON.nullNode() : JSON.readTree(response.body());
            return new Answer(
                    response.statusCode(),
                    body,
                    response.headers().firstValue("Retry-After").orElse(null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
