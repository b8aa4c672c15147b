package org.leaderboard.writer.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class StoreCatchUpClockTests {

    private static final Instant OWN = Instant.parse("2026-11-25T12:00:00Z");

    private final AtomicLong nanos = new AtomicLong();
    private final AtomicReference<Instant> store = new AtomicReference<>();

    /** Readings of the store so far. */
    private final AtomicLong readings = new AtomicLong();

    /** The round trip of the first reading of the store, in ms; the others take 2 ms. */
    private final AtomicLong firstRoundTripMillis = new AtomicLong(2);

    /** Whether the first reading of the store fails. */
    private final AtomicBoolean firstFails = new AtomicBoolean();

    private StoreCatchUpClock clock() {
        return new StoreCatchUpClock(
                Clock.fixed(OWN, ZoneOffset.UTC),
                () -> {
                    boolean first = readings.getAndIncrement() == 0;
                    Instant now = store.get();
                    if (now == null || (first && firstFails.get())) {
                        throw new IllegalStateException("no node available");
                    }
                    long roundTrip = first ? firstRoundTripMillis.get() : 2;
                    nanos.addAndGet(Duration.ofMillis(roundTrip).toNanos());
                    return now;
                },
                nanos::get);
    }

    @Test
    void aClockBehindTheStoreCatchesUpByTheDifferenceAndTheRoundTrip() {
        store.set(OWN.plus(Duration.ofMinutes(10)));
        StoreCatchUpClock clock = clock();

        assertThat(clock.measure()).isTrue();

        Duration expected = Duration.ofMinutes(10).plusMillis(3);
        assertThat(clock.instant()).isEqualTo(OWN.plus(expected));
        assertThat(clock.behind()).isEqualTo(expected);
    }

    @Test
    void aClockLessThanADeadbandBehindOrAheadOfTheStoreIsUsedAsItIs() {
        StoreCatchUpClock clock = clock();

        // 10 ms behind, 13 ms with the reading's millisecond and round trip: inside the 20 ms.
        store.set(OWN.plusMillis(10));
        clock.measure();
        assertThat(clock.instant()).isEqualTo(OWN);

        store.set(OWN.minusSeconds(30));
        clock.measure();
        assertThat(clock.instant()).isEqualTo(OWN);
        assertThat(clock.behind()).isNegative();
    }

    @Test
    void aClockAFewTensOfMillisecondsBehindCatchesUp() {
        // The query services' held lag counts on writers never more than 20 ms behind.
        StoreCatchUpClock clock = clock();
        store.set(OWN.plusMillis(30));

        clock.measure();

        assertThat(clock.instant()).isEqualTo(OWN.plusMillis(33));
    }

    @Test
    void aReadingSlowedByAPauseIsNotTakenForAClockBehind() {
        // Clocks in sync; the first of the readings takes 50 ms, the others 2 ms.
        store.set(OWN);
        firstRoundTripMillis.set(50);
        StoreCatchUpClock clock = clock();

        clock.measure();

        assertThat(readings.get()).isEqualTo(StoreCatchUpClock.READINGS);
        assertThat(clock.behind()).isEqualTo(Duration.ofMillis(3));
        assertThat(clock.instant()).isEqualTo(OWN);
    }

    @Test
    void oneFailedReadingOfThreeLeavesTheOthers() {
        store.set(OWN.plusSeconds(5));
        firstFails.set(true);
        StoreCatchUpClock clock = clock();

        assertThat(clock.measure()).isTrue();

        assertThat(clock.instant()).isEqualTo(OWN.plusSeconds(5).plusMillis(3));
    }

    @Test
    void aFailedReadingKeepsTheLastDifference() {
        StoreCatchUpClock clock = clock();
        store.set(OWN.plusSeconds(5));
        clock.measure();

        store.set(null);
        assertThat(clock.measure()).isFalse();

        assertThat(clock.instant()).isEqualTo(OWN.plusSeconds(5).plusMillis(3));
    }
}
