package org.leaderboard.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.writer.feed.AckFeed;
import org.leaderboard.writer.feed.FeedServer;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Read-your-writes reads made from a writer's feed, against a real Cassandra and a real feed server
 * (the writer's own classes): a registered writer stores each vote and adds it to its feed before
 * "answering", and every read-your-writes query asked right after counts it, whether its read came
 * from the feed or from the store. With the feed gone (the writer's server closed), the reads fall
 * back to the store and still count every vote, and so they do when the feed asks for a token the
 * service does not send.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class WriterFeedReadsIntegrationTests {

    private static final QueryStore STORE = new QueryStore("writerfeed");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final UUID WRITER = UUID.randomUUID();
    private static final AckFeed FEED = new AckFeed(WRITER, Duration.ofSeconds(10), 10_000);
    private static final String TOKEN = "the-feeds-token-in-this-test";
    private static FeedServer server;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        STORE.register(registry);
        registry.add("query.tail.feed-token", () -> TOKEN);
    }

    @BeforeAll
    static void registerTheWriter() throws Exception {
        serve(TOKEN);
    }

    /** The feed served (asking for {@code token}) and the writer's row pointing at it. */
    private static void serve(String token) throws Exception {
        server = FeedServer.start(FEED, JSON, "127.0.0.1", 0, token);
        // The writer's row as a registered writer keeps it: its mark and its feed's address.
        STORE.session.execute(
                "INSERT INTO writer_progress (part, writer, low_mark, feed) VALUES (0, ?, ?, ?)",
                WRITER,
                Instant.now().minusSeconds(1),
                server.address("127.0.0.1"));
    }

    @AfterAll
    static void stop() {
        server.close();
        STORE.close();
    }

    @LocalServerPort int port;

    @Autowired MeterRegistry meters;

    @Test
    void everyVoteAddedToTheFeedBeforeItsAnswerIsInTheNextQuerysAnswer() throws Exception {
        BoardSettings board = STORE.board("fed", Instant.now());
        for (int i = 1; i <= 200; i++) {
            acknowledge(board, "alice", 1);
            assertThat(votes("fed", "alice")).as("after vote %d", i).isEqualTo(i);
        }

        assertThat(fedReads()).as("reads made from the feed alone").isPositive();
        assertThat(votes("fed", "alice")).isEqualTo(200);
    }

    /**
     * Votes acknowledged while three callers ask, for several periodic reads of the store, each of
     * which runs beside the reads of the feed: every answer holds every vote acknowledged before it
     * was asked for, and none counted twice (never more than acknowledged by its answer).
     */
    @Test
    void whileReadsOfTheStoreRunBesideTheFeedsEveryVoteCountsOnce() throws Exception {
        BoardSettings board = STORE.board("beside", Instant.now());
        acknowledge(board, "dave", 1);
        AtomicLong acknowledged = new AtomicLong(1);
        assertThat(votes("beside", "dave")).isEqualTo(1);
        double besideBefore = besideReads();
        long until = System.nanoTime() + Duration.ofSeconds(4).toNanos();
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try {
            Future<?> writes =
                    callers.submit(
                            () -> {
                                while (System.nanoTime() < until) {
                                    acknowledge(board, "dave", 1);
                                    acknowledged.incrementAndGet();
                                }
                            });
            List<Future<Integer>> readers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                readers.add(
                        callers.submit(
                                () -> {
                                    int asked = 0;
                                    while (System.nanoTime() < until) {
                                        long before = acknowledged.get();
                                        long counted = votes("beside", "dave");
                                        long after = acknowledged.get();
                                        assertThat(counted)
                                                .as(
                                                        "acknowledged before: %d, by the answer: %d",
                                                        before, after)
                                                .isBetween(before, after);
                                        asked++;
                                    }
                                    return asked;
                                }));
            }
            writes.get();
            int asked = 0;
            for (Future<Integer> reader : readers) {
                asked += reader.get();
            }
            assertThat(asked).isPositive();
        } finally {
            callers.shutdownNow();
        }

        assertThat(votes("beside", "dave")).isEqualTo(acknowledged.get());
        assertThat(besideReads() - besideBefore)
                .as("reads of the store that ran beside the feeds' reads")
                .isPositive();
    }

    @Test
    void withTheFeedGoneTheStoreIsReadAndNoVoteIsMissed() throws Exception {
        BoardSettings board = STORE.board("unfed", Instant.now());
        acknowledge(board, "bob", 2);
        assertThat(votes("unfed", "bob")).isEqualTo(2);
        server.close();
        try {
            for (int i = 1; i <= 50; i++) {
                acknowledge(board, "bob", 1);
                assertThat(votes("unfed", "bob")).as("after vote %d", i).isEqualTo(2 + i);
            }
        } finally {
            serve(TOKEN);
        }
    }

    @Test
    void aFeedThatRefusesTheServicesTokenIsNotReadFromAndNoVoteIsMissed() throws Exception {
        BoardSettings board = STORE.board("refused", Instant.now());
        server.close();
        serve("a-token-this-service-does-not-have");
        try {
            acknowledge(board, "carol", 1);
            assertThat(votes("refused", "carol")).isEqualTo(1);
            double fedBefore = fedReads();
            for (int i = 1; i <= 50; i++) {
                acknowledge(board, "carol", 1);
                assertThat(votes("refused", "carol")).as("after vote %d", i).isEqualTo(1 + i);
            }
            assertThat(fedReads()).as("reads made from the refusing feed").isEqualTo(fedBefore);
        } finally {
            server.close();
            serve(TOKEN);
        }
    }

    /** A vote stored as the writer stores it, then added to its feed: what precedes its 202. */
    private static void acknowledge(BoardSettings board, String user, int votes) {
        Instant now = Instant.now();
        VoteCastEvent event =
                new VoteCastEvent(TimeUuids.voteIdAt(now), board.board(), user, "voter", votes);
        STORE.vote(board, event, now);
        FEED.append(board.board(), new StoredEvent(event.voteId(), user, "voter", votes, null));
    }

    private long votes(String board, String user) throws Exception {
        HttpResponse<String> answer =
                HTTP.send(
                        HttpRequest.newBuilder(
                                        URI.create(
                                                "http://127.0.0.1:"
                                                        + port
                                                        + "/boards/"
                                                        + board
                                                        + "/users/"
                                                        + user
                                                        + "?around=0"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        JsonNode body = JSON.readTree(answer.body());
        return body.get("votes").asLong();
    }

    private double besideReads() {
        return meters.counter("leaderboard.tail.store.reads.beside").count();
    }

    private double fedReads() {
        return meters.counter("leaderboard.tail.feed.reads").count();
    }
}
