package org.leaderboard.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.BoardSettings;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * How a query service follows a snapshot worker that passes often, on a board whose tail is ranked
 * apart from the reads ({@code query.tail.rank-apart-from-users=0} here, so that a small test board
 * takes that path): a newer head is taken up only once its cutoff is {@code
 * query.tail.newer-head-after} past the held one, and the answers are the same before and after.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"query.tail.rank-apart-from-users=0", "query.tail.newer-head-after=100s"})
class NewerHeadIntegrationTests {

    private static final QueryStore STORE = new QueryStore("heads");

    @DynamicPropertySource
    static void cassandra(DynamicPropertyRegistry registry) {
        STORE.register(registry);
    }

    @AfterAll
    static void closeSession() {
        STORE.close();
    }

    @Autowired TestRestTemplate http;
    @Autowired ObjectMapper json;
    @Autowired MeterRegistry meters;

    private final Instant now = Instant.now();

    @Test
    void aNewerHeadIsTakenUpOnlyOnceItIsFarEnoughPastTheHeldOne() {
        BoardSettings board = board("passes");
        Instant first = board.buckets().floor(now.minusSeconds(500));
        Instant near = first.plusSeconds(60);
        Instant far = first.plusSeconds(120);
        vote(board, "alice", 2, first.minusSeconds(30));
        vote(board, "bob", 3, first.plusSeconds(30));
        vote(board, "alice", 5, near.plusSeconds(30));
        vote(board, "carol", 4, far.plusSeconds(30));
        vote(board, "bob", 1, now.minusSeconds(20));
        STORE.writeSnapshot(board, first);
        JsonNode held = leaderboard(board);
        assertThat(held.get("snapshotCutoff").asText()).isEqualTo(first.toString());

        STORE.writeSnapshot(board, near);
        // 60 s past the held head, less than newer-head-after: every read goes on from the held
        // one (a head far enough past is taken up within milliseconds on a board this small).
        List<JsonNode> meanwhile = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            meanwhile.add(leaderboard(board));
            sleep(100);
        }

        STORE.writeSnapshot(board, far);
        JsonNode after = awaitCutoff(board, far);

        assertThat(meanwhile)
                .allSatisfy(
                        answer -> {
                            assertThat(answer.get("snapshotCutoff").asText())
                                    .isEqualTo(first.toString());
                            assertThat(answer.get("tailEvents").asLong()).isEqualTo(4);
                            assertThat(answer.get("entries")).isEqualTo(held.get("entries"));
                        });
        assertThat(after.get("tailEvents").asLong()).isEqualTo(2);
        assertThat(after.get("entries")).isEqualTo(held.get("entries"));
        assertThat(users(after)).containsExactly("alice", "bob", "carol");
    }

    @Test
    void aHeadFarEnoughPastIsTakenUpWhileAnswersGoOnFromTheHeldOne() {
        BoardSettings board = board("jump");
        Instant first = board.buckets().floor(now.minusSeconds(500));
        Instant second = first.plusSeconds(180);
        vote(board, "alice", 2, first.minusSeconds(30));
        vote(board, "bob", 3, first.plusSeconds(30));
        vote(board, "carol", 6, second.plusSeconds(30));
        STORE.writeSnapshot(board, first);
        JsonNode before = leaderboard(board);

        long takenUpBefore = takeUps("snapshot");
        STORE.writeSnapshot(board, second);
        JsonNode after = awaitCutoff(board, second);

        assertThat(before.get("snapshotCutoff").asText()).isEqualTo(first.toString());
        assertThat(before.get("tailEvents").asLong()).isEqualTo(2);
        assertThat(after.get("tailEvents").asLong()).isEqualTo(1);
        assertThat(after.get("entries")).isEqualTo(before.get("entries"));
        assertThat(users(after)).containsExactly("carol", "bob", "alice");
        // What an operator reads of it: each step of the take-up timed once more.
        for (String step : List.of("snapshot", "tail", "wait")) {
            assertThat(takeUps(step)).as(step).isEqualTo(takenUpBefore + 1);
        }
    }

    /** How many take-ups the step was timed for, on the service's metrics. */
    private long takeUps(String step) {
        Timer timer = meters.find("leaderboard.snapshot.head.take.up").tag("step", step).timer();
        return timer == null ? 0 : timer.count();
    }

    private BoardSettings board(String name) {
        return STORE.board(name, now);
    }

    private static void vote(BoardSettings board, String user, int votes, Instant time) {
        STORE.vote(board, user, votes, time);
    }

    /** The first answer that names the head at {@code cutoff}, waiting for it up to 30 s. */
    private JsonNode awaitCutoff(BoardSettings board, Instant cutoff) {
        return Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .until(
                        () -> leaderboard(board),
                        answer -> answer.get("snapshotCutoff").asText().equals(cutoff.toString()));
    }

    private JsonNode leaderboard(BoardSettings board) {
        ResponseEntity<String> response =
                http.getForEntity("/boards/{board}/leaderboard", String.class, board.board());
        assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
        try {
            return json.readTree(response.getBody());
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + response.getBody(), e);
        }
    }

    private static List<String> users(JsonNode answer) {
        List<String> users = new ArrayList<>();
        answer.get("entries").forEach(entry -> users.add(entry.get("user").asText()));
        return users;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
