package org.leaderboard.testsupport;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 on a bare socket, for what a client library hides: requests sent before the answers are
 * read, a client that stops reading. Every read waits at most 5 s.
 */
public final class RawHttp implements AutoCloseable {

    private final Socket socket = new Socket();
    private final OutputStream out;
    private final InputStream in;

    /** Connected to {@code root} ({@code http://host:port}), with a receive buffer if not 0. */
    public RawHttp(String root, int receiveBuffer) throws IOException {
        URI uri = URI.create(root);
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.setSoTimeout(5_000);
        socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 5_000);
        out = socket.getOutputStream();
        in = new BufferedInputStream(socket.getInputStream());
    }

    public static String get(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\n\r\n";
    }

    public void send(String requests) throws IOException {
        out.write(requests.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /**
     * A POST of {@code json} with these headers (name, value, ...) besides Host, Content-Type and
     * Content-Length.
     */
    public static String post(String path, String json, String... headers) {
        StringBuilder request =
                new StringBuilder("POST " + path + " HTTP/1.1\r\nHost: localhost\r\n");
        for (int i = 0; i < headers.length; i += 2) {
            request.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
        }
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return request.append("Content-Type: application/json\r\nContent-Length: ")
                .append(body.length)
                .append("\r\n\r\n")
                .append(new String(body, StandardCharsets.ISO_8859_1))
                .toString();
    }

    /** An answer's status, header lines (names in lower case) and body. */
    public record Answer(int status, Map<String, String> headers, String body) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** The next answer (with a Content-Length). */
    public Answer answer() throws IOException {
        Head head = head();
        byte[] body = in.readNBytes(head.length());
        if (body.length < head.length()) {
            throw new IOException("the connection closed within an answer");
        }
        return new Answer(head.status(), head.headers(), new String(body, StandardCharsets.UTF_8));
    }

    /** Whether the connection closes before the end of the next answer's body. */
    public boolean answerCutShort() throws IOException {
        long read = 0;
        int length;
        try {
            length = head().length();
            byte[] buffer = new byte[8192];
            for (int n; read < length && (n = in.read(buffer)) >= 0; ) {
                read += n;
            }
        } catch (java.net.SocketException reset) {
            return true;
        }
        return read < length;
    }

    private record Head(int status, int length, Map<String, String> headers) {}

    private Head head() throws IOException {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new java.net.SocketException("the connection closed before an answer");
            }
            text.write(b);
            matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String[] lines = text.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(
                        lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
        }
        String length = headers.get("content-length");
        if (length == null) {
            throw new IOException("an answer without a Content-Length: " + lines[0]);
        }
        return new Head(status, Integer.parseInt(length), headers);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
