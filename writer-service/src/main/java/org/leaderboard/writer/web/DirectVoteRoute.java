package org.leaderboard.writer.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.leaderboard.model.api.VoteResult;
import org.leaderboard.model.board.Ids;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.cassandra.BoardCache;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.security.ApiKeyCheck;
import org.leaderboard.security.DirectRoutes;
import org.leaderboard.writer.config.LoadSettings;
import org.leaderboard.writer.config.WriterSettings;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.HttpHandlerDecoratorFactory;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Single votes straight from Reactor Netty. Profiled at peak, a single vote spent most of the
 * writer's CPU in WebFlux's per-request machinery (the exchange, the security filter chain, handler
 * mapping, argument resolution, codecs and the request observation) rather than in the vote. This
 * route answers the common case, a well-formed vote with an API key, without that machinery: it
 * checks the key and role with the security chain's own rules ({@link ApiKeyCheck}), parses the
 * body with the application's JSON settings and {@link VoteRequestParser}, takes a place under the
 * in-flight bound and sends the command through Axon, as {@link VoteController} does, so a 202
 * means the same.
 *
 * <p>Whatever it cannot answer exactly as the full chain would, it hands to the full chain, body
 * included: no key or another kind of credentials, another Content-Type or Accept, a body without a
 * declared length or larger than {@code writer.max-request-size}, JSON that does not parse or a
 * vote that is invalid. Those get the chain's answers word for word. Failures after the command is
 * sent (a refusal, an unavailable store) and the overload refusal are answered here with {@link
 * ProblemHandlers}' problems. Requests it answers are timed in {@code http.server.requests} with
 * the controller's tags. Switched off with {@code writer.load.direct-vote-route=false}.
 *
 * <p>Most votes reach it through {@link EventLoopVoteRoute}, which reads them in Netty's pipeline
 * with {@link #boardOf} and {@link #cast}, before Reactor Netty makes a request of them; the
 * handler decorator here takes the votes that route passes on (a connection where an earlier
 * request is still being answered, HTTP/1.0, a query string) and is the whole route when the
 * pipeline's is not in place.
 */
@Component
class DirectVoteRoute implements HttpHandlerDecoratorFactory {

    private static final String PREFIX = "/boards/";
    private static final String SUFFIX = "/votes";
    private static final String URI_TAG = "/boards/{board}/votes";

    private final boolean enabled;
    private final ApiKeyCheck.Route admission;
    private final ObjectMapper json;
    private final VoteRequestParser parser;
    private final BoardCache boards;
    private final InFlightVotes inFlight;
    private final Commands commands;
    private final ProblemHandlers problems;
    private final long maxBytes;
    private final MeterRegistry meters;
    private final ConcurrentHashMap<Integer, Timer> timers = new ConcurrentHashMap<>();

    DirectVoteRoute(
            LoadSettings load,
            WriterSettings settings,
            ApiKeyCheck keys,
            ObjectMapper json,
            Clock clock,
            BoardCache boards,
            InFlightVotes inFlight,
            Commands commands,
            ProblemHandlers problems,
            MeterRegistry meters) {
        this.enabled = load.directVoteRoute();
        this.admission = keys.route(HttpMethod.POST, PREFIX + "board" + SUFFIX);
        this.json = json;
        // As in the controller: generated ids carry the clock the window is checked against.
        this.parser = new VoteRequestParser(() -> TimeUuids.voteIdAt(clock.instant()));
        this.boards = boards;
        this.inFlight = inFlight;
        this.commands = commands;
        this.problems = problems;
        this.maxBytes = settings.maxRequestSize().toBytes();
        this.meters = meters;
    }

    @Override
    public HttpHandler apply(HttpHandler chain) {
        if (!enabled) {
            return chain;
        }
        return (request, response) -> {
            HttpHeaders headers = request.getHeaders();
            String board =
                    boardOf(
                            request.getMethod().name(),
                            request.getPath().value(),
                            headers.getContentLength(),
                            headers::getFirst);
            if (board == null) {
                return chain.handle(request, response);
            }
            long start = System.nanoTime();
            // The declared length is within the limit; the join's bound holds if the body is not.
            return DataBufferUtils.join(request.getBody(), (int) maxBytes)
                    .map(DirectVoteRoute::bytes)
                    .defaultIfEmpty(new byte[0])
                    .flatMap(
                            body -> {
                                CompletableFuture<Reply> reply =
                                        cast(board, body, request.getPath().value());
                                if (reply == null) {
                                    return chain.handle(replay(request, body), response);
                                }
                                // As in the controller: a client that goes away does not
                                // cancel the vote.
                                return Mono.fromFuture(reply, true)
                                        .flatMap(answer -> write(response, answer, start));
                            })
                    .onErrorResume(
                            DataBufferLimitException.class,
                            e -> write(response, problem(request.getPath().value(), e), start));
        };
    }

    /** Whether the route is on ({@code writer.load.direct-vote-route}). */
    boolean enabled() {
        return enabled;
    }

    /**
     * The board of a request this route may answer, or null: a POST of JSON to {@code
     * /boards/{board}/votes} with a plain board name, a declared length within the limit, an Accept
     * that takes JSON and an API key the security chain would admit.
     *
     * @param contentLength the declared length, -1 if none
     * @param header a request header's first value, null if absent
     */
    String boardOf(
            String method, String path, long contentLength, Function<String, String> header) {
        if (!"POST".equals(method)) {
            return null;
        }
        if (!path.startsWith(PREFIX)
                || !path.endsWith(SUFFIX)
                || path.length() <= PREFIX.length() + SUFFIX.length()) {
            return null;
        }
        String board = path.substring(PREFIX.length(), path.length() - SUFFIX.length());
        if (!plainName(board)
                || contentLength < 1
                || contentLength > maxBytes
                || !isJson(header.apply(HttpHeaders.CONTENT_TYPE))
                || !DirectRoutes.takesJson(header.apply(HttpHeaders.ACCEPT))
                || !admission.admits(
                        header.apply("X-API-Key"), header.apply(HttpHeaders.AUTHORIZATION))) {
            return null;
        }
        return board;
    }

    /** A board id as the controller would get it: nothing percent-encoded, no path parameters. */
    private static boolean plainName(String board) {
        if (board.indexOf('/') >= 0 || board.indexOf('%') >= 0 || board.indexOf(';') >= 0) {
            return false;
        }
        try {
            Ids.requireBoard("board", board);
            return true;
        } catch (InvalidInputException e) {
            return false;
        }
    }

    private static boolean isJson(String contentType) {
        return contentType != null
                && (contentType.equalsIgnoreCase("application/json")
                        || contentType.equalsIgnoreCase("application/json;charset=UTF-8")
                        || contentType.equalsIgnoreCase("application/json; charset=UTF-8"));
    }

    /**
     * Casts the vote in {@code body}, or returns null if the full chain must answer it (JSON that
     * does not parse, an invalid vote): those get the chain's words. Otherwise the answer completes
     * once the vote is stored, or refused, or with the overload refusal at once.
     */
    CompletableFuture<Reply> cast(String board, byte[] body, String path) {
        JsonNode vote;
        try {
            vote = json.readTree(body);
        } catch (IOException e) {
            return null;
        }
        if (!(parser.parse(board, vote, VoteController.scoreOf(boards, board))
                instanceof ParsedVote.Valid valid)) {
            return null;
        }
        try {
            inFlight.acquire(1);
        } catch (WriterOverloadedException e) {
            return CompletableFuture.completedFuture(problem(path, e));
        }
        CompletableFuture<VoteResult> result;
        try {
            // Sent from the event loop: the handler never waits here (see VoteCommandHandler).
            result =
                    commands.<VoteResult>sendAsync(valid.command())
                            .whenComplete((answer, failure) -> inFlight.release(1));
        } catch (RuntimeException e) {
            inFlight.release(1);
            return CompletableFuture.completedFuture(problem(path, e));
        }
        return result.handle(
                (answer, failure) ->
                        failure == null
                                ? new Reply(
                                        HttpStatus.ACCEPTED.value(),
                                        MediaType.APPLICATION_JSON_VALUE,
                                        json(answer),
                                        null)
                                : problem(path, failure));
    }

    /** What to answer: the body is already JSON. */
    record Reply(int status, String type, byte[] body, String retryAfter) {}

    private Reply problem(String path, Throwable failure) {
        ResponseEntity<ProblemDetail> answer =
                problems.answerFor(
                        failure instanceof RuntimeException thrown
                                ? Commands.unwrap(thrown)
                                : failure);
        ProblemDetail problem = answer.getBody();
        if (problem.getInstance() == null) {
            problem.setInstance(URI.create(path));
        }
        return new Reply(
                answer.getStatusCode().value(),
                MediaType.APPLICATION_PROBLEM_JSON_VALUE,
                json(problem),
                answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER));
    }

    private Mono<Void> write(ServerHttpResponse response, Reply reply, long start) {
        response.setRawStatusCode(reply.status());
        HttpHeaders headers = response.getHeaders();
        ApiKeyCheck.RESPONSE_HEADERS.forEach(headers::set);
        headers.set(HttpHeaders.CONTENT_TYPE, reply.type());
        headers.setContentLength(reply.body().length);
        if (reply.retryAfter() != null) {
            headers.set(HttpHeaders.RETRY_AFTER, reply.retryAfter());
        }
        timed(reply.status(), start);
        return response.writeWith(Mono.just(response.bufferFactory().wrap(reply.body())));
    }

    /** Times an answered request from {@code start} ({@link System#nanoTime()}). */
    void timed(int status, long start) {
        timer(status).record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }

    /** The controller's request timer for this status, so dashboards see one series. */
    private Timer timer(int status) {
        return timers.computeIfAbsent(
                status,
                code ->
                        Timer.builder("http.server.requests")
                                .tag("method", "POST")
                                .tag("uri", URI_TAG)
                                .tag("status", Integer.toString(code))
                                .tag("outcome", outcome(code))
                                .tag("exception", "none")
                                .tag("error", "none")
                                .register(meters));
    }

    private static String outcome(int status) {
        return switch (status / 100) {
            case 1 -> "INFORMATIONAL";
            case 2 -> "SUCCESS";
            case 3 -> "REDIRECTION";
            case 4 -> "CLIENT_ERROR";
            case 5 -> "SERVER_ERROR";
            default -> "UNKNOWN";
        };
    }

    private byte[] json(Object value) {
        try {
            return json.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a vote result is always JSON", e);
        }
    }

    private static byte[] bytes(DataBuffer joined) {
        try {
            byte[] bytes = new byte[joined.readableByteCount()];
            joined.read(bytes);
            return bytes;
        } finally {
            DataBufferUtils.release(joined);
        }
    }

    /** The request with its body, already read here, for the full chain to read again. */
    private static ServerHttpRequest replay(ServerHttpRequest request, byte[] body) {
        return new ServerHttpRequestDecorator(request) {
            @Override
            public Flux<DataBuffer> getBody() {
                return Flux.defer(
                        () -> Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(body)));
            }
        };
    }
}
