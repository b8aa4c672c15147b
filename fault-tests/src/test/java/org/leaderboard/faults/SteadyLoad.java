package org.leaderboard.faults;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.Oracle.Vote;

/**
 * Votes at a steady rate through a {@link RetryingClient}: each vote gets a fresh voteId stamped
 * with the time it is first sent, a user from a skewed distribution of 50 and a value from {1, 1,
 * 1, 2, -1, 5}. Writers take turns for first attempts.
 */
final class SteadyLoad {

    private static final int[] VALUES = {1, 1, 1, 2, -1, 5};

    private final RetryingClient client;
    private final String board;
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
    private final Random random = new Random(7);
    private final AtomicInteger count = new AtomicInteger();
    private final AtomicReference<Instant> lastVote = new AtomicReference<>(Instant.EPOCH);

    SteadyLoad(RetryingClient client, String board) {
        this.client = client;
        this.board = board;
    }

    SteadyLoad start(int votesPerSecond) {
        ticker.scheduleAtFixedRate(
                this::castOne, 0, 1_000_000L / votesPerSecond, TimeUnit.MICROSECONDS);
        return this;
    }

    private void castOne() {
        int n = count.incrementAndGet();
        Instant now = Instant.now();
        String user = "user-" + (int) Math.floor(Math.pow(random.nextDouble(), 2) * 50);
        Vote vote =
                new Vote(
                        TimeUuids.voteIdAt(now),
                        board,
                        user,
                        "voter-" + n,
                        VALUES[random.nextInt(VALUES.length)]);
        lastVote.set(now);
        client.cast(vote, n);
    }

    /** Stops sending new votes and waits until every vote sent is answered (or given up). */
    Instant stopAndAwaitAnswers() {
        ticker.shutdown();
        try {
            ticker.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        await().atMost(Duration.ofMinutes(3)).until(() -> client.inFlight() == 0);
        return lastVote.get();
    }
}
