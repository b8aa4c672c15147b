package org.leaderboard.writer.command;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import org.leaderboard.model.api.VoteStatus;
import org.springframework.stereotype.Component;

/** Votes accepted by status, refused by reason, and the size of batches. */
@Component
public class VoteMetrics {

    public static final String INVALID = "invalid";
    public static final String UNKNOWN_BOARD = "unknown_board";
    public static final String OUTSIDE_WINDOW = "outside_window";
    public static final String STORE_FAILED = "store_failed";
    public static final String ALREADY_VOTED = "already_voted";
    public static final String BOARD_CLOSED = "board_closed";
    public static final String NOT_REGISTERED = "not_registered";

    private final MeterRegistry registry;
    private final DistributionSummary batchSize;

    VoteMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.batchSize =
                DistributionSummary.builder("votes.batch.size")
                        .description("Votes per batch request")
                        .baseUnit("votes")
                        .register(registry);
    }

    void accepted(VoteStatus status) {
        registry.counter("votes.accepted", "status", status.name()).increment();
    }

    public void refused(String reason, int votes) {
        registry.counter("votes.refused", "reason", reason).increment(votes);
    }

    public void batch(int votes) {
        batchSize.record(votes);
    }
}
