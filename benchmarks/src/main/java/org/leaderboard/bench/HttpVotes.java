package org.leaderboard.bench;

import io.netty.buffer.Unpooled;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import org.leaderboard.model.api.VoteCastEvent;
import reactor.core.publisher.Mono;
import reactor.netty.resources.ConnectionProvider;

/**
 * The writer's HTTP API as many clients use it, over HTTP/1.1 with keep-alive, so {@code n}
 * requests in flight are {@code n} concurrent connections. Single votes go through Reactor Netty's
 * event-loop client: the JDK HttpClient used about 1 ms of the harness's CPU per request, a third
 * of this 2-core machine at 700 votes/s, and so became part of what it measured. Batches and board
 * creation, a few requests per second, use the JDK HttpClient. Votes carry client voteIds stamped
 * now, so they are inside the write window.
 */
final class HttpVotes implements AutoCloseable {

    /** Connections of the single-vote client: at least the in-flight requests of any load. */
    static final int MAX_CONNECTIONS = 512;

    private final HttpClient client;
    private final ConnectionProvider connections;
    private final reactor.netty.http.client.HttpClient votes;
    private final String baseUrl;
    private final java.util.concurrent.ExecutorService executor;

    HttpVotes(String baseUrl) {
        this.baseUrl = baseUrl;
        this.executor = Executors.newFixedThreadPool(4, daemon("http-votes"));
        this.client =
                HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(5))
                        .executor(executor)
                        .build();
        this.connections =
                ConnectionProvider.builder("single-votes")
                        .maxConnections(MAX_CONNECTIONS)
                        .pendingAcquireMaxCount(-1)
                        .build();
        this.votes =
                reactor.netty.http.client.HttpClient.create(connections)
                        .baseUrl(baseUrl)
                        .responseTimeout(Duration.ofSeconds(30))
                        .headers(
                                headers ->
                                        headers.set("Content-Type", "application/json")
                                                .set("X-API-Key", BenchEnvironment.API_KEY));
    }

    /** Creates a board through the API (201 or 200 when it exists with the same settings). */
    void createBoard(String board) {
        createBoard(board, "{\"board\":\"" + board + "\"}");
    }

    /** Creates a board with {@code shards} event partitions per bucket (default 8). */
    void createBoard(String board, int shards) {
        createBoard(board, "{\"board\":\"" + board + "\",\"shards\":" + shards + "}");
    }

    private void createBoard(String board, String json) {
        HttpRequest request = post("/boards", json);
        try {
            int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status != 201 && status != 200) {
                throw new IllegalStateException("creating board " + board + " answered " + status);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** One vote; yields 1 when it was answered 202, else 0. */
    CompletionStage<Integer> single(String board, long userIndex, SplittableRandom random) {
        VoteCastEvent vote = VoteMaker.vote(board, userIndex, Instant.now(), random);
        byte[] body = VoteMaker.json(vote).getBytes(StandardCharsets.UTF_8);
        return votes.headers(headers -> headers.set("Content-Length", body.length))
                .post()
                .uri("/boards/" + board + "/votes")
                .send(Mono.fromSupplier(() -> Unpooled.wrappedBuffer(body)))
                .responseSingle(
                        (response, content) ->
                                content.then(Mono.just(response.status().code() == 202 ? 1 : 0)))
                .toFuture();
    }

    /** A batch of votes for the given users; yields how many were stored (0 on any refusal). */
    CompletionStage<Integer> batch(String board, List<Long> userIndexes, SplittableRandom random) {
        Instant now = Instant.now();
        String votes =
                userIndexes.stream()
                        .map(u -> VoteMaker.json(VoteMaker.vote(board, u, now, random)))
                        .collect(Collectors.joining(",", "{\"votes\":[", "]}"));
        return client.sendAsync(
                        post("/boards/" + board + "/votes/batch", votes),
                        HttpResponse.BodyHandlers.ofString())
                .thenApply(
                        r ->
                                r.statusCode() == 200 && !r.body().contains("\"REFUSED\"")
                                        ? userIndexes.size()
                                        : 0);
    }

    static CompletionStage<Integer> failed(Throwable t) {
        return CompletableFuture.failedFuture(t);
    }

    private HttpRequest post(String path, String json) {
        return HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("X-API-Key", BenchEnvironment.API_KEY)
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build();
    }

    static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public void close() {
        executor.shutdownNow();
        connections.dispose();
    }
}
