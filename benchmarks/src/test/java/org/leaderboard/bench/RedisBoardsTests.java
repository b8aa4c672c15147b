package org.leaderboard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Redis standing baseline against a real redis-server: a user's rank and the entries around it,
 * as the query service's standing answers them, so that the ratio against it compares the same
 * answer.
 */
class RedisBoardsTests {

    @TempDir static Path directory;

    private static RedisServer server;
    private static RedisBoards boards;

    @BeforeAll
    static void start() {
        server = RedisServer.start(directory);
        boards = new RedisBoards(server.port(), 1);
        // User i scores 100 - i: user 0 first, user 99 last; user 100 has no score.
        long[] sums = new long[101];
        for (int i = 0; i < 100; i++) {
            sums[i] = 100 - i;
        }
        boards.load("board", sums);
    }

    @AfterAll
    static void stop() {
        boards.close();
        server.close();
    }

    @Test
    void aStandingIsTheUsersRankAndTheEntriesAroundItBestFirst() {
        String sha = boards.loadRankAround();

        Optional<RedisBoards.Standing> middle =
                boards.rankAround(sha, "board", VoteMaker.user(50), 2);

        assertThat(middle)
                .contains(
                        new RedisBoards.Standing(
                                50,
                                List.of(
                                        VoteMaker.user(48),
                                        VoteMaker.user(49),
                                        VoteMaker.user(50),
                                        VoteMaker.user(51),
                                        VoteMaker.user(52))));
    }

    @Test
    void theFirstUsersStandingHasNoEntriesAboveIt() {
        String sha = boards.loadRankAround();

        assertThat(boards.rankAround(sha, "board", VoteMaker.user(0), 2))
                .contains(
                        new RedisBoards.Standing(
                                0,
                                List.of(VoteMaker.user(0), VoteMaker.user(1), VoteMaker.user(2))));
        assertThat(boards.rankAround(sha, "board", VoteMaker.user(100), 2)).isEmpty();
    }

    @Test
    void theBaselineAnswersEveryRandomStandingWithoutErrors() {
        Measurement measured = boards.rankAround("board", 100, 5, 1, Duration.ofMillis(300), 20);

        assertThat(measured.requests()).isGreaterThanOrEqualTo(20);
        assertThat(measured.errors()).isZero();
    }
}
