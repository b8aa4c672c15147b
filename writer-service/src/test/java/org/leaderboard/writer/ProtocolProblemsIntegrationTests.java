package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What the web stack itself refuses (a wrong method or media type, an unknown path, a missing body)
 * is a problem detail naming what was wrong, as the bad-input corpus expects of every refusal.
 */
class ProtocolProblemsIntegrationTests extends WriterIntegrationTestBase {

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
