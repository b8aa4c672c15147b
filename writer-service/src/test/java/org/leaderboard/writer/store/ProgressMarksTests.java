package org.leaderboard.writer.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.cassandra.WriterProgress;
import org.leaderboard.model.time.TimeUuids;

/**
 * The bookkeeping of a writer's progress mark, ticked by hand on a stopped clock against a store
 * that answers at once (or fails): the mark never passes an event whose write it waits for, never
 * goes back, and a writer whose row may have expired marks every event until it has registered
 * again. {@code ProgressMarksIntegrationTests} run it against Cassandra.
 */
class ProgressMarksTests {

    private static final Instant START = Instant.parse("2026-11-29T10:00:00Z");

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final FakeStore store = new FakeStore();
    private Instant now = START;
    private final Clock clock =
            new Clock() {
                @Override
                public Instant instant() {
                    return now;
                }

                @Override
                public java.time.ZoneId getZone() {
                    return ZoneOffset.UTC;
                }

                @Override
                public Clock withZone(java.time.ZoneId zone) {
                    return this;
                }
            };

    private final ProgressMarks marks =
            new ProgressMarks(
                    store,
                    clock,
                    nanos::get,
                    Duration.ofMillis(10),
                    Duration.ofMillis(50),
                    Duration.ofSeconds(10),
                    Duration.ofSeconds(1));

    @Test
    void theMarkWaitsForAWriteUntilItIsDoneAndForLateAfterAtMost() {
        register();
        UUID slow = TimeUuids.voteIdAt(now);
        marks.writing(slow);

        pass(Duration.ofMillis(30));
        assertThat(marks.mark()).isEqualTo(TimeUuids.timeOf(slow));
        assertThat(marks.mustMark(slow)).isFalse();

        pass(Duration.ofMillis(30));
        assertThat(marks.mark())
                .as("past late-after the write is no longer waited for: it is late anyway")
                .isEqualTo(now.minusMillis(10));
        assertThat(marks.mustMark(slow)).isTrue();
    }

    @Test
    void aDoneWriteLetsTheMarkMoveToLagBehindNow() {
        register();
        UUID event = TimeUuids.voteIdAt(now);
        marks.writing(event);
        pass(Duration.ofMillis(5));
        assertThat(marks.mustMark(event)).isFalse();
        marks.done(event);

        pass(Duration.ofMillis(30));

        assertThat(marks.mark()).isEqualTo(now.minusMillis(10));
        assertThat(store.lastMark()).isEqualTo(now.minusMillis(10));
    }

    @Test
    void theMarkNeverGoesBackWhenTheClockDoes() {
        register();
        pass(Duration.ofMillis(100));
        Instant mark = marks.mark();

        now = now.minusSeconds(1);
        marks.tick();

        assertThat(marks.mark()).isEqualTo(mark);
        assertThat(marks.mustMark(TimeUuids.voteIdAt(now))).isTrue();
    }

    @Test
    void aWriterThatCannotRewriteItsRowMarksEverythingUntilItHasRegisteredAgain() {
        register();
        UUID onTime = TimeUuids.voteIdAt(now);
        assertThat(marks.mustMark(onTime)).isFalse();

        store.failing = true;
        pass(Duration.ofSeconds(6));
        assertThat(marks.mustMark(TimeUuids.voteIdAt(now))).isFalse();
        pass(Duration.ofMillis(1_100));
        assertThat(marks.registered()).isFalse();
        assertThat(marks.mustMark(TimeUuids.voteIdAt(now))).isTrue();

        store.failing = false;
        pass(Duration.ofMillis(500));
        assertThat(marks.mustMark(TimeUuids.voteIdAt(now)))
                .as("stored again, not registered before the wait")
                .isTrue();
        pass(Duration.ofMillis(600));
        assertThat(marks.registered()).isTrue();
        assertThat(marks.mustMark(TimeUuids.voteIdAt(now))).isFalse();
    }

    @Test
    void aNewWriterMarksWhatItStampsBelowTheOthersHighestMark() {
        store.others.add(new WriterProgress(UUID.randomUUID(), START.plusSeconds(5), null));
        register();

        assertThat(marks.mustMark(TimeUuids.voteIdAt(now))).isTrue();
        now = START.plusSeconds(5);
        assertThat(marks.mustMark(TimeUuids.voteIdAt(now))).isFalse();
    }

    @Test
    void writesEndingOnOtherThreadsWhileItTicksNeverFailATick() throws InterruptedException {
        register();
        UUID event = TimeUuids.voteIdAt(now);
        AtomicBoolean racing = new AtomicBoolean(true);
        Thread writes =
                new Thread(
                        () -> {
                            while (racing.get()) {
                                marks.writing(event);
                                marks.done(event);
                            }
                        });
        writes.start();
        try {
            // A tick that found a write in flight and then an empty set threw, and moved nothing.
            for (int tick = 0; tick < 200_000; tick++) {
                marks.tick();
            }
        } finally {
            racing.set(false);
            writes.join();
        }
        marks.tick();
        assertThat(marks.mark()).isEqualTo(now.minusMillis(10));
    }

    private void register() {
        marks.followByHand();
        assertThat(marks.mustMark(TimeUuids.voteIdAt(now))).isTrue();
        pass(Duration.ofMillis(1_100));
        assertThat(marks.registered()).isTrue();
    }

    /** Lets {@code time} pass in ticks of 5 ms. */
    private void pass(Duration time) {
        for (long t = 0; t < time.toMillis(); t += 5) {
            now = now.plusMillis(5);
            nanos.addAndGet(5_000_000L);
            marks.tick();
        }
    }

    private final class FakeStore implements ProgressMarks.Store {
        final List<WriterProgress> others = new ArrayList<>();
        boolean failing;
        private UUID writer;
        private Instant stored;

        @Override
        public CompletionStage<Void> publish(
                UUID writer, Instant lowMark, String feed, long micros, int ttl) {
            if (failing) {
                return CompletableFuture.failedFuture(new IllegalStateException("store down"));
            }
            this.writer = writer;
            this.stored = lowMark;
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<List<WriterProgress>> readAll() {
            List<WriterProgress> all = new ArrayList<>(others);
            if (writer != null) {
                all.add(new WriterProgress(writer, stored, null));
            }
            return CompletableFuture.completedFuture(all);
        }

        Instant lastMark() {
            return stored;
        }
    }
}
