package org.leaderboard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.leaderboard.faults.RetryingClient.Result;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.testsupport.Oracle;
import org.leaderboard.testsupport.Services;

/**
 * A writer-service process is killed (SIGKILL) mid-load; the clients retry the votes it did not
 * answer, with the same voteIds, against a second writer instance. No vote is lost or counted
 * twice, including those the dead writer had stored but never acknowledged.
 */
class WriterCrashIntegrationTests {

    private static final String TEST = "writer-crash";
    private static final String BOARD = "writer-crash";
    private static final int VOTES_PER_SECOND = 50;

    @Test
    void votesOfAKilledWriterAreRetriedOnTheOtherAndCountedExactlyOnce() {
        TestCluster cluster = TestCluster.shared();
        String keyspace = cluster.newKeyspace("writer_crash");
        Oracle oracle = new Oracle();
        try (Services services = Faults.services(keyspace, cluster.springArguments(keyspace))) {
            ServiceProcess[] started =
                    services.together(
                            () -> services.writer("writer-a"),
                            () -> services.writer("writer-b"),
                            services::query);
            ServiceProcess first = started[0];
            ServiceProcess second = started[1];
            ServiceProcess query = started[2];
            Faults.createBoard(first.baseUrl(), BOARD);
            RetryingClient client =
                    new RetryingClient(List.of(first.baseUrl(), second.baseUrl()), oracle);
            SteadyLoad load = new SteadyLoad(client, BOARD).start(VOTES_PER_SECOND);
            client.awaitAcknowledged(8 * VOTES_PER_SECOND);

            long pid = first.pid().orElseThrow();
            Instant crashed = Instant.now();
            ProcessHandle.of(pid).orElseThrow().destroyForcibly(); // kill -9 <pid>
            await().atMost(Duration.ofSeconds(30)).until(() -> !first.isAlive());
            // Votes go on, the dead writer's share retried on the other one.
            client.awaitAcknowledged(10 * VOTES_PER_SECOND);
            Instant after = Instant.now();

            Instant lastVote = load.stopAndAwaitAnswers();
            Report.line(
                    TEST,
                    "writer-a (pid %d) killed; in the %s after: failed attempts %s (connections"
                            + " refused by the dead writer), each retried on writer-b",
                    pid,
                    Report.seconds(Duration.between(crashed, after)),
                    Report.rate(client.failedBetween(crashed, after)));
            Report.votes(TEST, client, oracle);

            assertThat(client.attempts(Result.FAILED))
                    .as("the crash was noticed by clients")
                    .isPositive();
            Faults.assertEveryAcknowledgedVoteCountedOnce(
                    services, query.baseUrl(), BOARD, client, oracle, lastVote);
        }
    }
}
