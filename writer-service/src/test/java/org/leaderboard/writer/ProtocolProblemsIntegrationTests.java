package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the web stack itself refuses (a wrong method or media type, an unknown path, a missing body)
 * is a problem detail naming what was wrong, as the bad-input corpus expects of every refusal.
 */
class ProtocolProblemsIntegrationTests extends WriterIntegrationTestBase {

    private static final String VOTE = "{\"user\":\"u1\",\"voter\":\"v1\",\"votes\":1}";

    private static final String PROBLEM = "application/problem+json";

    @Test
    void aWrongMethodIs405NamingTheMethod() {
        String board = newBoard("method");
        createBoard(board);

        Answer answer =
                sendAsync(
                                "PUT",
                                "/boards/" + board + "/votes",
                                vote(voteIdNow(), "u1", 1),
                                "X-API-Key",
                                ADMIN_KEY)
                        .join();

        assertThat(answer.status()).isEqualTo(405);
        assertThat(answer.contentType()).startsWith(PROBLEM);
        assertThat(answer.text("detail")).contains("PUT");
    }

    @Test
    void aBodyThatIsNotJsonIs415NamingTheContentType() {
        String board = newBoard("media");
        createBoard(board);

        Answer answer =
                sendAsync(
                                "POST",
                                "/boards/" + board + "/votes",
                                null,
                                "X-API-Key",
                                ADMIN_KEY,
                                "Content-Type",
                                "text/plain")
                        .join();

        assertThat(answer.status()).isEqualTo(415);
        assertThat(answer.contentType()).startsWith(PROBLEM);
        assertThat(answer.text("detail")).containsIgnoringCase("Content-Type");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "application/x-www-form-urlencoded", "text/json"})
    void aBodyOfAnotherOrNoContentTypeIs415NamingIt(String type) throws Exception {
        String board = newBoard("typed");
        createBoard(board);
        HttpRequest.Builder request =
                HttpRequest.newBuilder(
                                URI.create(
                                        "http://localhost:" + port + "/boards/" + board + "/votes"))
                        .POST(HttpRequest.BodyPublishers.ofString(VOTE))
                        .header("X-API-Key", ADMIN_KEY);
        if (!type.isEmpty()) {
            request.header("Content-Type", type);
        }

        HttpResponse<String> answer =
                HttpClient.newHttpClient()
                        .send(request.build(), HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).isEqualTo(415);
        assertThat(answer.body())
                .contains(
                        type.isEmpty()
                                ? "Content-Type is missing"
                                : "Content-Type '" + type + "' is not supported");
    }

    @Test
    void aMissingOrBlankBodyIs400NamingTheBody() {
        String board = newBoard("empty");
        createBoard(board);

        Answer missing = post("/boards/" + board + "/votes", "");
        Answer blank = post("/boards/" + board + "/votes", "   ");

        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.text("detail")).isEqualTo("body: is missing; send a JSON object");
        assertThat(blank.status()).isEqualTo(400);
        assertThat(blank.text("field")).isEqualTo("body");
    }

    @Test
    void anUnknownPathIs404AsAProblem() {
        Answer answer = get("/boards/some-board/votes/batch/more");

        assertThat(answer.status()).isEqualTo(404);
        assertThat(answer.contentType()).startsWith(PROBLEM);
    }
}
