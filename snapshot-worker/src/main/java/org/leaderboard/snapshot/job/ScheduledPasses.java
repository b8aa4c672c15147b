package org.leaderboard.snapshot.job;

import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * The default mode: a pass over every board on the {@code snapshot.cron} schedule. Off with {@code
 * snapshot.schedule-enabled=false} (tests drive passes themselves) and in {@code --once} mode.
 * Spring's cron trigger computes the next run after the current one ends, so runs of one worker
 * never overlap; several workers may overlap freely.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
@ConditionalOnExpression("${snapshot.schedule-enabled:true} and ('${once:false}' == 'false')")
class ScheduledPasses {

    private final BoardPasses passes;

    ScheduledPasses(BoardPasses passes) {
        this.passes = passes;
    }

    @Scheduled(cron = "${snapshot.cron}")
    void run() {
        passes.runAll();
    }
}
