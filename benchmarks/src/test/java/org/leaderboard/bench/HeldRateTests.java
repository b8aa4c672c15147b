package org.leaderboard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeldRateTests {

    /** A machine that holds every rate up to {@code limit}: served strong reads, writes kept up. */
    private static HeldRate.Probe machine(int rate, int limit) {
        boolean holds = rate <= limit;
        return new HeldRate.Probe(
                rate,
                holds ? rate : limit,
                new Measurement(100, 10, 100, holds ? 0 : 3, 2.0, holds ? 20.0 : 30_000.0));
    }

    @Test
    void goesUpByAQuarterThenOnceBetweenTheLastHeldAndTheFirstNot() {
        HeldRate.Search search = HeldRate.search(5_000, 10, rate -> machine(rate, 7_200));

        assertThat(search.probes())
                .extracting(HeldRate.Probe::rate)
                .containsExactly(5_000, 6_250, 7_800, 7_000);
        assertThat(search.held()).isEqualTo(7_000);
        assertThat(search.notHeld()).isEqualTo(7_800);
    }

    @Test
    void goesDownByAFifthWhenTheStartIsNotHeld() {
        HeldRate.Search search = HeldRate.search(5_000, 10, rate -> machine(rate, 2_700));

        assertThat(search.probes())
                .extracting(HeldRate.Probe::rate)
                .containsExactly(5_000, 4_000, 3_200, 2_550, 2_850);
        assertThat(search.held()).isEqualTo(2_550);
        assertThat(search.notHeld()).isEqualTo(2_850);
    }

    @Test
    void stopsAtTheProbesAllowedWithWhatItFoundSoFar() {
        HeldRate.Search search = HeldRate.search(5_000, 2, rate -> machine(rate, 100_000));

        assertThat(search.probes()).hasSize(2);
        assertThat(search.held()).isEqualTo(6_250);
        assertThat(search.notHeld()).isZero();
    }

    @Test
    void aRateIsHeldOnlyWithTheWritesKeptUpAndEveryStrongReadServedWithinASecond() {
        Measurement served = new Measurement(50, 10, 50, 0, 3.0, 40.0);
        assertThat(new HeldRate.Probe(5_000, 4_900, served).held()).isTrue();
        assertThat(new HeldRate.Probe(5_000, 4_800, served).held()).isFalse();
        assertThat(
                        new HeldRate.Probe(5_000, 5_000, new Measurement(50, 10, 50, 1, 3.0, 40.0))
                                .held())
                .isFalse();
        assertThat(
                        new HeldRate.Probe(
                                        5_000, 5_000, new Measurement(50, 10, 50, 0, 3.0, 1_500.0))
                                .held())
                .isFalse();
        assertThat(new HeldRate.Probe(5_000, 5_000, new Measurement(0, 60, 0, 0, 0, 0)).held())
                .isFalse();
        assertThat(new HeldRate.Probe(5_000, 4_900, served).toString())
                .startsWith("5000 votes/s: 4900 achieved")
                .endsWith(": held");
        assertThat(new HeldRate.Probe(5_000, 4_800, served).toString()).endsWith(": not held");
    }
}
