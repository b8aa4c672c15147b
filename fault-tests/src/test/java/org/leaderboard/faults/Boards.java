package org.leaderboard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.leaderboard.faults.Oracle.Row;

/** Creating boards and reading whole leaderboards over HTTP, and the final check of every test. */
final class Boards {

    /** Write window of the fault tests' boards: long enough to ride out an outage's retries. */
    static final int WINDOW_SECONDS = 10;

    static final String SAFETY_MARGIN = "--snapshot.safety-margin=2s";

    private Boards() {}

    /** A board with 1 s buckets, so snapshot cutoffs advance while a test runs. */
    static void create(String writerUrl, String board) {
        create(writerUrl, board, 1, 4);
    }

    /** A board with buckets of {@code bucketSeconds} and {@code shards} event partitions each. */
    static void create(String writerUrl, String board, int bucketSeconds, int shards) {
        Http.Answer answer =
                Http.post(
                        writerUrl + "/boards",
                        Map.of(
                                "board", board,
                                "writeWindowSeconds", WINDOW_SECONDS,
                                "bucketSeconds", bucketSeconds,
                                "shards", shards,
                                "chunks", 4));
        assertThat(answer.status()).as(answer.body().toString()).isIn(200, 201);
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

    /** The whole board, read page by page. */
    static List<Row> leaderboard(String queryUrl, String board) {
        List<Row> rows = new ArrayList<>();
        for (int offset = 0; ; offset += 1000) {
            JsonNode entries = page(queryUrl, board, offset).get("entries");
            entries.forEach(
                    e ->
                            rows.add(
                                    new Row(
                                            e.get("rank").asLong(),
                                            e.get("user").asText(),
                                            e.get("votes").asLong(),
                                            e.get("count").asLong(),
                                            e.get("min").asLong(),
                                            e.get("max").asLong())));
            if (entries.size() < 1000) {
                return rows;
            }
        }
    }

    static JsonNode page(String queryUrl, String board, int offset) {
        Http.Answer answer =
                Http.get(
                        queryUrl + "/boards/" + board + "/leaderboard?limit=1000&offset=" + offset);
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
        return answer.body();
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
        assertThat(page(queryUrl, board, 0).get("tailEvents").asLong())
                .as("every vote is in the snapshot")
                .isZero();
        long counted = leaderboard(queryUrl, board).stream().mapToLong(Row::count).sum();
        assertThat(counted).as("votes counted").isEqualTo(oracle.acknowledgedVotes());
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
        assertThat(client.refusals()).allSatisfy(Boards::assertLateRefusal);
        assertFinalLeaderboardEqualsOracle(services, queryUrl, board, oracle, lastVote);
    }
}
