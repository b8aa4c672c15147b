package org.leaderboard.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PollerAnswersTests {

    private static final String HEADERS = "Host: q:8082\r\nAccept: application/json\r\n\r\n";

    @Test
    void aloneBoundedStalenessReadsOfAHeldViewAreAnsweredOnThePoller() {
        assertThat(answers("GET /boards/b/leaderboard?consistency=eventual HTTP/1.1")).isTrue();
        assertThat(
                        answers(
                                "GET /boards/b/leaderboard?offset=5&limit=20&consistency=eventual HTTP/1.1"))
                .isTrue();
        assertThat(answers("GET /boards/b/users/u7?consistency=eventual HTTP/1.1")).isTrue();
        assertThat(answers("GET /boards/b/users/u7?around=3&consistency=eventual HTTP/1.1"))
                .isTrue();
    }

    @Test
    void anythingThatMayWaitOrIsNotOneWholeRequestIsHandedToAWorker() {
        String read = "GET /boards/b/users/u7?consistency=eventual HTTP/1.1\r\n" + HEADERS;
        for (String request :
                new String[] {
                    // read-your-writes, which waits for the board's shared read
                    "GET /boards/b/leaderboard HTTP/1.1\r\n" + HEADERS,
                    "GET /boards/b/leaderboard?consistency=strong HTTP/1.1\r\n" + HEADERS,
                    // a board whose view is not held: its first read reads the store
                    "GET /boards/other/leaderboard?consistency=eventual HTTP/1.1\r\n" + HEADERS,
                    // other parameters: a moment (a store read), friends, repeated or unknown
                    "GET /boards/b/leaderboard?consistency=eventual&asOf=2026-01-01T00:00:00Z"
                            + " HTTP/1.1\r\n"
                            + HEADERS,
                    "GET /boards/b/leaderboard?consistency=eventual&users=a HTTP/1.1\r\n" + HEADERS,
                    "GET /boards/b/leaderboard?consistency=eventual&limit=1&limit=2 HTTP/1.1\r\n"
                            + HEADERS,
                    "GET /boards/b/users/u7?limit=3&consistency=eventual HTTP/1.1\r\n" + HEADERS,
                    "GET /boards/b/leaderboard?consistency=eventually HTTP/1.1\r\n" + HEADERS,
                    // other routes and methods, encoded ids, another protocol version
                    "GET /boards/b/chart?consistency=eventual HTTP/1.1\r\n" + HEADERS,
                    "GET /boards/b/users/u7/x?consistency=eventual HTTP/1.1\r\n" + HEADERS,
                    "GET /boards/b/users/u%C3%A9?consistency=eventual HTTP/1.1\r\n" + HEADERS,
                    "POST /boards/b/leaderboard?consistency=eventual HTTP/1.1\r\n" + HEADERS,
                    "GET /boards/b/leaderboard?consistency=eventual HTTP/1.0\r\n" + HEADERS,
                    // a body, an upgrade or an expectation
                    read.replace("\r\n\r\n", "\r\nContent-Length: 0\r\n\r\n"),
                    read.replace("\r\n\r\n", "\r\nupgrade: h2c\r\n\r\n"),
                    read.replace("\r\n\r\n", "\r\nExpect: 100-continue\r\n\r\n"),
                    // a second request sent before the first is answered, or half a request
                    read + read,
                    read.substring(0, read.length() - 2),
                    "GET /boards/b/users/u7?consist"
                }) {
            assertThat(PollerAnswers.answersAtOnce(bytes(request), "b"::equals))
                    .as(request)
                    .isFalse();
        }
    }

    private static boolean answers(String line) {
        return PollerAnswers.answersAtOnce(bytes(line + "\r\n" + HEADERS), "b"::equals);
    }

    private static ByteBuffer bytes(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.ISO_8859_1)).asReadOnlyBuffer();
    }
}
