package org.leaderboard.faults;

import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.leaderboard.testsupport.HttpJson;
import org.leaderboard.testsupport.Oracle;
import org.leaderboard.testsupport.Oracle.Vote;

/**
 * A careful production client: on a timeout, a connection error or a 5xx it sends the same vote
 * (same voteId) again, to the next writer in its list, after an exponential backoff with jitter,
 * until a writer answers. A 202 (RECORDED or ALREADY_RECORDED) is an acknowledgement and goes into
 * the {@link Oracle}; a 4xx is a refusal and is not retried. Every attempt is recorded with its
 * start time, so a test can compute the error rate of any period (such as an outage).
 */
final class RetryingClient {

    enum Result {
        ACKNOWLEDGED,
        REFUSED,
        FAILED
    }

    record Attempt(Instant at, Result result) {}

    private static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(8);
    private static final Duration GIVE_UP_AFTER = Duration.ofMinutes(2);

    private final List<String> writers;
    private final Oracle oracle;
    private final Queue<Attempt> attempts = new ConcurrentLinkedQueue<>();
    private final Queue<String> refusals = new ConcurrentLinkedQueue<>();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong inFlight = new AtomicLong();
    private final AtomicLong gaveUp = new AtomicLong();

    RetryingClient(List<String> writerUrls, Oracle oracle) {
        this.writers = List.copyOf(writerUrls);
        this.oracle = oracle;
    }

    /** Sends {@code vote}, first to writer {@code preferred} (modulo the list), until answered. */
    CompletableFuture<Result> cast(Vote vote, int preferred) {
        sent.incrementAndGet();
        inFlight.incrementAndGet();
        return attempt(vote, preferred, 1, Instant.now())
                .whenComplete((result, error) -> inFlight.decrementAndGet());
    }

    private CompletableFuture<Result> attempt(Vote vote, int writer, int number, Instant first) {
        String url = writers.get(writer % writers.size()) + "/boards/" + vote.board() + "/votes";
        Instant at = Instant.now();
        return Faults.HTTP
                .client()
                .sendAsync(
                        Faults.HTTP.postRequest(url, vote.body(), ATTEMPT_TIMEOUT),
                        HttpResponse.BodyHandlers.ofString())
                .handle((response, error) -> classify(vote, response))
                .thenCompose(
                        result -> {
                            attempts.add(new Attempt(at, result));
                            if (result != Result.FAILED) {
                                return CompletableFuture.completedFuture(result);
                            }
                            if (Instant.now().isAfter(first.plus(GIVE_UP_AFTER))) {
                                gaveUp.incrementAndGet();
                                return CompletableFuture.completedFuture(result);
                            }
                            return CompletableFuture.supplyAsync(
                                            () -> null,
                                            CompletableFuture.delayedExecutor(
                                                    backoffMillis(number), TimeUnit.MILLISECONDS))
                                    .thenCompose(x -> attempt(vote, writer + 1, number + 1, first));
                        });
    }

    private Result classify(Vote vote, HttpResponse<String> response) {
        if (response == null || response.statusCode() >= 500) {
            return Result.FAILED; // timeout, connection refused or reset, or a server error
        }
        HttpJson.Answer answer = HttpJson.answer(response);
        if (answer.status() == 202) {
            String status = answer.body().path("status").asText();
            if (!status.equals("RECORDED") && !status.equals("ALREADY_RECORDED")) {
                throw new IllegalStateException("202 without a recorded status: " + answer.body());
            }
            oracle.accept(vote);
            return Result.ACKNOWLEDGED;
        }
        refusals.add(answer.status() + " " + answer.body());
        return Result.REFUSED;
    }

    /** 50 ms doubling up to 2 s, with full jitter so retries of an outage do not arrive at once. */
    private static long backoffMillis(int attempt) {
        long cap = Math.min(2000, 50L << Math.min(attempt, 6));
        return ThreadLocalRandom.current().nextLong(cap / 2, cap + 1);
    }

    /** Waits until {@code more} votes have been acknowledged than so far (at 20/s at least). */
    void awaitAcknowledged(long more) {
        long target = attempts(Result.ACKNOWLEDGED) + more;
        await().atMost(Duration.ofMinutes(2).plusSeconds(more / 20))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> attempts(Result.ACKNOWLEDGED) >= target);
    }

    long sent() {
        return sent.get();
    }

    long inFlight() {
        return inFlight.get();
    }

    long gaveUp() {
        return gaveUp.get();
    }

    List<String> refusals() {
        return List.copyOf(refusals);
    }

    long attempts(Result result) {
        return attempts.stream().filter(a -> a.result() == result).count();
    }

    long attempts() {
        return attempts.size();
    }

    /** Failed attempts among those started in [from, to), with the number of attempts. */
    long[] failedBetween(Instant from, Instant to) {
        long all = 0;
        long failed = 0;
        for (Attempt attempt : attempts) {
            if (!attempt.at().isBefore(from) && attempt.at().isBefore(to)) {
                all++;
                failed += attempt.result() == Result.FAILED ? 1 : 0;
            }
        }
        return new long[] {failed, all};
    }
}
