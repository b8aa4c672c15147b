package org.leaderboard.system;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.Oracle;
import org.leaderboard.testsupport.Oracle.Vote;

/**
 * Clients that offer single votes without think time: {@code connections} requests in flight at all
 * times (one HTTP/1.1 connection each), every vote with a client voteId stamped when sent. Records
 * what each answer means for the oracle: a 202 is accepted, a 503 answered "Writer overloaded"
 * stored nothing; any other answer, and any vote whose answer never came (connection reset,
 * refused), is kept for the test to resolve or to fail on.
 */
final class SingleVoteLoad implements AutoCloseable {

    record Outcome(Vote vote, int status, String retryAfter, String detail) {}

    private final String writerUrl;
    private final String board;
    private final int connections;
    private final Oracle oracle;
    private final ExecutorService executor = Executors.newFixedThreadPool(2);
    private final HttpClient client;
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicLong sent = new AtomicLong();
    final AtomicLong accepted = new AtomicLong();
    final AtomicLong overloaded = new AtomicLong();
    final Queue<Outcome> otherAnswers = new ConcurrentLinkedQueue<>();
    final Queue<Outcome> overloadedWithoutRetryAfter = new ConcurrentLinkedQueue<>();
    final Map<Vote, String> noAnswer = new ConcurrentHashMap<>();

    SingleVoteLoad(String writerUrl, String board, int connections, Oracle oracle) {
        this.writerUrl = writerUrl;
        this.board = board;
        this.connections = connections;
        this.oracle = oracle;
        this.client =
                HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(10))
                        .executor(executor)
                        .build();
    }

    /** Runs until {@code until}, then waits for every answer; each connection is a closed loop. */
    void runUntil(Instant until) {
        List<CompletableFuture<Void>> loops =
                java.util.stream.IntStream.range(0, connections)
                        .mapToObj(c -> loop(c, until))
                        .toList();
        CompletableFuture.allOf(loops.toArray(CompletableFuture[]::new)).join();
    }

    /** Makes every loop stop after its current request. */
    void stop() {
        stopping.set(true);
    }

    long sent() {
        return sent.get();
    }

    private CompletableFuture<Void> loop(int connection, Instant until) {
        if (stopping.get() || Instant.now().isAfter(until)) {
            return CompletableFuture.completedFuture(null);
        }
        long n = sent.incrementAndGet();
        Vote vote =
                new Vote(
                        TimeUuids.voteIdAt(Instant.now()),
                        board,
                        "user-" + n % 50,
                        "voter-" + n,
                        1 + (int) (n % 3));
        return client.sendAsync(request(vote), HttpResponse.BodyHandlers.ofString())
                .handle(
                        (response, failure) -> {
                            record(vote, response, failure);
                            return failure == null;
                        })
                // A client whose connection failed (reset, refused) stops, as it would back off.
                .thenCompose(
                        answered ->
                                answered
                                        ? loop(connection, until)
                                        : CompletableFuture.completedFuture(null));
    }

    private HttpRequest request(Vote vote) {
        String json =
                String.format(
                        "{\"voteId\":\"%s\",\"user\":\"%s\",\"voter\":\"%s\",\"votes\":%d}",
                        vote.voteId(), vote.user(), vote.voter(), vote.votes());
        return HttpRequest.newBuilder(URI.create(writerUrl + "/boards/" + board + "/votes"))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("X-API-Key", RunningSystem.ADMIN_KEY)
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build();
    }

    private void record(Vote vote, HttpResponse<String> response, Throwable failure) {
        if (failure != null) {
            noAnswer.put(
                    vote,
                    String.valueOf(failure.getCause() != null ? failure.getCause() : failure));
            return;
        }
        String retryAfter = response.headers().firstValue("Retry-After").orElse(null);
        if (response.statusCode() == 202) {
            accepted.incrementAndGet();
            oracle.accept(vote);
        } else if (response.statusCode() == 503 && response.body().contains("Writer overloaded")) {
            overloaded.incrementAndGet();
            if (retryAfter == null) {
                overloadedWithoutRetryAfter.add(new Outcome(vote, 503, null, response.body()));
            }
        } else {
            otherAnswers.add(new Outcome(vote, response.statusCode(), retryAfter, response.body()));
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
