package org.leaderboard.query.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ReadBarrierTests {

    private static final Duration LONG = Duration.ofSeconds(30);

    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final AtomicInteger started = new AtomicInteger();
    private final List<CountDownLatch> gates = new ArrayList<>();
    private final Set<Integer> failing = ConcurrentHashMap.newKeySet();

    /** Read number n (from 1) returns n once its gate opens, or fails then if it is failing. */
    private final ReadBarrier<Integer> barrier =
            new ReadBarrier<>(
                    () -> {
                        int read = started.incrementAndGet();
                        pass(gate(read));
                        if (failing.contains(read)) {
                            throw new IllegalStateException("Cassandra timed out");
                        }
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
        firstReadDone();

        assertThatThrownBy(() -> barrier.await(timeout, LONG, retryAfter))
                .isInstanceOf(ReadNotReadyException.class)
                .hasMessageContaining("no read-your-writes answer within query.strong.timeout");
        assertThatThrownBy(() -> barrier.await(timeout, LONG, retryAfter))
                .isInstanceOf(ReadNotReadyException.class)
                .hasMessageContaining("the read under way has run for")
                .satisfies(
                        e ->
                                assertThat(((ReadNotReadyException) e).retryAfter())
                                        .isEqualTo(retryAfter));
        assertThat(started.get()).isEqualTo(2);

        assertNextCallerAnsweredOnceReleased(2, LONG, retryAfter);
    }

    /**
     * A board's first read loads its snapshot, which takes seconds on a large board: its callers
     * wait up to the first read's timeout, not the steady one (a caller held past the steady
     * timeout still gets the first read's answer).
     */
    @Test
    void theFirstReadIsWaitedForUpToTheFirstReadTimeout() throws InterruptedException {
        CompletableFuture<Integer> first =
                CompletableFuture.supplyAsync(
                        () -> barrier.await(Duration.ofMillis(1), LONG, Duration.ofSeconds(1)),
                        executor);
        await().until(() -> started.get() == 1);
        Thread.sleep(50);
        gate(1).countDown();

        assertThat(first.join()).isEqualTo(1);
    }

    /**
     * Past the write rate the service reads, every read takes longer than the last: a caller whose
     * wait the last read foretells to be longer than the timeout is refused at once, without
     * waiting for a read (it is refused while the read its refusal started is still held), and that
     * read goes on, so that once reads are quick again the next caller is answered.
     */
    @Test
    void aCallerIsRefusedAtOnceWhenTheLastReadForetellsALongerWaitUntilReadsAreQuickAgain()
            throws InterruptedException {
        Duration timeout = Duration.ofSeconds(2);
        Duration retryAfter = Duration.ofSeconds(3);
        firstReadDone();
        CompletableFuture<Integer> slow = barrier.next();
        await().until(() -> started.get() == 2);
        Thread.sleep(timeout.toMillis() + 100);
        gate(2).countDown();
        assertThat(slow.join()).isEqualTo(2);

        assertThatThrownBy(() -> barrier.await(timeout, LONG, retryAfter))
                .isInstanceOf(ReadNotReadyException.class)
                .hasMessageStartingWith("the board's reads are behind: the last took")
                .hasMessageContaining("would wait longer than query.strong.timeout (2 s)")
                .satisfies(
                        e ->
                                assertThat(((ReadNotReadyException) e).retryAfter())
                                        .isEqualTo(retryAfter));
        // The refusal starts its read on the executor: it may begin just after the refusal.
        await().until(() -> started.get() == 3);
        assertThat(barrier.idle()).as("the read the refusal started, still held").isFalse();

        assertNextCallerAnsweredOnceReleased(3, timeout, retryAfter);
    }

    /**
     * A read that failed after a long time (the store timing out, a node cut off) foretells nothing
     * of the rows the next read takes in: the caller after it is answered by the next read, not
     * refused at once.
     */
    @Test
    void aSlowFailedReadForetellsNothing() throws InterruptedException {
        Duration timeout = Duration.ofSeconds(2);
        firstReadDone();
        failing.add(2);
        CompletableFuture<Integer> failed = barrier.next();
        await().until(() -> started.get() == 2);
        Thread.sleep(timeout.toMillis() + 100);

        assertNextCallerAnsweredOnceReleased(2, timeout, Duration.ofSeconds(3));
        assertThat(failed).isCompletedExceptionally();
    }

    /**
     * Once the held read {@code held} is let go and done, a caller waiting up to {@code timeout} is
     * answered by the read after it.
     */
    private void assertNextCallerAnsweredOnceReleased(
            int held, Duration timeout, Duration retryAfter) {
        gate(held).countDown();
        await().until(barrier::idle);
        CompletableFuture<Integer> later =
                CompletableFuture.supplyAsync(
                        () -> barrier.await(timeout, LONG, retryAfter), executor);
        await().until(() -> started.get() == held + 1);
        gate(held + 1).countDown();
        assertThat(later.join()).isEqualTo(held + 1);
    }

    /** The barrier's first read (a board's first load), done at once. */
    private void firstReadDone() {
        gate(1).countDown();
        assertThat(barrier.next().join()).isEqualTo(1);
        await().until(barrier::idle);
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
