package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * One kept-alive HTTP/1.1 connection answers every request in turn, also after Swagger UI's static
 * files (whose responses finish after their bytes are sent, so a quick client's next request
 * arrives early and is queued by the server). A browser opening Swagger UI and then trying the API
 * does exactly this.
 */
class KeepAliveIntegrationTests extends WriterIntegrationTestBase {

    private static final List<String> SEQUENCE =
            List.of(
                    "/swagger-ui/index.html",
                    "/v3/api-docs",
                    "/boards",
                    "/swagger-ui.html",
                    "/swagger-ui/index.html",
                    "/actuator/health",
                    "/boards");

    @Test
    void everyRequestOnAKeptAliveConnectionIsAnswered() throws IOException {
        List<String> statuses = new ArrayList<>();
        for (int connection = 0; connection < 30; connection++) {
            try (Socket socket = new Socket("127.0.0.1", port)) {
                // A request left unanswered fails the test here instead of hanging it.
                socket.setSoTimeout(15_000);
                for (String path : SEQUENCE) {
                    try {
                        statuses.add(path + " " + exchange(socket, path));
                    } catch (SocketTimeoutException e) {
                        statuses.add(path + " not answered within 15 s");
                        break;
                    }
                }
            }
        }

        assertThat(statuses)
                .allSatisfy(status -> assertThat(status).endsWith(" answered"))
                .hasSize(30 * SEQUENCE.size());
    }

    /** Sends a GET and reads its whole response (by Content-Length); says what it got. */
    private static String exchange(Socket socket, String path) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(
                ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = socket.getInputStream();
        String head = readHead(in);
        if (head == null) {
            return "connection closed";
        }
        long length = -1;
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        if (length < 0) {
            return "no Content-Length: " + head.lines().findFirst().orElse("");
        }
        if (in.readNBytes(Math.toIntExact(length)).length != length) {
            return "body cut short";
        }
        return head.lines().findFirst().orElse("") + " answered";
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.US_ASCII);
    }
}
