package org.leaderboard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

class ClosedLoopTests {

    @Test
    void interleavedLoadsTogetherSpanWholePeriods() {
        Duration minute = Duration.ofMinutes(1);
        // Six rows of 10 s: one minute in all, as asked.
        assertThat(ClosedLoop.eachOverWholePeriods(Duration.ofSeconds(10), 6, minute))
                .isEqualTo(Duration.ofSeconds(10));
        // Six rows of 15 s would end half-way into the second minute: 20 s each, two minutes.
        assertThat(ClosedLoop.eachOverWholePeriods(Duration.ofSeconds(15), 6, minute))
                .isEqualTo(Duration.ofSeconds(20));
        // Four rows of 5 s: lengthened to a quarter of the minute each.
        assertThat(ClosedLoop.eachOverWholePeriods(Duration.ofSeconds(5), 4, minute))
                .isEqualTo(Duration.ofSeconds(15));
    }

    @Test
    void interleavedLoadsTakeTurnsAcrossTheWholeSpan() {
        List<Integer> calls = Collections.synchronizedList(new ArrayList<>());
        List<Measurement> measured =
                ClosedLoop.interleaved(
                        List.of(
                                new ClosedLoop.Load(1, recording(calls, 0)),
                                new ClosedLoop.Load(2, recording(calls, 1))),
                        Duration.ofMillis(400),
                        Duration.ofMillis(50),
                        1);

        // Several turns each (eight unless a turn overran its slice a lot), one load after the
        // other: run one after the other instead, the calls would switch loads once.
        int switches = 0;
        for (int i = 1; i < calls.size(); i++) {
            switches += calls.get(i).equals(calls.get(i - 1)) ? 0 : 1;
        }
        assertThat(switches).isGreaterThanOrEqualTo(3);
        assertThat(measured).hasSize(2);
        long first = calls.stream().filter(load -> load == 0).count();
        long second = calls.stream().filter(load -> load == 1).count();
        assertThat(measured.get(0).requests()).isEqualTo(first);
        assertThat(measured.get(1).requests()).isEqualTo(second);
        assertThat(measured.get(0).seconds()).isGreaterThanOrEqualTo(0.4);
        assertThat(measured.get(1).errors()).isZero();
    }

    @Test
    void aLoadShortOfItsMinimumRunsOnUntilItHasIt() {
        List<Integer> calls = Collections.synchronizedList(new ArrayList<>());
        Callable<Boolean> slow = recording(calls, 0, 30);

        List<Measurement> measured =
                ClosedLoop.interleaved(
                        List.of(new ClosedLoop.Load(1, slow)),
                        Duration.ofMillis(20),
                        Duration.ofMillis(10),
                        5);

        assertThat(measured.get(0).requests()).isGreaterThanOrEqualTo(5);
        assertThat(calls).hasSizeGreaterThanOrEqualTo(5);
    }

    @Test
    void aTurnThatOutlastsItsSliceCountsWhole() {
        List<Integer> calls = Collections.synchronizedList(new ArrayList<>());
        Callable<Boolean> slow = recording(calls, 0, 150);

        ClosedLoop.interleaved(
                List.of(new ClosedLoop.Load(1, slow)),
                Duration.ofMillis(200),
                Duration.ofMillis(50),
                1);

        // Two turns of at least 150 ms use up its 200 ms: not four turns of a nominal 50 ms.
        assertThat(calls).hasSizeLessThanOrEqualTo(2);
    }

    private static Callable<Boolean> recording(List<Integer> calls, int load) {
        return recording(calls, load, 2);
    }

    /** A call that notes its load in {@code calls}, then takes {@code millis}. */
    private static Callable<Boolean> recording(List<Integer> calls, int load, long millis) {
        return () -> {
            calls.add(load);
            Thread.sleep(millis);
            return true;
        };
    }
}
