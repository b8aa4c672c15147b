package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.testsupport.Boards;
import org.leaderboard.testsupport.HttpJson;
import org.leaderboard.testsupport.Oracle;
import org.leaderboard.testsupport.Oracle.Row;
import org.leaderboard.testsupport.Oracle.Vote;

/**
 * A writer replica stopped with SIGTERM while clients send it single votes without pause, as
 * Kubernetes stops a pod: a vote answered 202 must be counted, whatever the moment. Votes without a
 * definite answer (the connection closed or refused, or a 503) are resent to the other replica with
 * the same voteId, as a client would, so the leaderboard must then equal the oracle exactly.
 */
class WriterGracefulShutdownIntegrationTests {

    private static final String BOARD = "graceful-shutdown";
    private static final int CONNECTIONS = 64;

    private static RunningSystem system;
    private final HttpJson http = new HttpJson();
    private final Oracle oracle = new Oracle();

    @BeforeAll
    static void start() {
        system = new RunningSystem("shutdown");
    }

    @AfterAll
    static void stop() {
        system.close();
    }

    @Test
    void noVoteAnswered202IsLostWhenAWriterIsStoppedUnderLoad() throws Exception {
        assertThat(
                        http.post(
                                        system.writerUrl() + "/boards",
                                        Map.of("board", BOARD, "writeWindowSeconds", 600))
                                .status())
                .isEqualTo(201);
        ServiceProcess stopped = system.startAnotherWriter();
        long pid = stopped.pid().orElseThrow();
        try (SingleVoteLoad load =
                new SingleVoteLoad(stopped.baseUrl(), BOARD, CONNECTIONS, oracle)) {
            Thread loadThread =
                    new Thread(() -> load.runUntil(Instant.now().plus(Duration.ofMinutes(2))));
            loadThread.start();
            await().atMost(Duration.ofMinutes(1)).until(() -> load.accepted.get() >= 2000);

            ProcessHandle.of(pid).orElseThrow().destroy(); // SIGTERM
            await().atMost(Duration.ofMinutes(1))
                    .until(() -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
            load.stop();
            loadThread.join();

            List<Vote> unresolved = new ArrayList<>(load.noAnswer.keySet());
            load.otherAnswers.forEach(outcome -> unresolved.add(outcome.vote()));
            System.out.printf(
                    "graceful shutdown test: %d votes sent, %d answered 202 by the stopped writer,"
                            + " %d without a definite answer (resent to the other writer)%n",
                    load.sent(), load.accepted.get(), unresolved.size());
            unresolved.forEach(this::resend);
        }
        assertThat(wholeLeaderboard())
                .as("every vote answered 202 counted once")
                .isEqualTo(oracle.leaderboard(BOARD));
    }

    private void resend(Vote vote) {
        HttpJson.Answer answer =
                http.post(system.writerUrl() + "/boards/" + BOARD + "/votes", vote.body());
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(202);
        oracle.accept(vote);
    }

    private List<Row> wholeLeaderboard() {
        return Row.of(
                new Boards(http, system.writerUrl(), system.queryUrl())
                        .leaderboard(BOARD, "")
                        .get("entries"));
    }
}
