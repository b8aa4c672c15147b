package org.leaderboard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.HttpJson;
import org.leaderboard.testsupport.Oracle.Vote;
import org.leaderboard.testsupport.Services;

/**
 * Scheduled snapshot workers share the boards: three workers over 300 boards each fold about a
 * third of the events, and together read each event about once (a lone worker reads every event
 * once); a killed worker's boards are passed by the other two once its heartbeat expires.
 */
class SharedSnapshotWorkIntegrationTests {

    private static final String TEST = "shared-work";
    private static final int BOARDS = 300;
    private static final int WORKERS = 3;
    private static final String TTL = "4s";

    /** How many times a refused vote of a batch is sent again before it fails the test. */
    private static final int RESENDS = 5;

    private final List<String> boards =
            IntStream.range(0, BOARDS).mapToObj(i -> "shared-" + i).toList();

    @Test
    void threeWorkersEachFoldAboutAThirdAndAKilledWorkersBoardsMoveToTheOthers() throws Exception {
        TestCluster cluster = TestCluster.shared();
        String keyspace = cluster.newKeyspace("shared_work");
        try (Services services = Faults.services(keyspace, cluster.springArguments(keyspace));
                CqlSession session = cluster.session(keyspace)) {
            ServiceProcess writer = services.writer("writer-service");
            // 5 s buckets of 2 shards: a pass over 300 boards reads few partitions. No store
            // outage here, so a 3 s write window: votes freeze, and are folded, sooner.
            createBoards(writer);
            List<ServiceProcess> workers = startWorkers(services);
            await().atMost(Duration.ofMinutes(1)).until(() -> live(session).size() == WORKERS);
            // One more round each, so that every worker's round has seen all three.
            Thread.sleep(3_000);

            Wave first = wave(writer, workers, 20);
            Report.line(
                    TEST,
                    "%d workers, %d boards, %d events: read per worker %s, total %.2fx one"
                            + " worker's (1.00x: each event read once); all folded %s after the last vote",
                    WORKERS,
                    BOARDS,
                    first.events(),
                    first.read().values(),
                    first.total() / first.events(),
                    Report.seconds(first.lag()));
            first.assertShared(0.2, 0.47);

            ServiceProcess killed = workers.get(1);
            killed.kill();
            Instant kill = Instant.now();
            await().atMost(Duration.ofMinutes(1))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> live(session).size() == WORKERS - 1);
            Duration forgotten = Duration.between(kill, Instant.now());
            Wave second = wave(writer, List.of(workers.get(0), workers.get(2)), 10);
            Report.line(
                    TEST,
                    "one worker killed: forgotten after %s (heartbeat ttl %s); the other two read"
                            + " %s of the next %d events (total %.2fx), all folded %s after the"
                            + " last vote",
                    Report.seconds(forgotten),
                    TTL,
                    second.read().values(),
                    second.events(),
                    second.total() / second.events(),
                    Report.seconds(second.lag()));
            second.assertShared(0.3, 0.7);
        }
    }

    /** What the workers read of one wave of votes: per worker, and how long folding took. */
    private record Wave(long events, Map<String, Double> read, Duration lag) {

        double total() {
            return sum(read);
        }

        /** Each event read about once in all, each worker's share between the two fractions. */
        void assertShared(double least, double most) {
            assertThat(total())
                    .as("events read by all workers")
                    .isBetween((double) events, 1.2 * events);
            assertThat(read.values())
                    .as("events read per worker, of %d", events)
                    .allSatisfy(n -> assertThat(n).isBetween(least * events, most * events));
        }
    }

    /**
     * {@code perBoard} votes on every board, then waits until the workers have folded them all and
     * one more round (a worker still passing a board it no longer owns would show as a double
     * read).
     */
    private Wave wave(ServiceProcess writer, List<ServiceProcess> workers, int perBoard)
            throws InterruptedException {
        Map<String, Double> before = folded(workers);
        long events = vote(writer, perBoard);
        Instant lastVote = Instant.now();
        await().atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> sum(minus(folded(workers), before)) >= events);
        Duration lag = Duration.between(lastVote, Instant.now());
        Thread.sleep(4_000);
        return new Wave(events, minus(folded(workers), before), lag);
    }

    /** The 300 boards, eight requests at a time (one at a time took about 25 s). */
    private void createBoards(ServiceProcess writer) throws Exception {
        ExecutorService creating = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> created = new ArrayList<>();
            for (String board : boards) {
                created.add(
                        creating.submit(
                                () -> Faults.createBoard(writer.baseUrl(), board, 5, 2, 3)));
            }
            for (Future<?> future : created) {
                future.get();
            }
        } finally {
            creating.shutdown();
        }
    }

    /** Three scheduled workers started side by side, a round every 2 s. */
    private static List<ServiceProcess> startWorkers(Services services) {
        ExecutorService starter = Executors.newFixedThreadPool(WORKERS);
        try {
            List<Future<ServiceProcess>> starting = new ArrayList<>();
            for (int i = 1; i <= WORKERS; i++) {
                String name = "snapshot-worker-" + i;
                starting.add(
                        starter.submit(
                                () ->
                                        services.start(
                                                name,
                                                "snapshot-worker",
                                                "--snapshot.cron=*/2 * * * * *",
                                                Faults.SAFETY_MARGIN,
                                                "--snapshot.sharing.heartbeat-ttl=" + TTL,
                                                "--snapshot.sharing.worker-id=" + name)));
            }
            List<ServiceProcess> started = new ArrayList<>();
            for (Future<ServiceProcess> future : starting) {
                started.add(future.get());
            }
            return started;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a worker did not start", e.getCause());
        } finally {
            starter.shutdown();
        }
    }

    private static List<String> live(CqlSession session) {
        return session
                .execute("SELECT worker_id FROM snapshot_workers WHERE scope = 'scheduled'")
                .all()
                .stream()
                .map(row -> row.getString(0))
                .toList();
    }

    /**
     * {@code perBoard} votes on every board, one batch per board; returns how many. A vote the
     * writer refused (503 in its result: the store did not confirm it in time, on two cores running
     * three nodes) is sent again with the same id, as the answer tells a client to, at most {@link
     * #RESENDS} times: then it is recorded, or already recorded by the try before.
     */
    private long vote(ServiceProcess writer, int perBoard) throws InterruptedException {
        long stored = 0;
        for (String board : boards) {
            List<Map<String, Object>> votes = new ArrayList<>();
            for (int i = 0; i < perBoard; i++) {
                votes.add(
                        new Vote(TimeUuids.newVoteId(), board, "user-" + (i % 7), "voter-" + i, 1)
                                .body());
            }
            for (int attempt = 0; !votes.isEmpty(); attempt++) {
                HttpJson.Answer answer =
                        Faults.HTTP.post(
                                writer.baseUrl() + "/boards/" + board + "/votes/batch",
                                Map.of("votes", votes));
                assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
                Map<String, Map<String, Object>> sent = new HashMap<>();
                votes.forEach(vote -> sent.put(String.valueOf(vote.get("voteId")), vote));
                List<Map<String, Object>> refused = new ArrayList<>();
                assertThat(answer.body().get("results")).hasSize(votes.size());
                for (JsonNode result : answer.body().get("results")) {
                    String status = result.get("status").asText();
                    if (status.equals("REFUSED") && attempt < RESENDS) {
                        refused.add(sent.get(result.get("voteId").asText()));
                    } else if (attempt == 0) {
                        assertThat(status).as(result.toString()).isEqualTo("RECORDED");
                    } else {
                        assertThat(status)
                                .as(result.toString())
                                .isIn("RECORDED", "ALREADY_RECORDED");
                    }
                }
                votes = refused;
                if (!votes.isEmpty()) {
                    Thread.sleep(1_000);
                }
            }
            stored += perBoard;
        }
        return stored;
    }

    private static Map<String, Double> folded(List<ServiceProcess> workers) {
        Map<String, Double> folded = new HashMap<>();
        workers.forEach(
                worker ->
                        folded.put(
                                worker.name(),
                                Metrics.sum(worker.baseUrl(), "snapshot_events_folded_total", "")));
        return folded;
    }

    private static Map<String, Double> minus(Map<String, Double> a, Map<String, Double> b) {
        Map<String, Double> difference = new TreeMap<>();
        a.forEach((worker, value) -> difference.put(worker, value - b.getOrDefault(worker, 0.0)));
        return difference;
    }

    private static double sum(Map<String, Double> values) {
        return values.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
