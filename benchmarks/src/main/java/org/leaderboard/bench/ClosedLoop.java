package org.leaderboard.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * A closed-loop load of blocking calls (queries): {@code threads} callers, each sending its next
 * request when the previous one is answered, for a duration but at least {@code minRequests} in
 * total, so that a slow query still gets a few samples; no caller starts a request after {@link
 * #CAP} times the duration (at least {@link #MIN_CAP}), so that queries taking many seconds each
 * (read-your-writes at a write rate the machine cannot keep up with) cannot hold up the run: the
 * measurement then has fewer than {@code minRequests} samples, and says so in its count.
 */
final class ClosedLoop {

    static final int CAP = 4;
    static final Duration MIN_CAP = Duration.ofSeconds(60);

    /**
     * Where to append each answer slower than {@link #SLOW_FROM_MICROS}, with the wall-clock time
     * it was asked at and which load asked it ({@code -Dbench.slow-log=FILE}; none by default): to
     * see when in the minute a row's slowest answers fall (a snapshot pass, a newer head, a
     * collection), which its percentiles cannot say.
     */
    private static final String SLOW_LOG = System.getProperty("bench.slow-log", "");

    /** From how long an answer is logged ({@code -Dbench.slow-log.from-ms}, 5 ms by default). */
    private static final long SLOW_FROM_MICROS =
            Math.round(
                    Double.parseDouble(System.getProperty("bench.slow-log.from-ms", "5")) * 1000);

    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private ClosedLoop() {}

    /** The call returns true when the answer was what was asked for. */
    static Measurement run(
            int threads, Duration duration, int minRequests, Callable<Boolean> call) {
        Tally tally = new Tally("callers=" + threads);
        long cap = Math.max(duration.toNanos() * CAP, MIN_CAP.toNanos());
        tally.drive(threads, duration.toNanos(), minRequests, cap, call);
        return tally.measurement();
    }

    /**
     * How long each of {@code loads} run {@link #interleaved} should run so that it runs at least
     * {@code each} and all of them together span a whole number of {@code periods}: something that
     * happens once a period (a snapshot pass, once a bucket) then weighs on the span as on the
     * period, not more because the span ended just after it.
     */
    static Duration eachOverWholePeriods(Duration each, int loads, Duration period) {
        long periodNanos = period.toNanos();
        long together = each.toNanos() * loads;
        long periods = Math.max(1, (together + periodNanos - 1) / periodNanos);
        return Duration.ofNanos(periods * periodNanos / loads);
    }

    /** One of the loads {@link #interleaved} runs in turns: its callers and its call. */
    record Load(int threads, Callable<Boolean> call) {}

    /**
     * Several closed-loop loads run in turns, {@code slice} each, until every one has run for
     * {@code each}, so that every load samples the whole span alike: something that happens once in
     * a while (a snapshot pass, a newer head taken up) weighs on each load as it weighs on the
     * span, instead of on whichever load happened to run then. A load with fewer than {@code
     * minRequests} answers at the end runs on alone until it has them, as {@link #run} does.
     */
    static List<Measurement> interleaved(
            List<Load> loads, Duration each, Duration slice, int minRequests) {
        List<Tally> tallies = new ArrayList<>();
        for (int i = 0; i < loads.size(); i++) {
            tallies.add(new Tally("load=" + i + " callers=" + loads.get(i).threads()));
        }
        long sliceNanos = Math.max(1, slice.toNanos());
        // Each load's own time, as it ran: a turn that outlasts its slice (queries that take
        // seconds, flat out) counts whole, so such a load gets fewer turns, not longer ones.
        boolean turns = true;
        while (turns) {
            turns = false;
            for (int i = 0; i < loads.size(); i++) {
                Tally tally = tallies.get(i);
                long left = each.toNanos() - tally.nanos;
                if (left > 0) {
                    long turn = Math.min(sliceNanos, left);
                    tally.drive(loads.get(i).threads(), turn, 0, turn, loads.get(i).call());
                    turns = true;
                }
            }
        }
        long cap = Math.max(each.toNanos() * CAP, MIN_CAP.toNanos());
        List<Measurement> measured = new ArrayList<>();
        for (int i = 0; i < loads.size(); i++) {
            Tally tally = tallies.get(i);
            if (tally.answered() < minRequests) {
                tally.drive(loads.get(i).threads(), 0, minRequests, cap, loads.get(i).call());
            }
            measured.add(tally.measurement());
        }
        return measured;
    }

    /** Latencies, answers and time summed over the windows a load ran in. */
    private static final class Tally {
        private final Histogram latencies = new ConcurrentHistogram(3);
        private final AtomicLong ok = new AtomicLong();
        private final AtomicLong errors = new AtomicLong();
        private final String label;
        private final ConcurrentLinkedQueue<String> slow = new ConcurrentLinkedQueue<>();
        private long nanos;

        Tally(String label) {
            this.label = label;
        }

        long answered() {
            return ok.get() + errors.get();
        }

        /**
         * Runs the load for {@code duration}, and on until {@code minRequests} answers in all but
         * no caller starts a request after {@code cap} from now.
         */
        void drive(int threads, long duration, int minRequests, long cap, Callable<Boolean> call) {
            long started = System.nanoTime();
            long end = started + duration;
            long capAt = started + cap;
            List<Thread> callers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Thread caller =
                        new Thread(
                                () -> {
                                    long now;
                                    while ((now = System.nanoTime()) < end
                                            || (answered() < minRequests && now < capAt)) {
                                        call(call, this);
                                    }
                                },
                                "closed-loop-" + t);
                caller.start();
                callers.add(caller);
            }
            for (Thread caller : callers) {
                join(caller);
            }
            nanos += System.nanoTime() - started;
            writeSlow();
        }

        void answered(long askedAtMillis, long micros) {
            latencies.recordValue(micros);
            ok.incrementAndGet();
            if (!SLOW_LOG.isEmpty() && micros >= SLOW_FROM_MICROS) {
                slow.add(
                        String.format(
                                "%s %.3f %s%n",
                                CLOCK.format(Instant.ofEpochMilli(askedAtMillis)),
                                micros / 1000.0,
                                label));
            }
        }

        private void writeSlow() {
            if (slow.isEmpty()) {
                return;
            }
            StringBuilder lines = new StringBuilder();
            for (String line; (line = slow.poll()) != null; ) {
                lines.append(line);
            }
            try {
                Files.writeString(
                        Path.of(SLOW_LOG),
                        lines,
                        StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            } catch (IOException e) {
                Progress.say("could not append to the slow-answer log " + SLOW_LOG + ": " + e);
            }
        }

        Measurement measurement() {
            return Measurement.of(ok.get(), nanos / 1e9, ok.get(), errors.get(), latencies);
        }
    }

    private static void call(Callable<Boolean> call, Tally tally) {
        long askedAt = System.currentTimeMillis();
        long started = System.nanoTime();
        boolean answered;
        try {
            answered = call.call();
        } catch (Exception e) {
            answered = false;
        }
        if (answered) {
            tally.answered(askedAt, Math.max(1, (System.nanoTime() - started) / 1000));
        } else {
            tally.errors.incrementAndGet();
        }
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
