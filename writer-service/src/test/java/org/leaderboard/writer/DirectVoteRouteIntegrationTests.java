package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.leaderboard.model.time.TimeUuids;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.HttpHandlerDecoratorFactory;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.http.server.reactive.MockServerHttpResponse;
import reactor.core.publisher.Mono;

/**
 * The direct single-vote route answers a well-formed vote with an API key itself, and hands every
 * other request to the full chain with its body intact, so that those get the chain's answers. The
 * route is driven here in front of a stand-in chain that records what reaches it; the writer behind
 * it (command handler, group commit, Cassandra) is the real one. The other integration tests send
 * their votes over HTTP with an API key, so they pass through the route too.
 */
class DirectVoteRouteIntegrationTests extends WriterIntegrationTestBase {

    private static final String JSON = "application/json";

    @Autowired HttpHandlerDecoratorFactory directVoteRoute;

    /** The stand-in for the full chain: records the request's body and answers 418. */
    private final AtomicReference<String> chainGot = new AtomicReference<>();

    private final HttpHandler chain =
            (request, response) ->
                    DataBufferUtils.join(request.getBody())
                            .map(
                                    body -> {
                                        String text = body.toString(StandardCharsets.UTF_8);
                                        DataBufferUtils.release(body);
                                        return text;
                                    })
                            .defaultIfEmpty("")
                            .doOnNext(chainGot::set)
                            .then(Mono.fromRunnable(() -> response.setRawStatusCode(418)))
                            .then(response.setComplete());

    private MockServerHttpResponse send(MockServerHttpRequest request) {
        MockServerHttpResponse response = new MockServerHttpResponse();
        directVoteRoute.apply(chain).handle(request, response).block();
        return response;
    }

