package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.leaderboard.local.FreePorts;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.testsupport.Boards;
import org.leaderboard.testsupport.HttpJson;
import org.leaderboard.testsupport.Services;
import org.leaderboard.testsupport.TestCassandra;

/**
 * What an operator sees of the running system: the metrics every service exports for Prometheus,
 * and the health probes Kubernetes acts on while Cassandra goes away and comes back. All three
 * services run as processes from their jars; the snapshot worker in its scheduled mode, which is
 * the one that serves HTTP.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OperationsIntegrationTests {

    private static final String BOARD = "ops";
    private static final int WRITE_WINDOW_SECONDS = 1;

    private static RunningSystem system;
    private static ServiceProcess worker;
    private final HttpJson http = new HttpJson();

    @BeforeAll
    static void start() throws IOException {
        system = new RunningSystem("operations", List.of(quickReconnection()));
    }

    /**
     * The driver retries a node that went down with exponential backoff up to 60 s by default; the
     * readiness test waits for it, so its services retry every 2 s at most.
     */
    private static String quickReconnection() throws IOException {
        Path config = Path.of("target", "quick-reconnection.conf").toAbsolutePath();
        Files.createDirectories(config.getParent());
        Files.writeString(
                config,
                "datastax-java-driver.advanced.reconnection-policy {\n"
                        + "  base-delay = 500 milliseconds\n"
                        + "  max-delay = 2 seconds\n"
                        + "}\n");
        return "--spring.cassandra.config=" + config.toUri();
    }

    @AfterAll
    static void stop() {
        if (worker != null) {
            worker.stop();
        }
        system.close();
    }

    @Test
    @Order(1)
    void prometheusShowsVotesAcceptedAndRefusedEventsFoldedSnapshotLagAndQueryTails()
            throws IOException {
        createBoard();
        for (int i = 0; i < 3; i++) {
            assertThat(castVote(BOARD, "alice", 1).status()).isEqualTo(202);
        }
        HttpJson.Answer batch =
                http.post(
                        system.writerUrl() + "/boards/" + BOARD + "/votes/batch",
                        Map.of("votes", List.of(vote("bob", 2), vote("bob", 0), vote("carol", 1))));
        assertThat(batch.status()).isEqualTo(200);
        assertThat(castVote(BOARD, "dave", 0).status()).isEqualTo(400);
        assertThat(castVote("no-such-board", "dave", 1).status()).isEqualTo(404);
        assertThat(tailEvents()).as("before any snapshot, every vote is in the tail").isEqualTo(5);

        startWorker();
        await().atMost(Duration.ofMinutes(1))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> snapshottedEvents() == 5);
        assertThat(tailEvents()).as("after the snapshot, none is").isZero();

        Prometheus writer = Prometheus.scrape(system.writerUrl());
        assertThat(writer.value("votes_accepted_total{status=\"RECORDED\"}")).isEqualTo(5);
        assertThat(writer.value("votes_refused_total{reason=\"invalid\"}")).isEqualTo(2);
        assertThat(writer.value("votes_refused_total{reason=\"unknown_board\"}")).isEqualTo(1);
        assertThat(writer.value("votes_batch_size_votes_count")).isEqualTo(1);
        assertThat(writer.value("votes_batch_size_votes_sum")).isEqualTo(3);

        Prometheus snapshots = Prometheus.scrape(worker.baseUrl());
        assertThat(snapshots.value("snapshot_events_folded_total")).isEqualTo(5);
        // The cutoff never comes closer to now than the write window: the past it covers is frozen.
        assertThat(snapshots.value("snapshot_lag_seconds{board=\"" + BOARD + "\"}"))
                .isGreaterThanOrEqualTo(WRITE_WINDOW_SECONDS);

        Prometheus query = Prometheus.scrape(system.queryUrl());
        assertThat(query.value("leaderboard_tail_events_count")).isEqualTo(2);
        assertThat(query.value("leaderboard_tail_events_sum")).isEqualTo(5);
        assertThat(query.value("leaderboard_tail_events_max")).isEqualTo(5);
        assertThat(query.value("leaderboard_query_seconds_count{type=\"top\"}")).isEqualTo(2);
        assertThat(query.value("leaderboard_query_seconds_sum{type=\"top\"}")).isPositive();
        // Each of the two strong queries had a read of its own: both phases timed once each.
        for (String phase : List.of("tail", "rank")) {
            String tag = "{phase=\"" + phase + "\"}";
            assertThat(query.value("leaderboard_strong_read_seconds_count" + tag)).isEqualTo(2);
            assertThat(query.value("leaderboard_strong_read_seconds_sum" + tag)).isPositive();
        }
    }

    @Test
    @Order(2)
    void withStructuredLoggingOnEveryLogLineIsAJsonObjectAndPassesAreLoggedPerBoard()
            throws IOException {
        startWorker();
        await().atMost(Duration.ofMinutes(1))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> Files.readString(worker.log()).contains("board=" + BOARD));

        List<String> lines = Files.readAllLines(worker.log());
        List<JsonNode> entries = new ArrayList<>();
        for (String line : lines) {
            entries.add(HttpJson.JSON.readTree(line));
        }
        assertThat(entries).hasSizeGreaterThan(5);
        assertThat(entries)
                .allSatisfy(entry -> assertThat(entry.path("@timestamp").isTextual()).isTrue());
        assertThat(entries)
                .anySatisfy(
                        entry -> {
                            assertThat(entry.at("/log/logger").asText()).endsWith("BoardPasses");
                            assertThat(entry.path("message").asText())
                                    .startsWith("snapshot board=" + BOARD + " outcome=");
                        });
    }

    @Test
    @Order(3)
    void readinessGoesDownWithCassandraAndComesBackWhileLivenessStaysUp() throws IOException {
        startWorker();
        List<String> services = List.of(system.writerUrl(), system.queryUrl(), worker.baseUrl());
        services.forEach(url -> assertThat(health(url, "readiness")).isEqualTo("200 UP"));

        TestCassandra.shared().stopNode();
        try {
            for (String url : services) {
                await().atMost(Duration.ofSeconds(30))
                        .untilAsserted(
                                () -> assertThat(health(url, "readiness")).isEqualTo("503 DOWN"));
                assertThat(health(url, "liveness")).as(url).isEqualTo("200 UP");
            }
        } finally {
            TestCassandra.shared().startNode();
        }

        for (String url : services) {
            await().atMost(Duration.ofMinutes(2))
                    .untilAsserted(() -> assertThat(health(url, "readiness")).isEqualTo("200 UP"));
            assertThat(health(url, "liveness")).as(url).isEqualTo("200 UP");
        }
        assertThat(castVote(BOARD, "erin", 1).status()).isEqualTo(202);
    }

    private static void startWorker() throws IOException {
        if (worker != null) {
            return;
        }
        List<String> arguments = new ArrayList<>(List.of(quickReconnection()));
        TestCassandra.shared()
                .springProperties(system.keyspace)
                .forEach((key, value) -> arguments.add("--" + key + "=" + value));
        arguments.add("--snapshot.cron=* * * * * *");
        arguments.add("--snapshot.safety-margin=0s");
        // JSON logs (Elastic Common Schema), as the prod overlay sets them.
        arguments.add("--logging.structured.format.console=ecs");
        worker =
                new ServiceProcess(
                        "snapshot-worker",
                        Services.jar("snapshot-worker"),
                        FreePorts.any(),
                        arguments,
                        Path.of("target", "system-logs", system.keyspace).toAbsolutePath(),
                        org.leaderboard.testsupport.ServiceJvm.options());
        worker.start();
        worker.awaitHealthy(Duration.ofMinutes(2));
    }

    private String health(String baseUrl, String group) {
        HttpJson.Answer answer = http.get(baseUrl + "/actuator/health/" + group);
        return answer.status() + " " + answer.body().path("status").asText();
    }

    private long tailEvents() {
        JsonNode board = http.get(system.queryUrl() + "/boards/" + BOARD + "/leaderboard").body();
        return board.get("tailEvents").asLong();
    }

    /** Events in the newest committed snapshot head, read as a user of the table would. */
    private static long snapshottedEvents() {
        try (CqlSession session = TestCassandra.shared().session(system.keyspace)) {
            Row head =
                    session.execute(
                                    SimpleStatement.newInstance(
                                            "SELECT total_events FROM snapshot_heads"
                                                    + " WHERE board = ? LIMIT 1",
                                            BOARD))
                            .one();
            return head == null ? 0 : head.getLong("total_events");
        }
    }

    private void createBoard() {
        new Boards(http, system.writerUrl(), system.queryUrl())
                .create(BOARD, Map.of("writeWindowSeconds", WRITE_WINDOW_SECONDS));
    }

    private HttpJson.Answer castVote(String board, String user, int votes) {
        return http.post(system.writerUrl() + "/boards/" + board + "/votes", vote(user, votes));
    }

    private static Map<String, Object> vote(String user, int votes) {
        return Map.of("user", user, "voter", "voter-" + UUID.randomUUID(), "votes", votes);
    }
}
