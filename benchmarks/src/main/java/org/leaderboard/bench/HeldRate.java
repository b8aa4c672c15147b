package org.leaderboard.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Scenario 6's search for the highest write rate the machine holds: steady writes at a rate, and
 * read-your-writes queries still served while they run. Rates go up from the start by a quarter
 * while each holds (down by a fifth while none has), then one probe between the highest rate that
 * held and the lowest that did not narrows the answer to about an eighth.
 */
final class HeldRate {

    /** Each step up multiplies the rate by this. */
    static final double STEP = 1.25;

    /**
     * The search ends once the lowest rate not held is at most this multiple of the highest held.
     */
    static final double NARROW = Math.sqrt(STEP) * 1.01;

    /** Probed rates are rounded to this many votes/s. */
    static final int ROUND_TO = 50;

    /** The writes must reach this share of the rate asked. */
    static final double ACHIEVED_AT_LEAST = 0.97;

    /** Read-your-writes top-100 answers at the rate: none refused, and 99% within this. */
    static final double STRONG_P99_AT_MOST_MILLIS = 1_000;

    private HeldRate() {}

    /**
     * What a probe saw at one rate.
     *
     * @param rate votes/s asked
     * @param achieved votes/s stored while the strong queries ran
     * @param strongTop read-your-writes top-100 at one caller while the writes ran
     */
    record Probe(int rate, double achieved, Measurement strongTop) {

        /**
         * Whether the machine held the rate: the writes reached it, and strong reads were served.
         */
        boolean held() {
            return achieved >= ACHIEVED_AT_LEAST * rate
                    && strongTop.requests() > 0
                    && strongTop.errors() == 0
                    && strongTop.p99Millis() <= STRONG_P99_AT_MOST_MILLIS;
        }

        @Override
        public String toString() {
            return String.format(
                    "%d votes/s: %.0f achieved, strong top-100 p50 %.2f ms p99 %.2f ms,"
                            + " %d answered, %d refused: %s",
                    rate,
                    achieved,
                    strongTop.p50Millis(),
                    strongTop.p99Millis(),
                    strongTop.requests(),
                    strongTop.errors(),
                    held() ? "held" : "not held");
        }
    }

    /**
     * The search's outcome.
     *
     * @param held the highest rate probed that held, 0 if none did
     * @param notHeld the lowest rate probed above it that did not hold, 0 if none did not
     * @param probes every probe, in the order run
     */
    record Search(int held, int notHeld, List<Probe> probes) {}

    /**
     * Probes from {@code start} until a rate that held and one above it that did not are at most
     * one step apart, then once between them (until they are within {@link #NARROW}); at most
     * {@code maxProbes} probes.
     */
    static Search search(int start, int maxProbes, IntFunction<Probe> probe) {
        if (start < ROUND_TO || maxProbes < 1) {
            throw new IllegalArgumentException(
                    "start " + start + " below " + ROUND_TO + " or no probes: " + maxProbes);
        }
        List<Probe> probes = new ArrayList<>();
        int held = 0;
        int notHeld = 0;
        int rate = rounded(start);
        while (probes.size() < maxProbes && rate >= ROUND_TO) {
            Probe seen = probe.apply(rate);
            probes.add(seen);
            if (seen.held()) {
                held = Math.max(held, rate);
            } else {
                notHeld = notHeld == 0 ? rate : Math.min(notHeld, rate);
            }
            Integer next = next(held, notHeld);
            if (next == null || probedAlready(probes, next)) {
                break;
            }
            rate = next;
        }
        return new Search(held, notHeld, List.copyOf(probes));
    }

    /** The next rate to probe, or null when the two bounds are as close as the search goes. */
    private static Integer next(int held, int notHeld) {
        if (notHeld == 0) {
            return rounded(held * STEP);
        }
        if (held == 0) {
            return rounded(notHeld / STEP);
        }
        if (notHeld > held * NARROW) {
            int between = rounded(Math.sqrt((double) held * notHeld));
            return between > held && between < notHeld ? between : null;
        }
        return null;
    }

    private static boolean probedAlready(List<Probe> probes, int rate) {
        return probes.stream().anyMatch(p -> p.rate() == rate);
    }

    private static int rounded(double rate) {
        return (int) Math.round(rate / ROUND_TO) * ROUND_TO;
    }
}
