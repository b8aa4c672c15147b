package org.leaderboard.query.web;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.leaderboard.query.query.LeaderboardQueryHandler;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Bounded-staleness reads of a held view answered on Tomcat's poller thread ({@link
 * PollerAnswersProtocol}), with {@code query.http.held-reads-on-poller} (on by default). Decides,
 * from a request's first bytes, whether it is one: a whole {@code GET} of {@code
 * /boards/{board}/leaderboard} or {@code /boards/{board}/users/{user}} with {@code
 * consistency=eventual}, no other parameters than the page's or the standing's, plain ids in the
 * path, nothing after it (no second request sent before the first is answered), no body, upgrade or
 * expectation, and the board's view held. Such a request never waits: the direct route answers it
 * from memory, or the full chain does without a store read.
 */
@Component
public class PollerAnswers implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    private static final byte[] END_OF_HEADERS = ascii("\r\n\r\n");
    private static final byte[] CRLF = ascii("\r\n");
    private static final byte[] PREFIX = ascii("GET /boards/");
    private static final byte[] VERSION = ascii(" HTTP/1.1");

    /** Headers that bring a body, an upgrade or an expectation, with their colon. */
    private static final List<byte[]> HEADERS_TAKEN_ELSEWHERE =
            List.of(
                    ascii("content-length:"),
                    ascii("transfer-encoding:"),
                    ascii("upgrade:"),
                    ascii("expect:"));

    /** The requests the poller thread is answering now, on that thread; 0 elsewhere. */
    private static final ThreadLocal<int[]> RUN = ThreadLocal.withInitial(() -> new int[1]);

    private final boolean enabled;
    private final LeaderboardQueryHandler handler;
    private volatile PollerAnswersProtocol protocol;

    PollerAnswers(
            @Value("${query.http.held-reads-on-poller:true}") boolean enabled,
            LeaderboardQueryHandler handler) {
        this.enabled = enabled;
        this.handler = handler;
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        if (!enabled) {
            return;
        }
        factory.setProtocol(PollerAnswersProtocol.class.getName());
        factory.addConnectorCustomizers(
                connector -> {
                    if (connector.getProtocolHandler() instanceof PollerAnswersProtocol answers) {
                        answers.answersAtOnce(
                                bytes -> answersAtOnce(bytes, handler::holdsEventualView));
                        protocol = answers;
                    }
                });
    }

    /** How many requests were answered on the poller thread (0 when switched off). */
    public long answeredOnPoller() {
        PollerAnswersProtocol answers = protocol;
        return answers == null ? 0 : answers.answeredOnPoller();
    }

    /**
     * Whether {@code request}, a request's first bytes, is one to answer on the poller, given which
     * boards' views are held. Read as bytes, with one string made (the request's target): the
     * poller asks this of every request it sees alone, and a version that decoded and split the
     * whole request took as long as the standing it let through.
     */
    static boolean answersAtOnce(ByteBuffer request, Predicate<String> heldView) {
        byte[] bytes = new byte[request.remaining()];
        request.get(bytes);
        int headersEnd = indexOf(bytes, END_OF_HEADERS, 0);
        if (headersEnd < 0 || headersEnd != bytes.length - END_OF_HEADERS.length) {
            return false; // half a request, or a second one already sent after this one
        }
        int lineEnd = indexOf(bytes, CRLF, 0);
        if (!matches(bytes, 0, PREFIX, false)
                || lineEnd < PREFIX.length + VERSION.length
                || !matches(bytes, lineEnd - VERSION.length, VERSION, false)) {
            return false;
        }
        for (int at = lineEnd + 2; at < headersEnd; ) {
            int next = indexOf(bytes, CRLF, at);
            for (byte[] name : HEADERS_TAKEN_ELSEWHERE) {
                if (matches(bytes, at, name, true)) {
                    return false;
                }
            }
            at = next + 2;
        }
        String target =
                new String(
                        bytes,
                        PREFIX.length,
                        lineEnd - VERSION.length - PREFIX.length,
                        StandardCharsets.ISO_8859_1);
        return answersAtOnce(target, heldView);
    }

    /** As above, given the target after {@code /boards/}: the board, the route, the query. */
    private static boolean answersAtOnce(String target, Predicate<String> heldView) {
        int query = target.indexOf('?');
        if (query < 0) {
            return false; // read-your-writes, the default
        }
        String path = target.substring(0, query);
        if (path.indexOf('%') >= 0 || path.indexOf(';') >= 0) {
            return false;
        }
        String[] parts = path.split("/", -1);
        boolean page = parts.length == 2 && parts[1].equals("leaderboard");
        boolean standing = parts.length == 3 && parts[1].equals("users");
        if (!(page || standing) || parts[0].isEmpty() || parts[parts.length - 1].isEmpty()) {
            return false;
        }
        Set<String> known =
                page ? DirectReadRoute.PAGE_PARAMETERS : DirectReadRoute.STANDING_PARAMETERS;
        return eventualOnly(target.substring(query + 1), known) && heldView.test(parts[0]);
    }

    /** Parameters all known, each once, with {@code consistency=eventual} among them. */
    private static boolean eventualOnly(String query, Set<String> known) {
        boolean eventual = false;
        List<String> seen = new ArrayList<>(known.size());
        for (int from = 0; from <= query.length(); ) {
            int to = query.indexOf('&', from);
            to = to < 0 ? query.length() : to;
            String parameter = query.substring(from, to);
            int equals = parameter.indexOf('=');
            String name = equals < 0 ? parameter : parameter.substring(0, equals);
            if (!known.contains(name) || seen.contains(name)) {
                return false;
            }
            seen.add(name);
            eventual |= parameter.equals("consistency=eventual");
            from = to + 1;
        }
        return eventual;
    }

    private static int indexOf(byte[] bytes, byte[] part, int from) {
        for (int at = from; at <= bytes.length - part.length; at++) {
            if (matches(bytes, at, part, false)) {
                return at;
            }
        }
        return -1;
    }

    /** Whether {@code part} is at {@code at} (in any case: ASCII letters only, lower in part). */
    private static boolean matches(byte[] bytes, int at, byte[] part, boolean anyCase) {
        if (at < 0 || at + part.length > bytes.length) {
            return false;
        }
        for (int i = 0; i < part.length; i++) {
            byte b = bytes[at + i];
            if (anyCase && b >= 'A' && b <= 'Z') {
                b = (byte) (b + ('a' - 'A'));
            }
            if (b != part[i]) {
                return false;
            }
        }
        return true;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** The poller thread starts answering a connection's requests. */
    static void begin() {
        RUN.get()[0] = 1;
    }

    /** It is done with them. */
    static void end() {
        RUN.get()[0] = 0;
    }

    /**
     * Whether this request is on the poller thread after the one it took: one the client sent
     * before it had read the answer to that one, arrived while it was answered. Such a request was
     * not looked at beforehand and may have to wait, which the poller thread must not.
     */
    static boolean laterOnPoller() {
        int[] run = RUN.get();
        if (run[0] == 0) {
            return false;
        }
        return run[0]++ > 1;
    }
}
