package org.leaderboard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FigureTests {

    private static final Measurement SOME = new Measurement(1000, 1.0, 10, 0, 2.0, 9.0);

    @Test
    void aRatioAtOrAboveAnAtLeastTargetPasses() {
        Figure met =
                Figure.compared(
                        "1",
                        "batch",
                        "votes/s",
                        SOME,
                        15_000,
                        "raw",
                        30_000,
                        Target.atLeast(0.5),
                        null);
        Figure missed =
                Figure.compared(
                        "1",
                        "batch",
                        "votes/s",
                        SOME,
                        14_999,
                        "raw",
                        30_000,
                        Target.atLeast(0.5),
                        null);

        assertThat(met.ratio()).isEqualTo(0.5);
        assertThat(met.verdict()).isEqualTo("PASS");
        assertThat(met.target()).isEqualTo(">= 0.5x");
        assertThat(missed.verdict()).isEqualTo("MISS");
        assertThat(met.p50Millis()).isEqualTo(2.0);
        assertThat(met.p99Millis()).isEqualTo(9.0);
    }

    @Test
    void anAtMostTargetPassesAtOrBelowItsBound() {
        assertThat(
                        Figure.compared(
                                        "3",
                                        "pass",
                                        "ms",
                                        null,
                                        120,
                                        "little",
                                        100,
                                        Target.atMost(1.2),
                                        null)
                                .verdict())
                .isEqualTo("PASS");
        assertThat(
                        Figure.compared(
                                        "3",
                                        "pass",
                                        "ms",
                                        null,
                                        121,
                                        "little",
                                        100,
                                        Target.atMost(1.2),
                                        null)
                                .verdict())
                .isEqualTo("MISS");
    }

    @Test
    void aZeroBaselineIsAMissNotADivisionByZero() {
        Figure f =
                Figure.compared("1", "x", "votes/s", SOME, 10, "raw", 0, Target.atLeast(0.5), null);

        assertThat(f.ratio()).isNull();
        assertThat(f.verdict()).isEqualTo("MISS");
    }

    @Test
    void figuresWithoutTargetOrValueSaySo() {
        assertThat(Figure.plain("1", "raw", "votes/s", SOME, 1000, null).verdict()).isEqualTo("-");
        Figure na = Figure.notAvailable("4", "eventual", "p50 ms", Target.atMost(5), "why");
        assertThat(na.value()).isNull();
        assertThat(na.verdict()).isEqualTo(Figure.NOT_AVAILABLE);
        assertThat(na.note()).isEqualTo("why");
    }
}
