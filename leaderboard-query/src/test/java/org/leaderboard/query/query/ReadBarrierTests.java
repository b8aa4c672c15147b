package org.leaderboard.query.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ReadBarrierTests {

    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final AtomicInteger started = new AtomicInteger();
    private final List<CountDownLatch> gates = new ArrayList<>();

    /** Read number n (from 1) returns n once its gate opens. */
    private final ReadBarrier<Integer> barrier =
            new ReadBarrier<>(
                    () -> {
                        int read = started.incrementAndGet();
                        pass(gate(read));
                        return read;
                    },
                    executor);

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void aCallerIsNeverAnsweredByAReadThatStartedBeforeItAsked() {
        CompletableFuture<Integer> first = barrier.next();
        await().until(() -> started.get() == 1);

        CompletableFuture<Integer> second = barrier.next();
        gate(1).countDown();

        assertThat(first.join()).isEqualTo(1);
        await().until(() -> started.get() == 2);
        gate(2).countDown();
        assertThat(second.join()).isEqualTo(2);
    }

    @Test
    void callersArrivingDuringOneReadShareTheNextRead() {
        barrier.next();
        await().until(() -> started.get() == 1);

        List<CompletableFuture<Integer>> waiting = new ArrayList<>();
        for (int caller = 0; caller < 50; caller++) {
            waiting.add(barrier.next());
        }
        gate(1).countDown();
        await().until(() -> started.get() == 2);
        gate(2).countDown();

        assertThat(waiting).allSatisfy(answer -> assertThat(answer.join()).isEqualTo(2));
        assertThat(started.get()).isEqualTo(2);
        assertThat(barrier.idle()).isTrue();
    }

    @Test
    void aFailedReadFailsItsCallersAndTheNextReadRunsAnyway() {
        ReadBarrier<Integer> failing =
                new ReadBarrier<>(
                        () -> {
                            if (started.incrementAndGet() == 1) {
                                throw new IllegalStateException("Cassandra unavailable");
                            }
                            return started.get();
                        },
                        executor);

        assertThat(failing.next()).failsWithin(5, TimeUnit.SECONDS);
        assertThat(failing.next().join()).isEqualTo(2);
    }

    /**
     * A strong query under more writes than the service reads: refused with a 503's exception after
     * its timeout, while its read goes on and serves a later caller; and while that read has run
     * longer than the timeout, a new caller is refused without waiting (the refusal says the read
     * under way has run too long, not that this caller waited).
     */
    @Test
    void callersAreRefusedPastTheTimeoutAndTheReadGoesOnForLaterOnes() {
        Duration timeout = Duration.ofMillis(200);
        Duration retryAfter = Duration.ofSeconds(1);

        assertThatThrownBy(() -> barrier.await(timeout, retryAfter))
                .isInstanceOf(ReadNotReadyException.class)
                .hasMessageContaining("no read-your-writes answer within query.strong.timeout");
        assertThatThrownBy(() -> barrier.await(timeout, retryAfter))
                .isInstanceOf(ReadNotReadyException.class)
                .hasMessageContaining("the read under way has run for")
                .satisfies(
                        e ->
                                assertThat(((ReadNotReadyException) e).retryAfter())
                                        .isEqualTo(retryAfter));
        assertThat(started.get()).isEqualTo(1);

        gate(1).countDown();
        await().until(barrier::idle);
        CompletableFuture<Integer> later =
                CompletableFuture.supplyAsync(
                        () -> barrier.await(Duration.ofSeconds(30), retryAfter), executor);
        await().until(() -> started.get() == 2);
        gate(2).countDown();

        assertThat(later.join()).isEqualTo(2);
    }

    private synchronized CountDownLatch gate(int read) {
        while (gates.size() < read) {
            gates.add(new CountDownLatch(1));
        }
        return gates.get(read - 1);
    }

    private static void pass(CountDownLatch gate) {
        try {
            gate.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
