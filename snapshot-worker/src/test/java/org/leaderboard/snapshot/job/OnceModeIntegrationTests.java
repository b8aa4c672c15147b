package org.leaderboard.snapshot.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.snapshot.SnapshotWorkerApplication;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/** {@code --once}, as the CronJob runs it: main's application, minus System.exit. */
class OnceModeIntegrationTests {

    @Test
    void oneRunSnapshotsEveryBoardAndExitsWithZero() {
        try (WorkerKeyspace keyspace = new WorkerKeyspace("snapshot_once")) {
            keyspace.boardWithVotes("once-a", 4);
            keyspace.boardWithVotes("once-b", 4);

            int exitCode = runOnce(keyspace);

            assertThat(exitCode).isZero();
            for (String board : new String[] {"once-a", "once-b"}) {
                SnapshotHead head = keyspace.latestHead(board).orElseThrow();
                assertThat(head.totalEvents()).isPositive();
                assertThat(head.layers()).isNotEmpty();
            }
        }
    }

    @Test
    void aFailingBoardGivesExitCodeOneAndTheOtherBoardsAreStillSnapshotted() {
        try (WorkerKeyspace keyspace = new WorkerKeyspace("snapshot_once_failing")) {
            // Zero chunks cannot hold a layer: this board's pass fails when it writes one.
            keyspace.boardWithVotes("broken", 0);
            keyspace.boardWithVotes("healthy", 4);

            int exitCode = runOnce(keyspace);

            assertThat(exitCode).isEqualTo(1);
            assertThat(keyspace.latestHead("broken")).isEmpty();
            assertThat(keyspace.latestHead("healthy")).isPresent();
        }
    }

    @Test
    void mainExitsTheProcessWithTheCode() throws Exception {
        try (WorkerKeyspace keyspace = new WorkerKeyspace("snapshot_main")) {
            keyspace.boardWithVotes("main", 4);
            List<String> command =
                    new ArrayList<>(
                            List.of(
                                    Path.of(System.getProperty("java.home"), "bin", "java")
                                            .toString(),
                                    "-cp",
                                    System.getProperty("java.class.path"),
                                    SnapshotWorkerApplication.class.getName()));
            command.addAll(List.of(keyspace.args(SnapshotWorkerApplication.ONCE)));
            Process process =
                    new ProcessBuilder(command)
                            .redirectErrorStream(true)
                            .redirectOutput(Path.of("target", "once-main.log").toFile())
                            .start();

            assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
            assertThat(process.exitValue()).isZero();
            assertThat(keyspace.latestHead("main")).isPresent();
        }
    }

    private static int runOnce(WorkerKeyspace keyspace) {
        String[] args = keyspace.args(SnapshotWorkerApplication.ONCE);
        ConfigurableApplicationContext context =
                SnapshotWorkerApplication.application(args).run(args);
        // No web server and no schedule in this mode: the pod exits when the pass is done.
        assertThat(context).isNotInstanceOf(WebServerApplicationContext.class);
        assertThat(context.getBeansOfType(ScheduledPasses.class)).isEmpty();
        return SpringApplication.exit(context);
    }
}
