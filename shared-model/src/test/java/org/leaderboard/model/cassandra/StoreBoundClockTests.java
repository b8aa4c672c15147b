package org.leaderboard.model.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class StoreBoundClockTests {

    private static final Instant STORE = Instant.parse("2026-11-25T12:00:00Z");

    private final AtomicLong nanos = new AtomicLong(1_000);
    private final AtomicReference<Instant> store = new AtomicReference<>(STORE);
    private final AtomicInteger reads = new AtomicInteger();

    private StoreBoundClock clock(Instant own) {
        return new StoreBoundClock(
                Clock.fixed(own, ZoneOffset.UTC),
                () -> {
                    reads.incrementAndGet();
                    Instant now = store.get();
                    if (now == null) {
                        throw new IllegalStateException("no node available");
                    }
                    return now;
                },
                nanos::get,
                "tests");
    }

    @Test
    void aClockAheadOfTheStoreGivesTheStoresTimeCarriedForward() {
        StoreBoundClock clock = clock(STORE.plus(Duration.ofMinutes(10)));

        assertThat(clock.instant()).isEqualTo(STORE);
        nanos.addAndGet(Duration.ofSeconds(3).toNanos());
        assertThat(clock.instant()).isEqualTo(STORE.plusSeconds(3));
        assertThat(clock.ahead()).isEqualTo(Duration.ofMinutes(10).minusSeconds(3));
        assertThat(reads).hasValue(1);
    }

    @Test
    void aClockBehindTheStoreIsUsedAsItIs() {
        Instant behind = STORE.minusSeconds(2);
        StoreBoundClock clock = clock(behind);

        assertThat(clock.instant()).isEqualTo(behind);
        assertThat(clock.ahead()).isEqualTo(Duration.ofSeconds(-2));
    }

    @Test
    void theStoreIsReadAgainEveryTenSecondsAndAFailedReadCarriesTheLastOneForward() {
        StoreBoundClock clock = clock(STORE.plus(Duration.ofHours(1)));
        clock.instant();

        nanos.addAndGet(Duration.ofSeconds(11).toNanos());
        store.set(STORE.plusSeconds(20));
        assertThat(clock.instant()).isEqualTo(STORE.plusSeconds(20));
        assertThat(reads).hasValue(2);

        nanos.addAndGet(Duration.ofSeconds(11).toNanos());
        store.set(null);
        assertThat(clock.instant()).isEqualTo(STORE.plusSeconds(31));
        assertThat(reads).hasValue(3);
    }

    @Test
    void aFailedReadIsTriedAgainEverySecondNotAtEveryCall() {
        StoreBoundClock clock = clock(STORE.plus(Duration.ofHours(1)));
        clock.instant();
        nanos.addAndGet(Duration.ofSeconds(11).toNanos());
        store.set(null);
        clock.instant();
        assertThat(reads).hasValue(2);

        // Many calls within the next second (a busy service): none waits on the store.
        for (int i = 0; i < 100; i++) {
            nanos.addAndGet(Duration.ofMillis(9).toNanos());
            assertThat(clock.instant()).isEqualTo(STORE.plusSeconds(11).plusMillis(9L * (i + 1)));
        }
        assertThat(reads).hasValue(2);

        nanos.addAndGet(Duration.ofMillis(100).toNanos());
        store.set(STORE.plusSeconds(40));
        assertThat(clock.instant()).isEqualTo(STORE.plusSeconds(40));
        assertThat(reads).hasValue(3);
        nanos.addAndGet(Duration.ofSeconds(5).toNanos());
        clock.instant();
        assertThat(reads).as("read every ten seconds again").hasValue(3);
    }

    @Test
    void withoutAnyReadingOfTheStoreThereIsNoTime() {
        store.set(null);
        StoreBoundClock clock = clock(STORE);

        assertThatThrownBy(clock::instant)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Cassandra's clock cannot be read yet");
    }
}
