package org.leaderboard.writer;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.BoardDao;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.time.Buckets;
import org.leaderboard.model.time.Hashing;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.TestCassandra;
import org.leaderboard.testsupport.TestClock;
import org.leaderboard.testsupport.TestTokens;
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
 * The writer on a random port against a real Cassandra, in one keyspace shared by every integration
 * test class (so they share one Spring context); each test uses boards of its own. The clock is a
 * {@link TestClock}, so tests can let the write window pass.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(WriterIntegrationTestBase.MovableTime.class)
abstract class WriterIntegrationTestBase {

    static final String KEYSPACE = TestCassandra.shared().newKeyspace("writer");
    static final String ADMIN_KEY = "test-admin-key-0123456789";
    static final String VOTER_KEY = "test-voter-key-0123456789";
    static final String READER_KEY = "test-reader-key-0123456789";
    static final CqlSession SESSION = TestCassandra.shared().session(KEYSPACE);
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    @DynamicPropertySource
    static void cassandra(DynamicPropertyRegistry registry) {
        TestCassandra.shared()
                .springProperties(KEYSPACE)
                .forEach((k, v) -> registry.add(k, () -> v));
        // The progress mark reads the clock every few milliseconds, and these tests move the clock
        // at its next reading (ProgressMarksIntegrationTests cover the mark).
        registry.add("writer.progress.enabled", () -> "false");
        apiKey(registry, 0, "test-admin", ADMIN_KEY, "ADMIN");
        apiKey(registry, 1, "test-voter", VOTER_KEY, "VOTER");
        apiKey(registry, 2, "test-reader", READER_KEY, "READER");
        registry.add(
                "spring.security.oauth2.resourceserver.jwt.public-key-location",
                TestTokens::publicKeyLocation);
    }

    private static void apiKey(
            DynamicPropertyRegistry registry, int index, String name, String key, String roles) {
        String prefix = "api.security.keys[" + index + "].";
        registry.add(prefix + "name", () -> name);
        registry.add(prefix + "key", () -> key);
        registry.add(prefix + "roles", () -> roles);
    }

    @TestConfiguration
    static class MovableTime {
        @Bean
        @Primary
        TestClock movableClock() {
            return TestClock.realTime();
        }
    }

    @LocalServerPort int port;
    @Autowired TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    record Answer(int status, String contentType, JsonNode body, String retryAfter) {
        String text(String field) {
            return body.path(field).asText();
        }
    }

    static String newBoard(String prefix) {
        return prefix + "-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
    }

    Answer post(String path, String body) {
        return postAsync(path, body).join();
    }

    /** Posts with the admin's API key, as the contract tests are about input, not access. */
    CompletableFuture<Answer> postAsync(String path, String body) {
        return sendAsync("POST", path, body, "X-API-Key", ADMIN_KEY);
    }

    Answer get(String path) {
        return sendAsync("GET", path, null, "X-API-Key", ADMIN_KEY).join();
    }

    /** {@code headers} are name, value pairs; a null body sends none. */
    CompletableFuture<Answer> sendAsync(
            String method, String path, String body, String... headers) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .method(
                                method,
                                body == null
                                        ? HttpRequest.BodyPublishers.noBody()
                                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (headers.length > 0) {
            request.headers(headers);
        }
        return HTTP.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString())
                .thenApply(WriterIntegrationTestBase::answer);
    }

    private static Answer answer(HttpResponse<String> response) {
        String contentType = response.headers().firstValue("Content-Type").orElse("");
        try {
            JsonNode body =
                    contentType.contains("json")
                            ? JSON.readTree(response.body())
                            : JSON.getNodeFactory().textNode(response.body());
            return new Answer(
                    response.statusCode(),
                    contentType,
                    body,
                    response.headers().firstValue("Retry-After").orElse(null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Answer createBoard(String board) {
        return post("/boards", "{\"board\":\"" + board + "\"}");
    }

    static String vote(UUID voteId, String user, int votes) {
        return "{\"voteId\":\""
                + voteId
                + "\",\"user\":\""
                + user
                + "\",\"voter\":\"v9\",\"votes\":"
                + votes
                + "}";
    }

    UUID voteIdNow() {
        return TimeUuids.voteIdAt(clock.instant());
    }

    /**
     * What snapshots and queries count on a board: the fold of its events in [from, to), with
     * unique-vote and retraction claims applied (invariants 8 and 9).
     */
    static Tallies counted(String board, Instant from, Instant to) {
        BoardSettings settings =
                new BoardDao(SESSION, Consistency.DEFAULT).find(board).orElseThrow();
        return EventFolds.on(SESSION, Consistency.DEFAULT)
                .fold(settings, from, to)
                .join()
                .tallies();
    }

    /**
     * What a snapshot worker commits for {@code [from, cutoff)} as far as the writer reads it: the
     * digests of the partitions its fold read, then a head at the cutoff (no layers: the writer
     * never reads them). The worker's own tests cover the rest of a pass.
     */
    static void snapshotTaken(String board, Instant from, Instant cutoff) {
        BoardSettings settings =
                new BoardDao(SESSION, Consistency.DEFAULT).find(board).orElseThrow();
        var fold = EventFolds.on(SESSION, Consistency.DEFAULT).fold(settings, from, cutoff).join();
        SnapshotRows rows = new SnapshotRows(SESSION);
        rows.writeDigests(board, fold.digests());
        rows.writeHead(
                new SnapshotHead(
                        board,
                        cutoff,
                        from,
                        List.of(),
                        fold.events(),
                        fold.events(),
                        Instant.now()));
    }

    /** The stored row of a vote on a board with default buckets (60 s) and shards (8). */
    Optional<Row> storedVote(String board, UUID voteId) {
        Instant bucket = Buckets.ofSeconds(60).floor(TimeUuids.timeOf(voteId));
        return Optional.ofNullable(
                SESSION.execute(
                                SimpleStatement.newInstance(
                                        "SELECT user_id, voter_id, votes FROM vote_events"
                                                + " WHERE board = ? AND bucket = ? AND shard = ?"
                                                + " AND vote_id = ?",
                                        board,
                                        bucket,
                                        Hashing.shardOf(voteId, 8),
                                        voteId))
                        .one());
    }

    /** Every vote id stored for a board (default buckets and shards) with time in [from, to). */
    List<UUID> storedVoteIds(String board, Instant from, Instant to) {
        List<UUID> ids = new ArrayList<>();
        for (Instant bucket : Buckets.ofSeconds(60).startsBetween(from, to)) {
            for (int shard = 0; shard < 8; shard++) {
                SESSION.execute(
                                SimpleStatement.newInstance(
                                        "SELECT vote_id FROM vote_events WHERE board = ? AND"
                                                + " bucket = ? AND shard = ?",
                                        board,
                                        bucket,
                                        shard))
                        .forEach(row -> ids.add(row.getUuid("vote_id")));
            }
        }
        return ids;
    }
}
