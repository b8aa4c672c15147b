package org.leaderboard.snapshot.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The default mode: passes on the cron schedule, actuator on the web port. */
// Observability on: Boot's tests otherwise switch the Prometheus registry off.
@AutoConfigureObservability
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "snapshot.cron=* * * * * *")
class ScheduledModeIntegrationTests {

    private static final WorkerKeyspace keyspace = new WorkerKeyspace("snapshot_cron");

    @DynamicPropertySource
    static void cassandra(DynamicPropertyRegistry registry) {
        keyspace.springProperties().forEach((key, value) -> registry.add(key, () -> value));
    }

    @AfterAll
    static void close() {
        keyspace.close();
    }

    @Autowired TestRestTemplate http;

    @Test
    void scheduledPassesSnapshotBoardsAndShowInTheMetrics() {
        keyspace.boardWithVotes("scheduled", 4);

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(keyspace.latestHead("scheduled")).isPresent());

        ResponseEntity<String> metrics = http.getForEntity("/actuator/prometheus", String.class);
        assertThat(metrics.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(metrics.getBody())
                .contains("snapshot_passes_total{")
                .contains("outcome=\"ADVANCED\"")
                .contains("snapshot_events_folded_total");
    }

    @Test
    void roundsRunAtTheLowestPriorityAndTheHeartbeatAtTheNormalOne() {
        // With -XX:ThreadPriorityPolicy=1, as the local run starts the worker, the rounds run at
        // nice 10 and give the cores to the store and the services first.
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(
                        () ->
                                assertThat(threadsNamed("scheduling-"))
                                        .isNotEmpty()
                                        .allSatisfy(
                                                thread ->
                                                        assertThat(thread.getPriority())
                                                                .isEqualTo(Thread.MIN_PRIORITY)));
        assertThat(threadsNamed("worker-heartbeat"))
                .isNotEmpty()
                .allSatisfy(
                        thread -> assertThat(thread.getPriority()).isEqualTo(Thread.NORM_PRIORITY));
    }

    private static List<Thread> threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith(prefix))
                .toList();
    }

    @Test
    void readinessIncludesCassandra() {
        ResponseEntity<String> readiness =
                http.getForEntity("/actuator/health/readiness", String.class);

        assertThat(readiness.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(readiness.getBody()).contains("\"status\":\"UP\"");
        ResponseEntity<String> liveness =
                http.getForEntity("/actuator/health/liveness", String.class);
        assertThat(liveness.getStatusCode()).isEqualTo(HttpStatus.OK);
    }
}