    private static MockServerHttpRequest vote(
            String board, String body, String contentType, String... headers) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        MockServerHttpRequest.BodyBuilder request =
                MockServerHttpRequest.post("/boards/" + board + "/votes")
                        .header(HttpHeaders.CONTENT_TYPE, contentType)
                        .contentLength(bytes.length);
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return request.body(body);
    }

    @Test
    void aWellFormedVoteWithAKeyIsStoredAndAnsweredWithoutTheChain() {
        String board = newBoard("direct");
        assertThat(createBoard(board).status()).isEqualTo(201);
        Instant before = clock.instant();
        UUID voteId = voteIdNow();

        MockServerHttpResponse answer =
                send(vote(board, vote(voteId, "abba", 3), JSON, "X-API-Key", VOTER_KEY));

        assertThat(chainGot.get()).as("the chain was not used").isNull();
        assertThat(answer.getStatusCode().value()).isEqualTo(202);
        assertThat(answer.getHeaders().getContentType().toString()).isEqualTo(JSON);
        assertThat(answer.getBodyAsString().block())
                .isEqualTo("{\"voteId\":\"" + voteId + "\",\"status\":\"RECORDED\"}");
        // The headers the security chain writes on every answer.
        assertThat(answer.getHeaders().getFirst("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(answer.getHeaders().getFirst("Cache-Control")).contains("no-store");
        assertThat(
                        counted(board, before.minusSeconds(1), clock.instant().plusSeconds(1))
                                .get("abba")
                                .sum())
                .isEqualTo(3);

        // Through HTTP, the retry is the route's too, and the vote counts once.
        Answer retry =
                sendAsync(
                                "POST",
                                "/boards/" + board + "/votes",
                                vote(voteId, "abba", 3),
                                "X-API-Key",
                                VOTER_KEY)
                        .join();
        assertThat(retry.status()).isEqualTo(202);
        // Inside the window a retry is stored again, losing to the first write: RECORDED.
        assertThat(retry.text("status")).isEqualTo("RECORDED");
        assertThat(
                        counted(board, before.minusSeconds(1), clock.instant().plusSeconds(1))
                                .get("abba")
                                .sum())
                .isEqualTo(3);
    }

    @Test
    void aRefusalAfterTheVoteIsSentIsTheControllersProblem() {
        String board = newBoard("direct-closed");
        assertThat(createBoard(board).status()).isEqualTo(201);
        UUID tooOld = TimeUuids.voteIdAt(clock.instant().minusSeconds(3600));

        MockServerHttpResponse answer =
                send(vote(board, vote(tooOld, "abba", 1), JSON, "X-API-Key", VOTER_KEY));

        assertThat(chainGot.get()).isNull();
        assertThat(answer.getStatusCode().value()).isEqualTo(422);
        assertThat(answer.getHeaders().getContentType().toString())
                .isEqualTo("application/problem+json");
        assertThat(answer.getBodyAsString().block())
                .contains("\"voteId\":\"" + tooOld + "\"")
                .contains("\"instance\":\"/boards/" + board + "/votes\"")
                .contains("write window");
    }

    /** Each of these is answered by the chain, which gets the body exactly as sent. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "no key                 | application/json | {\"user\":\"u\",\"voter\":\"v\",\"votes\":1} | | ",
                "a key not configured   | application/json | {\"user\":\"u\",\"voter\":\"v\",\"votes\":1} | X-API-Key | not-a-configured-key-0000",
                "a key without VOTER    | application/json | {\"user\":\"u\",\"voter\":\"v\",\"votes\":1} | X-API-Key | test-reader-key-0123456789",
                "a bearer token         | application/json | {\"user\":\"u\",\"voter\":\"v\",\"votes\":1} | Authorization | Bearer eyJhbGciOiJSUzI1NiJ9.e30.x",
                "form data              | application/x-www-form-urlencoded | user=u&voter=v&votes=1 | X-API-Key | test-voter-key-0123456789",
                "an Accept without JSON | application/json | {\"user\":\"u\",\"voter\":\"v\",\"votes\":1} | Accept | application/xml",
                "broken JSON            | application/json | {\"user\":\"u\", | X-API-Key | test-voter-key-0123456789",
                "an invalid vote        | application/json | {\"user\":\"u\",\"voter\":\"v\",\"votes\":0} | X-API-Key | test-voter-key-0123456789",
                "an unknown field       | application/json | {\"user\":\"u\",\"voter\":\"v\",\"votes\":1,\"x\":1} | X-API-Key | test-voter-key-0123456789",
            })
    void requestsTheRouteDoesNotAnswerGoToTheChainWithTheirBody(
            String why, String contentType, String body, String header, String value) {
        String[] headers = header == null ? new String[0] : new String[] {header, value};
        if ("Accept".equals(header)) {
            headers = new String[] {"Accept", value, "X-API-Key", VOTER_KEY};
        }

        MockServerHttpResponse answer = send(vote(newBoard("b"), body, contentType, headers));

        assertThat(answer.getStatusCode().value()).as(why).isEqualTo(418);
        assertThat(chainGot.get()).as(why).isEqualTo(body);
    }

    @Test
    void aBoardNameTheControllerWouldDecodeGoesToTheChain() {
        MockServerHttpResponse answer =
                send(
                        vote(
                                "caf%C3%A9",
                                "{\"user\":\"u\",\"voter\":\"v\",\"votes\":1}",
                                JSON,
                                "X-API-Key",
                                VOTER_KEY));

        assertThat(answer.getStatusCode().value()).isEqualTo(418);
    }

    private double count(String metric) {
        Answer answer = get(metric);
        assertThat(answer.status()).as(metric).isEqualTo(200);
        return answer.body().path("measurements").get(0).path("value").asDouble();
    }

    @Test
    void votesAnsweredByTheRouteAndByTheChainAreTimedInOneSeries() {
        String board = newBoard("direct-metrics");
        assertThat(createBoard(board).status()).isEqualTo(201);
        String path = "/boards/" + board + "/votes";
        assertThat(post(path, vote(voteIdNow(), "abba", 1)).status()).isEqualTo(202);
        assertThat(post(path, "{\"user\":\"abba\",\"voter\":\"v\",\"votes\":0}").status())
                .isEqualTo(400);

        String series = "/actuator/metrics/http.server.requests?tag=uri:%7Bboard%7D&tag=status:";
        assertThat(count(series.replace("%7Bboard%7D", "/boards/%7Bboard%7D/votes") + "202"))
                .isPositive();
        assertThat(count(series.replace("%7Bboard%7D", "/boards/%7Bboard%7D/votes") + "400"))
                .isPositive();
    }
}
