package org.leaderboard.writer.feed;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.leaderboard.model.feed.FeedPage;

/**
 * Serves an {@link AckFeed} over HTTP/1.1 on a port of its own: {@code GET
 * /feed?board={board}&from={number}} answers 200 with a {@link FeedPage} as JSON, 400 for a request
 * it cannot read or a {@code from} past the board's next number, 410 when the feed no longer holds
 * {@code from} (read the store instead), and 401 to a request without the feed's token when it has
 * one ({@code Authorization: Bearer <token>}).
 *
 * <p>An internal endpoint for query services, kept out of the writer's web stack (its security,
 * filters and thread hops): the JDK's HTTP server, whose one dispatcher thread also runs the
 * handler, since a page is a copy under a lock and a few kilobytes of JSON. Connections are kept
 * alive between requests.
 */
public final class FeedServer implements AutoCloseable {

    static {
        // The JDK server flushes a response's headers before its body is written: with Nagle's
        // algorithm on, the body then waits for the client's delayed ACK of the headers (up to
        // 40 ms on Linux) on a kept-alive connection. Read once, when the first server is made.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private static final String PROBLEM = "application/problem+json";

    private final HttpServer server;
    private final AckFeed feed;
    private final ObjectMapper json;

    /** {@code Bearer <token>} as bytes, or null: the feed answers whoever reaches it. */
    private final byte[] authorization;

    private FeedServer(HttpServer server, AckFeed feed, ObjectMapper json, String token) {
        this.server = server;
        this.feed = feed;
        this.json = json;
        this.authorization =
                token == null ? null : ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Serves {@code feed} on {@code bind}:{@code port} (0: any free port, see {@link #port}),
     * started before this returns.
     */
    public static FeedServer start(AckFeed feed, ObjectMapper json, String bind, int port)
            throws IOException {
        return start(feed, json, bind, port, null);
    }

    /**
     * As {@link #start(AckFeed, ObjectMapper, String, int)}, answering only requests that carry
     * {@code token} ({@code Authorization: Bearer <token>}); null: no token asked for.
     */
    public static FeedServer start(
            AckFeed feed, ObjectMapper json, String bind, int port, String token)
            throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(bind, port), 128);
        FeedServer feedServer = new FeedServer(server, feed, json, token);
        server.createContext("/feed", feedServer::handle);
        // No executor: the dispatcher thread runs every handler.
        server.setExecutor(null);
        server.start();
        return feedServer;
    }

    /** The port it listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** The address a query service is given: {@code host:port} with this server's port. */
    public String address(String advertisedHost) {
        String host = advertisedHost.contains(":") ? "[" + advertisedHost + "]" : advertisedHost;
        return host + ":" + port();
    }

    /** Stops at once: a query service whose ask fails reads the store instead. */
    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try {
            Reply reply = reply(exchange);
            exchange.getResponseHeaders().set("Content-Type", reply.type());
            if (reply.status() == 405) {
                exchange.getResponseHeaders().set("Allow", "GET");
            }
            if (reply.status() == 401) {
                exchange.getResponseHeaders()
                        .set("WWW-Authenticate", "Bearer realm=\"writer-feed\"");
            }
            exchange.sendResponseHeaders(reply.status(), reply.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(reply.body());
            }
        } finally {
            exchange.close();
        }
    }

    /** What to answer; never fails, so every request gets an answer on its connection. */
    private record Reply(int status, String type, byte[] body) {}

    private Reply reply(HttpExchange exchange) {
        if (!authorized(exchange.getRequestHeaders().getFirst("Authorization"))) {
            return problem(401, "the feed asks for its token: Authorization: Bearer <token>");
        }
        if (!exchange.getRequestMethod().equals("GET")) {
            return problem(405, "only GET /feed?board={board}&from={number}");
        }
        Map<String, String> query;
        try {
            query = parameters(exchange.getRequestURI().getRawQuery());
        } catch (IllegalArgumentException e) {
            return problem(400, "the query string is not URL-encoded: " + e.getMessage());
        }
        String board = query.get("board");
        Long from = number(query.get("from"));
        if (board == null || board.isEmpty() || from == null) {
            return problem(400, "board and from (a whole number, -1 or more) are required");
        }
        try {
            return answer(feed.page(board, from));
        } catch (RuntimeException e) {
            return problem(500, "the feed failed: " + e);
        }
    }

    private Reply answer(AckFeed.Answer answer) {
        if (answer instanceof AckFeed.Page page) {
            return new Reply(200, "application/json", page.page().toJson(json));
        }
        if (answer instanceof AckFeed.Gone gone) {
            return problem(
                    410,
                    "event "
                            + gone.from()
                            + " is no longer kept (the oldest kept is "
                            + gone.oldest()
                            + ", the next "
                            + gone.next()
                            + "): read the store");
        }
        AckFeed.Ahead ahead = (AckFeed.Ahead) answer;
        return problem(
                400,
                "from "
                        + ahead.from()
                        + " is not between -1 and the board's next number "
                        + ahead.next()
                        + " on writer "
                        + feed.writer());
    }

    /** Whether the request carries the token (compared in constant time), if there is one. */
    private boolean authorized(String header) {
        return authorization == null
                || (header != null
                        && MessageDigest.isEqual(
                                authorization, header.getBytes(StandardCharsets.UTF_8)));
    }

    private static Map<String, String> parameters(String rawQuery) {
        Map<String, String> parameters = new HashMap<>();
        if (rawQuery == null) {
            return parameters;
        }
        for (String pair : rawQuery.split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0) {
                parameters.put(
                        URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
            }
        }
        return parameters;
    }

    private static Long number(String text) {
        try {
            return text == null ? null : Long.parseLong(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private Reply problem(int status, String detail) {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("status", status);
        problem.put("detail", detail);
        try {
            return new Reply(status, PROBLEM, json.writeValueAsBytes(problem));
        } catch (IOException e) {
            throw new IllegalStateException("a problem is always JSON", e);
        }
    }
}
