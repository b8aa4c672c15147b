package org.leaderboard.bench;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.SplittableRandom;
import org.leaderboard.model.board.BoardSettings;

/**
 * Scenario 3, incremental snapshots: two boards get the same new events (same users, times and
 * points), one behind a little history, the other behind {@code historyFactor} times as many
 * events. Both histories are snapshotted first; the measured pass folds the new events only. Its
 * events per second are compared with the raw driver rate of reading the same rows.
 *
 * <p>Time layout (all in the past, so the write window plays no part): epoch T0 (6 h ago), history
 * in [T0, T0+20 min), new events in [T0+20 min, T0+40 min): one step of the pass each.
 */
final class SnapshotScenario {

    static final String NAME = "3 incremental snapshots";
    private static final Duration SPAN = Duration.ofMinutes(20);

    private final BenchOptions options;
    private final BoardLoader loader;

    SnapshotScenario(BenchOptions options, BoardLoader loader) {
        this.options = options;
        this.loader = loader;
    }

    List<Figure> run() {
        Instant t0 = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(6));
        // epoch = floor(createdAt - window - bucket) = T0
        Instant createdAt = t0.plus(Duration.ofMinutes(2));
        Instant historyEnd = t0.plus(SPAN);
        Instant newEnd = historyEnd.plus(SPAN);
        String suffix = "-" + System.currentTimeMillis() % 100_000;
        // Two boards of each kind, passed in the order little, big, big, little and averaged: one
        // pass each was too noisy on a shared 2-core machine (1.09x and 1.25x in two runs).
        BoardSettings little = loader.createBoard("snap-little" + suffix, createdAt);
        BoardSettings big = loader.createBoard("snap-big" + suffix, createdAt);
        BoardSettings little2 = loader.createBoard("snap-little2" + suffix, createdAt);
        BoardSettings big2 = loader.createBoard("snap-big2" + suffix, createdAt);
        long bigHistory = (long) options.newEvents() * options.historyFactor();

        Progress.say(
                "scenario 3/5 snapshots: loading "
                        + options.littleHistory()
                        + " and "
                        + bigHistory
                        + " history events, on two boards each ...");
        for (BoardSettings board : List.of(little, little2)) {
            load(board, options.littleHistory(), t0, 31);
        }
        for (BoardSettings board : List.of(big, big2)) {
            load(board, bigHistory, t0, 32);
        }
        Progress.say("  snapshotting the histories ...");
        for (BoardSettings board : List.of(little, big, little2, big2)) {
            loader.pass(board, BoardLoader.nowForCutoff(board, historyEnd));
        }

        Progress.say("  loading the same " + options.newEvents() + " new events on all four ...");
        for (BoardSettings board : List.of(little, big, little2, big2)) {
            load(board, options.newEvents(), historyEnd, 33);
        }
        loader.rawRead(big, historyEnd, newEnd); // warms caches for both readers alike

        // A pass of its own first, so that neither measured pass pays for the harness JVM's JIT.
        Progress.say("  warm-up pass on a fifth board ...");
        BoardSettings warm = loader.createBoard("snap-warm" + suffix, createdAt);
        load(warm, options.newEvents() / 2, historyEnd, 34);
        loader.pass(warm, BoardLoader.nowForCutoff(warm, newEnd));

        Progress.say("  measuring the incremental passes (little, big, big, little) ...");
        BoardLoader.TimedPass little1 =
                loader.pass(little, BoardLoader.nowForCutoff(little, newEnd));
        BoardLoader.TimedPass big1 = loader.pass(big, BoardLoader.nowForCutoff(big, newEnd));
        BoardLoader.TimedPass big2Pass = loader.pass(big2, BoardLoader.nowForCutoff(big2, newEnd));
        BoardLoader.TimedPass little2Pass =
                loader.pass(little2, BoardLoader.nowForCutoff(little2, newEnd));
        BoardLoader.TimedPass passLittle = BoardLoader.TimedPass.mean(little1, little2Pass);
        BoardLoader.TimedPass passBig = BoardLoader.TimedPass.mean(big1, big2Pass);
        Measurement raw = loader.rawRead(big, historyEnd, newEnd);
        Progress.say(
                String.format(
                        "  passes: little history %.0f ms, %dx history %.0f ms; raw read %.0f rows/s",
                        passLittle.millis(),
                        options.historyFactor(),
                        passBig.millis(),
                        raw.rate()));
        return figures(passLittle, passBig, raw, bigHistory);
    }

    private List<Figure> figures(
            BoardLoader.TimedPass little,
            BoardLoader.TimedPass big,
            Measurement raw,
            long bigHistory) {
        String events = little.result().eventsRead() + " new events";
        return List.of(
                Figure.plain(
                        NAME,
                        "pass, little history (" + options.littleHistory() + " events)",
                        "ms",
                        null,
                        little.millis(),
                        events + "; mean of two passes: " + little.result().summary()),
                Figure.compared(
                        NAME,
                        "pass, "
                                + options.historyFactor()
                                + "x history ("
                                + bigHistory
                                + " events)",
                        "ms",
                        null,
                        big.millis(),
                        "pass with little history",
                        little.millis(),
                        Target.atMost(1.2),
                        "mean of two passes: " + big.result().summary()),
                Figure.plain(
                        NAME,
                        "raw driver read of the same rows (baseline)",
                        "rows/s",
                        raw,
                        raw.rate(),
                        "32 partitions in flight, like the fold"),
                Figure.compared(
                        NAME,
                        "events folded per second (fold phase: read + fold, "
                                + options.historyFactor()
                                + "x history)",
                        "events/s",
                        null,
                        big.foldedPerSecond(),
                        "raw driver read",
                        raw.rate(),
                        Target.atLeast(0.5),
                        String.format(
                                "fold %.0f ms of the %.0f ms pass; layer write %.0f ms, compaction"
                                        + " %.0f ms",
                                big.result().foldMillis(),
                                big.millis(),
                                big.result().layerMillis(),
                                big.result().compactMillis())),
                Figure.compared(
                        NAME,
                        "events per second, whole pass (" + options.historyFactor() + "x history)",
                        "events/s",
                        null,
                        big.eventsPerSecond(),
                        "raw driver read",
                        raw.rate(),
                        null,
                        "includes writing the delta layer, compaction and the head"));
    }

    private void load(BoardSettings board, long count, Instant from, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int users = options.writeUsers();
        long spanMillis = SPAN.toMillis();
        loader.load(
                board,
                count,
                i ->
                        VoteMaker.vote(
                                board.board(),
                                random.nextInt(users),
                                from.plusMillis(random.nextLong(spanMillis)),
                                random));
    }
}
