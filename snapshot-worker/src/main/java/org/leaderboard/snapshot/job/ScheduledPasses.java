package org.leaderboard.snapshot.job;

import org.leaderboard.snapshot.config.SharingSettings;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * The default mode: a round on the {@code snapshot.cron} schedule, over the boards this worker owns
 * among the live workers ({@code snapshot.sharing}). Off with {@code
 * snapshot.schedule-enabled=false} (tests drive passes themselves) and in {@code --once} mode.
 * Spring's cron trigger computes the next run after the current one ends, so runs of one worker
 * never overlap; several workers may overlap freely.
 *
 * <p>Rounds run at the lowest priority ({@link LowPriorityPasses}).
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
@Import(LowPriorityPasses.class)
@ConditionalOnExpression("${snapshot.schedule-enabled:true} and ('${once:false}' == 'false')")
class ScheduledPasses {

    private final BoardPasses passes;

    ScheduledPasses(BoardPasses passes) {
        this.passes = passes;
    }

    @Scheduled(cron = "${snapshot.cron}")
    void run() {
        passes.runShared();
    }

    /** Only a scheduled worker with sharing on announces itself. */
    @Bean
    @ConditionalOnExpression("${snapshot.sharing.enabled:true}")
    WorkerHeartbeat workerHeartbeat(WorkerRegistry registry, SharingSettings sharing) {
        return new WorkerHeartbeat(registry, sharing);
    }
}
