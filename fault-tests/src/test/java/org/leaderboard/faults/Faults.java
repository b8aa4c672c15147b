package org.leaderboard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.leaderboard.testsupport.Boards;
import org.leaderboard.testsupport.HttpJson;
import org.leaderboard.testsupport.Oracle;
import org.leaderboard.testsupport.Oracle.Row;
import org.leaderboard.testsupport.Services;

/**
 * What the fault tests share on top of test-support: their HTTP client, their boards' settings,
 * their services' logs, and the final check of every test.
 */
final class Faults {

    /**
     * The fault tests' client: a request to a stopped or cut-off service fails within 2 s to
     * connect or 30 s to answer, instead of hanging.
     */
    static final HttpJson HTTP = HttpJson.withLimits(Duration.ofSeconds(2), Duration.ofSeconds(30));

    /** Write window of the fault tests' boards: long enough to ride out an outage's retries. */
    static final int WINDOW_SECONDS = 10;

    static final String SAFETY_MARGIN = "--snapshot.safety-margin=2s";

    private Faults() {}

    /** The services of one test class, with logs under {@code target/fault-logs/<keyspace>/}. */
    static Services services(String keyspace, List<String> cassandraArguments) {
        return new Services(
                keyspace, cassandraArguments, Path.of("target", "fault-logs", keyspace));
    }

    /** A board with 1 s buckets, so snapshot cutoffs advance while a test runs. */
    static void createBoard(String writerUrl, String board) {
        createBoard(writerUrl, board, 1, 4);
    }

    /** A board with buckets of {@code bucketSeconds} and {@code shards} event partitions each. */
    static void createBoard(String writerUrl, String board, int bucketSeconds, int shards) {
        createBoard(writerUrl, board, bucketSeconds, shards, WINDOW_SECONDS);
    }

    /** The same with a write window of its own, for a test without store outages. */
    static void createBoard(
            String writerUrl, String board, int bucketSeconds, int shards, int windowSeconds) {
        new Boards(HTTP, writerUrl, null)
                .createOrFind(
                        board,
                        Map.of(
                                "writeWindowSeconds", windowSeconds,
                                "bucketSeconds", bucketSeconds,
                                "shards", shards,
                                "chunks", 4));
    }

    /** The whole board, read page by page. */
    static List<Row> leaderboard(String queryUrl, String board) {
        return new Boards(HTTP, null, queryUrl).rows(board, 1000);
    }

    /**
     * A refusal a faulty run may cause: on an overloaded machine a vote that waits out a failover
     * can reach a writer after its write window, and is then refused (422), never counted; or its
     * first, unacknowledged insert landed only after the snapshot of its time (422, not counted).
     */
    static void assertLateRefusal(String refusal) {
        assertThat(refusal)
                .startsWith("422")
                .containsAnyOf("Vote outside the write window", "Vote not counted");
    }

    /**
     * Waits until the newest vote is frozen (older than the window plus the safety margin), runs
     * one final {@code --once} pass, then asserts that the board, read from the snapshot alone
     * ({@code tailEvents} 0), equals the oracle: each acknowledged vote counted exactly once.
     */
    static void assertFinalLeaderboardEqualsOracle(
            Services services, String queryUrl, String board, Oracle oracle, Instant lastVote) {
        Instant frozen = lastVote.plusSeconds(WINDOW_SECONDS + 2 + 2);
        await().atMost(Duration.ofMinutes(1)).until(() -> Instant.now().isAfter(frozen));
        assertThat(services.snapshotOnce(SAFETY_MARGIN)).as("final snapshot pass").isZero();
        assertThat(leaderboard(queryUrl, board))
                .as("leaderboard of " + board + " after the final snapshot")
                .isEqualTo(oracle.leaderboard(board));
        assertThat(new Boards(HTTP, null, queryUrl).page(board, 0, 1000).get("tailEvents").asLong())
                .as("every vote is in the snapshot")
                .isZero();
        long counted = leaderboard(queryUrl, board).stream().mapToLong(Row::count).sum();
        assertThat(counted).as("votes counted").isEqualTo(oracle.acceptedVotes());
    }

    /**
     * What every faulty run must end with: each vote answered, the only refusals those a failover
     * may cause (a vote whose retries outlasted the write window is refused, then it is not
     * acknowledged, and the oracle check shows it is not counted either), and the final leaderboard
     * equal to the oracle.
     */
    static void assertEveryAcknowledgedVoteCountedOnce(
            Services services,
            String queryUrl,
            String board,
            RetryingClient client,
            Oracle oracle,
            Instant lastVote) {
        assertThat(client.gaveUp()).as("votes never answered").isZero();
        assertThat(client.refusals()).allSatisfy(Faults::assertLateRefusal);
        assertFinalLeaderboardEqualsOracle(services, queryUrl, board, oracle, lastVote);
    }
}
