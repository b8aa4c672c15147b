package org.leaderboard.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.query.web.PollerAnswers;
import org.leaderboard.testsupport.RawHttp;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Bounded-staleness reads answered on Tomcat's poller thread ({@code
 * query.http.held-reads-on-poller}, on by default), over a real socket against a real Cassandra:
 * what the poller must never do is wait, for a read or for a client. The service's socket send
 * buffer is 4 KB here, as on a slow network: what a client does not read stays in the service.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PollerAnswersIntegrationTests {

    private static final QueryStore STORE = new QueryStore("poller");
    private static final String LONG_ID = "user-" + "x".repeat(80) + "-";

    @DynamicPropertySource
    static void cassandra(DynamicPropertyRegistry registry) {
        STORE.register(registry);
    }

    @AfterAll
    static void closeSession() {
        STORE.close();
    }

    @TestConfiguration
    static class SlowNetwork {
        @Bean
        WebServerFactoryCustomizer<TomcatServletWebServerFactory> smallSendBuffer() {
            return factory ->
                    factory.addConnectorCustomizers(
                            connector -> connector.setProperty("socket.txBufSize", "4096"));
        }
    }

    @Autowired TestRestTemplate http;
    @Autowired ObjectMapper json;
    @Autowired PollerAnswers pollerAnswers;

    private final Instant now = Instant.now();

    /**
     * A client that sends its next request before reading the answer (pipelining) gets both
     * answers: such requests are not answered on the poller thread, which must not wait for a
     * read-your-writes read, but by Tomcat's workers as before.
     */
    @Test
    void requestsSentBeforeTheAnswerIsReadAreAnsweredInOrder() throws Exception {
        BoardSettings board = sevenUsers("pipelined");
        STORE.writeSnapshot(board, board.buckets().floor(now.minusSeconds(60)));
        ok("/boards/pipelined/leaderboard?consistency=eventual"); // the view held
        long onPoller = pollerAnswers.answeredOnPoller();

        try (RawHttp client = new RawHttp(http.getRootUri(), 0)) {
            client.send(
                    RawHttp.get("/boards/pipelined/users/u2?around=1&consistency=eventual")
                            + RawHttp.get("/boards/pipelined/users/u3?around=1"));
            RawHttp.Answer first = client.answer();
            RawHttp.Answer second = client.answer();

            assertThat(first.status()).isEqualTo(200);
            assertThat(parse(first.body()).get("user").asText()).isEqualTo("u2");
            assertThat(parse(first.body()).get("stalenessMillis").isNumber()).isTrue();
            assertThat(second.status()).isEqualTo(200);
            assertThat(parse(second.body()).get("user").asText()).isEqualTo("u3");
            assertThat(parse(second.body()).get("stalenessMillis").isNull()).isTrue();
        }
        assertThat(pollerAnswers.answeredOnPoller()).isEqualTo(onPoller);
    }

    /**
     * A client that asks for a large page and stops reading is cut off after a short write timeout
     * when the poller thread answered it, instead of holding every other connection for the
     * socket's usual timeout: another client's read is answered meanwhile.
     */
    @Test
    void aClientThatStopsReadingDoesNotHoldOtherClients() throws Exception {
        BoardSettings board = board("unread");
        for (int i = 0; i < 1_200; i++) {
            vote(board, LONG_ID + i, 1 + i % 97, now.minusSeconds(100));
        }
        STORE.writeSnapshot(board, board.buckets().floor(now.minusSeconds(60)));
        ok("/boards/unread/leaderboard?consistency=eventual");
        long onPoller = pollerAnswers.answeredOnPoller();

        // A receive buffer of a few KB: a page of 1,000 entries (about 270 KB) does not fit in
        // what the kernels hold between the two sockets, so the service's write has to wait.
        try (RawHttp stalled = new RawHttp(http.getRootUri(), 2_048);
                RawHttp other = new RawHttp(http.getRootUri(), 0)) {
            stalled.send(RawHttp.get("/boards/unread/leaderboard?limit=1000&consistency=eventual"));
            await().atMost(Duration.ofSeconds(5))
                    .until(() -> pollerAnswers.answeredOnPoller() > onPoller);

            other.send(RawHttp.get("/boards/unread/users/" + LONG_ID + "7?consistency=eventual"));
            RawHttp.Answer answer = other.answer(); // within the socket's read timeout (5 s)
            assertThat(answer.status()).isEqualTo(200);

            // The stalled client's answer was cut short: the connection closed before its end.
            assertThat(stalled.answerCutShort()).isTrue();
        }
    }

    private BoardSettings sevenUsers(String name) {
        BoardSettings board = STORE.board(name, now);
        for (int i = 1; i <= 7; i++) {
            vote(board, "u" + i, 80 - 10 * i, now.minusSeconds(100 + i));
        }
        return board;
    }

    private BoardSettings board(String name) {
        return STORE.board(name, now);
    }

    private void vote(BoardSettings board, String user, int votes, Instant time) {
        VoteCastEvent event =
                new VoteCastEvent(TimeUuids.voteIdAt(time), board.board(), user, "voter", votes);
        STORE.vote(board, event, time);
    }

    private JsonNode ok(String path) {
        ResponseEntity<String> response = http.getForEntity(path, String.class);
        assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
        return parse(response.getBody());
    }

    private JsonNode parse(String body) {
        try {
            return json.readTree(body);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + body, e);
        }
    }
}
