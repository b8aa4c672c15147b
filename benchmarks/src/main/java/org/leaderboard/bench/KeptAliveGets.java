package org.leaderboard.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.leaderboard.bench.QueryClient.Answer;

/**
 * Blocking HTTP/1.1 GETs on kept-alive sockets, taken from and given back to a pool as Jedis does
 * for Redis: per request, one write of the request and a read of the status line, the headers and
 * the body (by Content-Length, chunked, or up to the end of the connection). This is all the query
 * rows of the benchmark need, and the least a client can do per request. One caller's eventual
 * top-100 against the same query service on this 2-core machine took 220-240 microseconds through
 * the JDK's HttpURLConnection, 205 through Apache HttpClient 5, 275 through OkHttp, 180-215 through
 * this (a bare socket loop 165-190), and 100-130 through wrk: at one caller a Java client's own
 * cost is a large part of what is measured, and this one's is the least of those tried. GET is safe
 * to send again: a kept-alive socket the server closed while idle is replaced and the request sent
 * once more.
 */
final class KeptAliveGets implements AutoCloseable {

    private static final int CONNECT_TIMEOUT_MILLIS = 5_000;
    private static final int READ_TIMEOUT_MILLIS = 120_000;

    private final String host;
    private final int port;
    private final String hostHeader;
    private final ConcurrentLinkedDeque<Connection> idle = new ConcurrentLinkedDeque<>();

    /** {@code baseUrl}: {@code http://host:port}; paths given to {@link #get} are appended. */
    KeptAliveGets(String baseUrl) {
        URI uri = URI.create(baseUrl);
        if (!"http".equals(uri.getScheme()) || uri.getPort() < 0) {
            throw new IllegalArgumentException("need http://host:port, not " + baseUrl);
        }
        this.host = uri.getHost();
        this.port = uri.getPort();
        this.hostHeader = host + ":" + port;
    }

    /** GET {@code path} (with its query string, already encoded). */
    Answer get(String path) {
        byte[] request =
                ("GET "
                                + path
                                + " HTTP/1.1\r\nHost: "
                                + hostHeader
                                + "\r\nAccept: application/json\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1);
        Connection kept = idle.pollFirst();
        if (kept != null) {
            try {
                return exchange(kept, request);
            } catch (IOException closedWhileIdle) {
                kept.close();
            }
        }
        try {
            return exchange(open(), request);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Answer exchange(Connection connection, byte[] request) throws IOException {
        boolean keep = false;
        try {
            connection.out.write(request);
            connection.out.flush();
            Response response = connection.read();
            keep = response.keepAlive;
            return new Answer(response.status, response.body, response.retryAfterSeconds);
        } finally {
            if (keep) {
                idle.offerFirst(connection);
            } else {
                connection.close();
            }
        }
    }

    private Connection open() throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            return new Connection(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    @Override
    public void close() {
        Connection connection;
        while ((connection = idle.pollFirst()) != null) {
            connection.close();
        }
    }

    private record Response(int status, String body, boolean keepAlive, int retryAfterSeconds) {}

    private static final class Connection {

        private final Socket socket;
        private final OutputStream out;
        private final InputStream in;

        Connection(Socket socket) throws IOException {
            this.socket = socket;
            this.out = socket.getOutputStream();
            this.in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
        }

        Response read() throws IOException {
            String statusLine = line();
            if (!statusLine.startsWith("HTTP/1.") || statusLine.length() < 12) {
                throw new IOException("not an HTTP/1.x status line: " + statusLine);
            }
            int status = Integer.parseInt(statusLine.substring(9, 12));
            long length = -1;
            boolean chunked = false;
            boolean close = statusLine.startsWith("HTTP/1.0");
            int retryAfter = -1;
            for (String header = line(); !header.isEmpty(); header = line()) {
                int colon = header.indexOf(':');
                if (colon < 0) {
                    continue;
                }
                String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = header.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
                switch (name) {
                    case "content-length" -> length = Long.parseLong(value);
                    case "transfer-encoding" -> chunked = value.contains("chunked");
                    case "connection" -> close = value.contains("close");
                    case "retry-after" -> retryAfter = seconds(value);
                    default -> {}
                }
            }
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            if (chunked) {
                for (long size = chunkSize(); size > 0; size = chunkSize()) {
                    copy(size, body);
                    line();
                }
                while (!line().isEmpty()) {
                    // trailers, none expected
                }
            } else if (length >= 0) {
                copy(length, body);
            } else if (status != 204 && status != 304) {
                in.transferTo(body);
                close = true;
            }
            return new Response(status, body.toString(StandardCharsets.UTF_8), !close, retryAfter);
        }

        /** A {@code Retry-After} in seconds; -1 for an HTTP date or anything else. */
        private static int seconds(String value) {
            try {
                return Integer.parseInt(value);
            } catch (NumberFormatException e) {
                return -1;
            }
        }

        private long chunkSize() throws IOException {
            String line = line();
            int extension = line.indexOf(';');
            return Long.parseLong((extension < 0 ? line : line.substring(0, extension)).trim(), 16);
        }

        private void copy(long bytes, ByteArrayOutputStream body) throws IOException {
            byte[] read = in.readNBytes((int) bytes);
            if (read.length < bytes) {
                throw new EOFException("the connection closed inside a body");
            }
            body.write(read);
        }

        /** A header-section line without its CR LF. */
        private String line() throws IOException {
            StringBuilder line = new StringBuilder(64);
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new EOFException("the connection closed");
                }
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        }

        void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // closing: nothing left to do with it
            }
        }
    }
}
