package org.leaderboard.snapshot.job;

import org.springframework.boot.task.ThreadPoolTaskSchedulerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The scheduled rounds run at {@link Thread#MIN_PRIORITY}, as do the threads they start (other
 * boards' passes, layer merges): no answer waits for a pass, which only has to keep up over
 * seconds. On Linux the JVM ignores Java priorities unless started with {@code
 * -XX:ThreadPriorityPolicy=1}; with it and {@code -XX:JavaPriority1_To_OSPriority=10}, as the local
 * run starts the worker, they run at nice 10, so that on a machine the worker shares with the store
 * and the services, the scheduler gives the cores to writes, reads and answers first: in scenario 6
 * of the benchmarks, read-your-writes answers of 20 ms or more at 5,000 votes/s fell by about half
 * (docs/performance.md, "The snapshot passes at nice 10"). The heartbeat keeps the normal priority.
 */
@Configuration(proxyBeanMethods = false)
class LowPriorityPasses {

    /** The scheduler's thread, which runs the rounds, at the lowest priority. */
    @Bean
    ThreadPoolTaskSchedulerCustomizer passesAtLowPriority() {
        return scheduler -> scheduler.setThreadPriority(Thread.MIN_PRIORITY);
    }
}
