package org.leaderboard.snapshot.job;

import org.leaderboard.snapshot.pass.SnapshotPass;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.ExitCodeGenerator;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * {@code --once}: one pass over every board during startup; the exit code (read by
 * SpringApplication.exit in main) tells the CronJob whether every board succeeded.
 *
 * <p>A bare {@code --once} is the property {@code once} with an empty value, which counts as set.
 */
@Component
@ConditionalOnProperty(name = "once")
class OncePass implements ApplicationRunner, ExitCodeGenerator {

    private final BoardPasses passes;
    private final SnapshotPass pass;
    private volatile int exitCode = 1;

    OncePass(BoardPasses passes, SnapshotPass pass) {
        this.passes = passes;
        this.pass = pass;
    }

    @Override
    public void run(ApplicationArguments args) {
        exitCode = passes.runAll() ? 0 : 1;
        // The merges the last heads call for, stored before the process exits: the next run
        // continues from them instead of doing them before its first head.
        pass.awaitMerges();
    }

    @Override
    public int getExitCode() {
        return exitCode;
    }
}
