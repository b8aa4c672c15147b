package org.leaderboard.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.BoardSettings;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Bounded-staleness queries while a board's read is late, as under writes the machine cannot read
 * and serve at once: the view is made of what the service already holds, its answers say how old
 * they are, and it catches up once the reads do. The board's shared read stands for the late read:
 * it is held (its first look at the clock, on its own thread) while a test holds reads, so it
 * cannot finish within {@code query.eventual.read-timeout} however the threads are scheduled.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "query.eventual.read-timeout=200ms",
            "query.eventual.refresh-interval=100ms",
            "query.tail.newer-head-after=1s",
            "query.strong.retry-after=7s"
        })
@Import(HeldReadsClock.Config.class)
class LateReadEventualIntegrationTests {

    private static final QueryStore STORE = new QueryStore("latereads");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        STORE.register(registry);
    }

    @AfterEach
    void releaseReads() {
        HeldReadsClock.release();
    }

    @AfterAll
    static void closeSession() {
        STORE.close();
    }

    @LocalServerPort int port;

    @Test
    void aViewFirstAskedForWhileTheReadIsLateIsTheLastReadAndCatchesUpAfter() throws Exception {
        Instant now = Instant.now();
        BoardSettings board = STORE.board("lastread", now);
        STORE.vote(board, "alice", 3, now.minusSeconds(5));
        JsonNode strong = json(get("/boards/lastread/leaderboard"));
        assertThat(votes(strong)).containsExactly(Map.entry("alice", 3L));
        long strongAnswered = System.currentTimeMillis();

        HeldReadsClock.hold();
        Thread.sleep(300);
        // Stamped after that read, as a writer stamps a vote it is given now.
        STORE.vote(board, "bob", 5, Instant.now());
        long asked = System.currentTimeMillis();
        HttpResponse<String> page = get("/boards/lastread/leaderboard?consistency=eventual");
        HttpResponse<String> standing = get("/boards/lastread/users/alice?consistency=eventual");

        // The last completed read: alice's votes, not bob's, which no read has seen yet; as old as
        // the time since that read started at least.
        assertThat(page.statusCode()).isEqualTo(200);
        JsonNode view = json(page);
        assertThat(votes(view)).containsExactly(Map.entry("alice", 3L));
        assertThat(view.get("stalenessMillis").asLong())
                .isGreaterThanOrEqualTo(asked - strongAnswered);
        assertThat(standing.statusCode()).isEqualTo(200);
        assertThat(json(standing).get("rank").asInt()).isEqualTo(1);

        HeldReadsClock.release();
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(
                        () ->
                                assertThat(eventualVotes("lastread"))
                                        .containsExactly(
                                                Map.entry("bob", 5L), Map.entry("alice", 3L)));
    }

    @Test
    void aBoardNeverReadIsAnsweredFromItsNewestSnapshotWhileTheReadIsLate() throws Exception {
        Instant now = Instant.now();
        BoardSettings board = STORE.board("snapshotonly", now);
        Instant cutoff = board.buckets().floor(now.minusSeconds(300));
        STORE.vote(board, "alice", 3, cutoff.minusSeconds(30));
        STORE.vote(board, "carol", 1, cutoff.minusSeconds(20));
        STORE.writeSnapshot(board, cutoff);
        STORE.vote(board, "bob", 5, now.minusSeconds(5));

        HeldReadsClock.hold();
        long asked = System.currentTimeMillis();
        HttpResponse<String> page = get("/boards/snapshotonly/leaderboard?consistency=eventual");

        // The snapshot alone: every vote before its cutoff, none after, and as old as its cutoff.
        assertThat(page.statusCode()).isEqualTo(200);
        JsonNode view = json(page);
        assertThat(votes(view)).containsExactly(Map.entry("alice", 3L), Map.entry("carol", 1L));
        assertThat(view.get("snapshotCutoff").asText()).isEqualTo(cutoff.toString());
        assertThat(view.get("tailEvents").asLong()).isZero();
        assertThat(view.get("stalenessMillis").asLong())
                .isGreaterThanOrEqualTo(asked - cutoff.toEpochMilli());

        HeldReadsClock.release();
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(
                        () ->
                                assertThat(eventualVotes("snapshotonly"))
                                        .containsExactly(
                                                Map.entry("bob", 5L),
                                                Map.entry("alice", 3L),
                                                Map.entry("carol", 1L)));
    }

    @Test
    void aSnapshotNewerThanTheLastReadByTheNewerHeadRuleIsTakenUpWhileTheReadIsLate()
            throws Exception {
        Instant now = Instant.now();
        BoardSettings board = STORE.board("newersnapshot", now);
        STORE.vote(board, "alice", 3, now.minusSeconds(5));
        assertThat(votes(json(get("/boards/newersnapshot/leaderboard"))))
                .containsExactly(Map.entry("alice", 3L));
        Instant read = Instant.now();

        HeldReadsClock.hold();
        Thread.sleep(300);
        STORE.vote(board, "bob", 5, Instant.now());
        // A pass whose cutoff is 1.5 s past that read (query.tail.newer-head-after is 1 s here).
        Instant cutoff = read.plusMillis(1_500).truncatedTo(ChronoUnit.MILLIS);
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), cutoff).toMillis() + 100));
        STORE.writeSnapshot(board, cutoff);
        STORE.vote(board, "carol", 1, Instant.now());

        // Loaded apart, then answered: bob's vote before its cutoff, not carol's after it (which
        // a read would have counted), and none of the tail.
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(
                        () -> {
                            HttpResponse<String> page =
                                    get("/boards/newersnapshot/leaderboard?consistency=eventual");
                            assertThat(page.statusCode()).isEqualTo(200);
                            JsonNode view = json(page);
                            assertThat(view.get("snapshotCutoff").asText())
                                    .isEqualTo(cutoff.toString());
                            assertThat(votes(view))
                                    .containsExactly(Map.entry("bob", 5L), Map.entry("alice", 3L));
                            assertThat(view.get("tailEvents").asLong()).isZero();
                        });
    }

    @Test
    void aBoardWithNothingHeldIsRefusedWithRetryAfterWhileTheReadIsLate() throws Exception {
        Instant now = Instant.now();
        BoardSettings board = STORE.board("nothingheld", now);
        STORE.vote(board, "alice", 3, now.minusSeconds(5));

        HeldReadsClock.hold();
        HttpResponse<String> page = get("/boards/nothingheld/leaderboard?consistency=eventual");

        assertThat(page.statusCode()).isEqualTo(503);
        assertThat(page.headers().firstValue("Retry-After")).hasValue("7");
        assertThat(json(page).get("title").asText()).isEqualTo("Read-your-writes answer not ready");
    }

    /** The users and votes of the board's first bounded-staleness page, in rank order. */
    private Map<String, Long> eventualVotes(String board) throws IOException, InterruptedException {
        return votes(json(get("/boards/" + board + "/leaderboard?consistency=eventual")));
    }

    /** The page's users and their votes, in rank order. */
    private static Map<String, Long> votes(JsonNode page) {
        Map<String, Long> votes = new LinkedHashMap<>();
        page.get("entries")
                .forEach(e -> votes.put(e.get("user").asText(), e.get("votes").asLong()));
        return votes;
    }

    private static JsonNode json(HttpResponse<String> answer) throws IOException {
        return JSON.readTree(answer.body());
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .header("Accept", "application/json")
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
