package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.leaderboard.testsupport.RawHttp;
import org.leaderboard.writer.web.EventLoopVoteRoute;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Single votes taken in Netty's pipeline, on a bare socket: answered with the same status, headers
 * and body as through Reactor Netty, in the order they were sent when a client sends several
 * requests at once (some of which Reactor Netty answers), and also when a body arrives after its
 * head.
 */
class EventLoopVoteRouteIntegrationTests extends WriterIntegrationTestBase {

    @Autowired EventLoopVoteRoute route;

    private String root() {
        return "http://127.0.0.1:" + port;
    }

    private static String castVote(String board, UUID voteId, String user, int votes) {
        return RawHttp.post(
                "/boards/" + board + "/votes", vote(voteId, user, votes), "X-API-Key", VOTER_KEY);
    }

    @Test
    void votesOnOneConnectionAreAnsweredInTheEventLoopAsReactorNettyWould() throws Exception {
        String board = newBoard("loop");
        assertThat(createBoard(board).status()).isEqualTo(201);
        Instant before = clock.instant();
        long answeredBefore = route.answered();

        try (RawHttp client = new RawHttp(root(), 0)) {
            for (int i = 1; i <= 3; i++) {
                UUID voteId = voteIdNow();
                client.send(castVote(board, voteId, "abba", i));
                RawHttp.Answer answer = client.answer();
                assertThat(answer.status()).isEqualTo(202);
                assertThat(answer.body())
                        .isEqualTo("{\"voteId\":\"" + voteId + "\",\"status\":\"RECORDED\"}");
                assertThat(answer.header("Content-Type")).isEqualTo("application/json");
                assertThat(answer.header("X-Content-Type-Options")).isEqualTo("nosniff");
                assertThat(answer.header("Cache-Control")).contains("no-store");
                assertThat(answer.header("Connection")).isNull();
            }
        }

        assertThat(route.answered() - answeredBefore).isEqualTo(3);
        assertThat(
                        counted(board, before.minusSeconds(1), clock.instant().plusSeconds(1))
                                .get("abba")
                                .sum())
                .isEqualTo(6);
    }

    @Test
    void requestsSentTogetherAreAnsweredInOrder() throws Exception {
        String board = newBoard("loop-pipelined");
        assertThat(createBoard(board).status()).isEqualTo(201);
        Instant before = clock.instant();
        List<UUID> ids = List.of(voteIdNow(), voteIdNow(), voteIdNow(), voteIdNow());

        try (RawHttp client = new RawHttp(root(), 0)) {
            // A vote, a read Reactor Netty answers, a vote sent while that read may be answered,
            // an invalid vote (the full chain's problem), a vote without a key (refused by the
            // chain), and two votes.
            client.send(
                    castVote(board, ids.get(0), "abba", 1)
                            + RawHttp.get("/actuator/health")
                            + castVote(board, ids.get(1), "abba", 2)
                            + castVote(board, UUID.randomUUID(), "abba", 0)
                            + RawHttp.post(
                                    "/boards/" + board + "/votes", vote(voteIdNow(), "abba", 50))
                            + castVote(board, ids.get(2), "abba", 4)
                            + castVote(board, ids.get(3), "abba", 8));

            List<RawHttp.Answer> answers =
                    List.of(
                            client.answer(),
                            client.answer(),
                            client.answer(),
                            client.answer(),
                            client.answer(),
                            client.answer(),
                            client.answer());
            assertThat(answers)
                    .extracting(RawHttp.Answer::status)
                    .containsExactly(202, 200, 202, 400, 401, 202, 202);
            assertThat(answers.get(0).body()).contains(ids.get(0).toString());
            assertThat(answers.get(1).body()).contains("\"status\"");
            assertThat(answers.get(2).body()).contains(ids.get(1).toString());
            assertThat(answers.get(3).body()).contains("votes");
            assertThat(answers.get(5).body()).contains(ids.get(2).toString());
            assertThat(answers.get(6).body()).contains(ids.get(3).toString());
        }

        assertThat(
                        counted(board, before.minusSeconds(1), clock.instant().plusSeconds(1))
                                .get("abba")
                                .sum())
                .isEqualTo(1 + 2 + 4 + 8);
    }

    @Test
    void aBodyThatArrivesAfterItsHeadIsWaitedFor() throws Exception {
        String board = newBoard("loop-slow");
        assertThat(createBoard(board).status()).isEqualTo(201);
        long answeredBefore = route.answered();
        UUID voteId = voteIdNow();
        String request = castVote(board, voteId, "abba", 1);
        int split = request.indexOf("\r\n\r\n") + 4 + 10;

        try (RawHttp client = new RawHttp(root(), 0)) {
            client.send(request.substring(0, split));
            Thread.sleep(300);
            client.send(request.substring(split));
            RawHttp.Answer answer = client.answer();
            assertThat(answer.status()).isEqualTo(202);
            assertThat(answer.body()).contains(voteId.toString());
        }
        assertThat(route.answered() - answeredBefore).isEqualTo(1);
    }
}
