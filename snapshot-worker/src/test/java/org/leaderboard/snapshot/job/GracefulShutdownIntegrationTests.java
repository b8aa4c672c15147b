package org.leaderboard.snapshot.job;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.leaderboard.snapshot.SnapshotWorkerApplication;
import org.leaderboard.snapshot.pass.StopFlag;
import org.springframework.context.ConfigurableApplicationContext;

class GracefulShutdownIntegrationTests {

    @Test
    void closingTheApplicationRaisesTheFlagThatPassesCheckBetweenSteps() {
        try (WorkerKeyspace keyspace = new WorkerKeyspace("snapshot_shutdown")) {
            String[] args =
                    keyspace.args(
                            "--snapshot.schedule-enabled=false",
                            "--spring.main.web-application-type=none");
            ConfigurableApplicationContext context =
                    SnapshotWorkerApplication.application(args).run(args);
            StopFlag stop = context.getBean(StopFlag.class);
            assertThat(stop.requested()).isFalse();
            assertThat(context.getBeansOfType(ScheduledPasses.class)).isEmpty();

            context.close();

            assertThat(stop.requested()).isTrue();
        }
    }
}
