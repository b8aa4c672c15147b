package org.leaderboard.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.leaderboard.local.CassandraNode;
import org.leaderboard.local.ClientSecurity;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.testsupport.Oracle;
import org.leaderboard.testsupport.Services;

/**
 * During sustained writes, queries and scheduled snapshot passes on a 3-node cluster (RF 3,
 * LOCAL_QUORUM), one Cassandra node is killed by its process id (SIGKILL), the load goes on, and
 * the node is restarted. Afterwards every acknowledged vote is counted exactly once.
 */
class NodeLossIntegrationTests {

    private static final String TEST = "node-loss";
    private static final String BOARD = "node-loss";
    private static final int VOTES_PER_SECOND = 100;

    @Test
    void killingOneOfThreeNodesUnderLoadLosesNoAcknowledgedVoteAndCountsNoneTwice() {
        TestCluster cluster = TestCluster.shared();
        String keyspace = cluster.newKeyspace("node_loss");
        Oracle oracle = new Oracle();
        try (Services services = Faults.services(keyspace, cluster.springArguments(keyspace))) {
            ServiceProcess[] started =
                    services.together(
                            () -> services.writer("writer-service"),
                            services::query,
                            () ->
                                    services.scheduledWorker(
                                            "--snapshot.cron=*/2 * * * * *", Faults.SAFETY_MARGIN));
            ServiceProcess writer = started[0];
            ServiceProcess query = started[1];
            Faults.createBoard(writer.baseUrl(), BOARD);
            RetryingClient client = new RetryingClient(List.of(writer.baseUrl()), oracle);
            SteadyLoad load = new SteadyLoad(client, BOARD).start(VOTES_PER_SECOND);
            Instant killed;
            Instant back;
            Duration restart;
            try (QueryPoller queries = new QueryPoller(query.baseUrl(), BOARD)) {
                client.awaitAcknowledged(5 * VOTES_PER_SECOND);

                CassandraNode victim = cluster.node(2);
                long pid = victim.pid().orElseThrow();
                killed = Instant.now();
                ProcessHandle.of(pid).orElseThrow().destroyForcibly(); // kill -9 <pid>
                victim.kill(); // reaps the process
                assertThat(ProcessHandle.of(pid)).isEmpty();
                // Writes go on with two of three replicas: 10 s worth of acknowledgements.
                client.awaitAcknowledged(10 * VOTES_PER_SECOND);

                Instant restarting = Instant.now();
                victim.start(Duration.ofMinutes(3));
                cluster.cassandra.awaitAllUp(ClientSecurity.NONE, Duration.ofMinutes(2));
                back = Instant.now();
                restart = Duration.between(restarting, back);
                client.awaitAcknowledged(5 * VOTES_PER_SECOND);

                Report.line(
                        TEST,
                        "node 2 (pid %d) killed for %s (restart took %s); during the outage:"
                                + " failed vote attempts %s, failed queries %s; queries overall %d,"
                                + " failed %d",
                        pid,
                        Report.seconds(Duration.between(killed, back)),
                        Report.seconds(restart),
                        Report.rate(client.failedBetween(killed, back)),
                        Report.rate(queries.failedBetween(killed, back)),
                        queries.reads(),
                        queries.failed());
            }
            Instant lastVote = load.stopAndAwaitAnswers();
            Report.votes(TEST, client, oracle);

            Faults.assertEveryAcknowledgedVoteCountedOnce(
                    services, query.baseUrl(), BOARD, client, oracle, lastVote);
        }
    }
}
