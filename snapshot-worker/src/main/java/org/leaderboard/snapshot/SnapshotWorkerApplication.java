package org.leaderboard.snapshot;

import java.util.Arrays;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The snapshot worker. With {@code --once} (a Kubernetes CronJob) it makes one pass over every
 * board and exits with 0 if all succeeded, 1 otherwise; without it, it runs passes on the {@code
 * snapshot.cron} schedule and serves only actuator on port 8083.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class SnapshotWorkerApplication {

    /** The command-line option selecting one pass and exit. */
    public static final String ONCE = "--once";

    public static void main(String[] args) {
        ConfigurableApplicationContext context = application(args).run(args);
        if (onceRequested(args)) {
            // The pass ran during startup (OncePass); exit() reads its ExitCodeGenerator.
            System.exit(SpringApplication.exit(context));
        }
    }

    /** The application as main() runs it; tests call it to run the same thing without exiting. */
    public static SpringApplication application(String[] args) {
        SpringApplication application = new SpringApplication(SnapshotWorkerApplication.class);
        application.setMainApplicationClass(SnapshotWorkerApplication.class);
        if (onceRequested(args)) {
            // A CronJob pod needs no port: nothing could scrape or probe it before it exits.
            application.setWebApplicationType(WebApplicationType.NONE);
        }
        return application;
    }

    static boolean onceRequested(String[] args) {
        return Arrays.asList(args).contains(ONCE);
    }
}
