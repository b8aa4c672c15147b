package org.leaderboard.writer;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The command side: validates votes and appends one event row per vote (invariants 1-3). */
@SpringBootApplication
@ConfigurationPropertiesScan
public class WriterApplication {

    public static void main(String[] args) {
        SpringApplication.run(WriterApplication.class, args);
    }
}
