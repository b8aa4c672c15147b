package org.leaderboard.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.leaderboard.faults.RetryingClient.Result;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.testsupport.Oracle;
import org.leaderboard.testsupport.Services;

/**
 * A bounded soak at a steady rate (default 1 minute at 100 votes/s; {@code
 * -Dfault.soak.duration=PT10M -Dfault.soak.rate=N} for a longer one) against the writer, the query
 * service (polled four times a second) and a scheduled snapshot worker on the 3-node cluster: every
 * vote acknowledged, none refused, every query answered, each vote counted once, and the heap after
 * a full GC of every process (services and Cassandra nodes) about the same at the end as after the
 * warm-up.
 *
 * <p>Not part of the test suite, which must stay short: {@code ./run-benchmarks --soak [PT10M]}
 * runs it ({@code -Dfault.soak=true} with Maven).
 */
@EnabledIfSystemProperty(
        named = "fault.soak",
        matches = "true",
        disabledReason = "a long scenario: ./run-benchmarks --soak runs it")
class SoakIntegrationTests {

    private static final String TEST = "soak";
    private static final String BOARD = "soak";
    private static final Duration DURATION =
            Duration.parse(System.getProperty("fault.soak.duration", "PT1M"));
    private static final int VOTES_PER_SECOND = Integer.getInteger("fault.soak.rate", 100);

    /** Growth allowed between the two measurements: memtables and caches fill and flush. */
    private static final long SLACK_MIB = 64;

    @Test
    void aSteadyLoadRunsWithoutErrorsAndWithFlatMemory() {
        TestCluster cluster = TestCluster.shared();
        String keyspace = cluster.newKeyspace("soak");
        Oracle oracle = new Oracle();
        try (Services services = Faults.services(keyspace, cluster.springArguments(keyspace))) {
            ServiceProcess writer = services.writer("writer-service");
            ServiceProcess query = services.query();
            ServiceProcess worker =
                    services.scheduledWorker("--snapshot.cron=*/5 * * * * *", Faults.SAFETY_MARGIN);
            Faults.createBoard(writer.baseUrl(), BOARD);
            RetryingClient client = new RetryingClient(List.of(writer.baseUrl()), oracle);
            Instant started = Instant.now();
            SteadyLoad load = new SteadyLoad(client, BOARD).start(VOTES_PER_SECOND);
            Map<String, Long> pids = new LinkedHashMap<>();
            pids.put("writer", writer.pid().orElseThrow());
            pids.put("query", query.pid().orElseThrow());
            pids.put("worker", worker.pid().orElseThrow());
            for (int node = 1; node <= TestCluster.NODES; node++) {
                pids.put("cassandra-" + node, cluster.node(node).pid().orElseThrow());
            }
            Map<String, Long> startHeap;
            Map<String, Long> endHeap;
            long queryReads;
            long queryFailures;
            try (QueryPoller queries = new QueryPoller(query.baseUrl(), BOARD)) {
                long warmUp = Math.max(20, DURATION.toSeconds() / 6) * VOTES_PER_SECOND;
                client.awaitAcknowledged(warmUp);
                startHeap = heaps(pids);
                client.awaitAcknowledged(DURATION.toSeconds() * VOTES_PER_SECOND - warmUp);
                endHeap = heaps(pids);
                queryReads = queries.reads();
                queryFailures = queries.failed();
            }
            Instant lastVote = load.stopAndAwaitAnswers();
            Duration took = Duration.between(started, lastVote);

            Report.line(
                    TEST,
                    "%s at %d votes/s target (%.0f/s achieved); %d queries, %d failed",
                    Report.seconds(took),
                    VOTES_PER_SECOND,
                    client.attempts(Result.ACKNOWLEDGED) * 1000.0 / took.toMillis(),
                    queryReads,
                    queryFailures);
            pids.keySet()
                    .forEach(
                            p ->
                                    Report.line(
                                            TEST,
                                            "%-12s heap after GC: %4d MiB after warm-up, %4d MiB at"
                                                    + " the end",
                                            p,
                                            startHeap.get(p),
                                            endHeap.get(p)));
            Report.votes(TEST, client, oracle);

            // No error a user would see: every vote acknowledged, none refused, every query
            // answered. (An attempt that timed out and was retried is reported, not asserted:
            // how often that happens depends on the machine's load, not on the system.)
            assertThat(client.attempts(Result.ACKNOWLEDGED)).isEqualTo(client.sent());
            assertThat(client.refusals()).as("refused votes").isEmpty();
            assertThat(queryFailures).as("failed queries").isZero();
            pids.keySet()
                    .forEach(
                            p ->
                                    assertThat(endHeap.get(p))
                                            .as(p + " heap after GC at the end (MiB)")
                                            .isLessThanOrEqualTo(
                                                    startHeap.get(p) * 3 / 2 + SLACK_MIB));
            Faults.assertFinalLeaderboardEqualsOracle(
                    services, query.baseUrl(), BOARD, oracle, lastVote);
        }
    }

    private static Map<String, Long> heaps(Map<String, Long> pids) {
        Map<String, Long> heaps = new LinkedHashMap<>();
        pids.forEach((name, pid) -> heaps.put(name, Heap.usedAfterGcMiB(pid)));
        return heaps;
    }
}
