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

    /** The longest a measured step waits for the node's flushes and compactions to end. */
    private static final Duration QUIET_LIMIT = Duration.ofMinutes(2);

    private final BenchOptions options;
    private final BoardLoader loader;
    private final QuietNode node;

    SnapshotScenario(BenchOptions options, BoardLoader loader, QuietNode node) {
        this.options = options;
        this.loader = loader;
        this.node = node;
    }

    /** The scenario's instants: the epoch T0, the boards' creation, the ends of both spans. */
    private record Timeline(Instant t0, Instant createdAt, Instant historyEnd, Instant newEnd) {

        static Timeline sixHoursAgo() {
            Instant t0 = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(6));
            // epoch = floor(createdAt - window - bucket) = T0
            Instant createdAt = t0.plus(Duration.ofMinutes(2));
            Instant historyEnd = t0.plus(SPAN);
            return new Timeline(t0, createdAt, historyEnd, historyEnd.plus(SPAN));
        }
    }

    /** The two boards of each kind, in the order they are created and snapshotted. */
    private record Boards(
            BoardSettings little, BoardSettings big, BoardSettings little2, BoardSettings big2) {

        List<BoardSettings> littles() {
            return List.of(little, little2);
        }

        List<BoardSettings> bigs() {
            return List.of(big, big2);
        }

        List<BoardSettings> all() {
            return List.of(little, big, little2, big2);
        }
    }

    /** The measured passes, each kind's two averaged. */
    private record Passes(BoardLoader.TimedPass little, BoardLoader.TimedPass big) {}

    List<Figure> run() {
        Timeline time = Timeline.sixHoursAgo();
        String suffix = "-" + System.currentTimeMillis() % 100_000;
        // Two boards of each kind, passed in the order little, big, big, little and averaged: one
        // pass each was too noisy on a shared 2-core machine (1.09x and 1.25x in two runs).
        Boards boards = createBoards(suffix, time.createdAt());
        long bigHistory = (long) options.newEvents() * options.historyFactor();

        loadHistories(boards, bigHistory, time.t0());
        snapshotHistories(boards, time.historyEnd());
        loadNewEvents(boards, time);
        // A pass of its own first, so that neither measured pass pays for the harness JVM's JIT.
        warmUpPass(suffix, time);
        Passes passes = measurePasses(boards, time.newEnd());
        node.await(QUIET_LIMIT);
        Measurement raw = loader.rawRead(boards.big(), time.historyEnd(), time.newEnd());
        Progress.say(
                String.format(
                        "  passes: little history %.0f ms, %dx history %.0f ms; raw read %.0f"
                                + " rows/s; %s",
                        passes.little().millis(),
                        options.historyFactor(),
                        passes.big().millis(),
                        raw.rate(),
                        node.summary()));
        return figures(passes.little(), passes.big(), raw, bigHistory);
    }

    private Boards createBoards(String suffix, Instant createdAt) {
        return new Boards(
                loader.createBoard("snap-little" + suffix, createdAt),
                loader.createBoard("snap-big" + suffix, createdAt),
                loader.createBoard("snap-little2" + suffix, createdAt),
                loader.createBoard("snap-big2" + suffix, createdAt));
    }

    private void loadHistories(Boards boards, long bigHistory, Instant t0) {
        Progress.say(
                "scenario 3/5 snapshots: loading "
                        + options.littleHistory()
                        + " and "
                        + bigHistory
                        + " history events, on two boards each ...");
        for (BoardSettings board : boards.littles()) {
            load(board, options.littleHistory(), t0, 31);
        }
        for (BoardSettings board : boards.bigs()) {
            load(board, bigHistory, t0, 32);
        }
    }

    private void snapshotHistories(Boards boards, Instant historyEnd) {
        Progress.say("  snapshotting the histories ...");
        for (BoardSettings board : boards.all()) {
            loader.pass(board, BoardLoader.nowForCutoff(board, historyEnd));
        }
    }

    private void loadNewEvents(Boards boards, Timeline time) {
        Progress.say("  loading the same " + options.newEvents() + " new events on all four ...");
        for (BoardSettings board : boards.all()) {
            load(board, options.newEvents(), time.historyEnd(), 33);
        }
        // Warms caches for both readers alike.
        loader.rawRead(boards.big(), time.historyEnd(), time.newEnd());
    }

    private void warmUpPass(String suffix, Timeline time) {
        Progress.say("  warm-up pass on a fifth board ...");
        BoardSettings warm = loader.createBoard("snap-warm" + suffix, time.createdAt());
        load(warm, options.newEvents() / 2, time.historyEnd(), 34);
        loader.pass(warm, BoardLoader.nowForCutoff(warm, time.newEnd()));
    }

    private Passes measurePasses(Boards boards, Instant newEnd) {
        Progress.say("  measuring the incremental passes (little, big, big, little) ...");
        BoardLoader.TimedPass little1 = pass(boards.little(), newEnd);
        BoardLoader.TimedPass big1 = pass(boards.big(), newEnd);
        BoardLoader.TimedPass big2 = pass(boards.big2(), newEnd);
        BoardLoader.TimedPass little2 = pass(boards.little2(), newEnd);
        return new Passes(
                BoardLoader.TimedPass.mean(little1, little2),
                BoardLoader.TimedPass.mean(big1, big2));
    }

    /** A measured pass, started on a node without flushes or compactions of earlier writes. */
    private BoardLoader.TimedPass pass(BoardSettings board, Instant cutoff) {
        node.await(QUIET_LIMIT);
        return loader.pass(board, BoardLoader.nowForCutoff(board, cutoff));
    }

    private List<Figure> figures(
            BoardLoader.TimedPass little,
            BoardLoader.TimedPass big,
            Measurement raw,
            long bigHistory) {
        return List.of(
                littleHistoryPass(little),
                bigHistoryPass(big, little, bigHistory),
                mergesAfter(little, "little history"),
                mergesAfter(big, options.historyFactor() + "x history"),
                rawRead(raw),
                foldRate(big, raw),
                wholePassRate(big, raw));
    }

    private Figure littleHistoryPass(BoardLoader.TimedPass little) {
        String events = little.result().eventsRead() + " new events";
        return Figure.plain(
                NAME,
                "pass, little history (" + options.littleHistory() + " events)",
                "ms",
                null,
                little.millis(),
                events + "; mean of two passes: " + little.result().summary());
    }

    private Figure bigHistoryPass(
            BoardLoader.TimedPass big, BoardLoader.TimedPass little, long bigHistory) {
        return Figure.compared(
                NAME,
                "pass, " + options.historyFactor() + "x history (" + bigHistory + " events)",
                "ms",
                null,
                big.millis(),
                "pass with little history",
                little.millis(),
                Target.atMost(1.2),
                "mean of two passes: " + big.result().summary() + "; " + node.summary());
    }

    /** The merges a measured pass's head calls for, done after it (not part of its time). */
    private static Figure mergesAfter(BoardLoader.TimedPass pass, String history) {
        return Figure.plain(
                NAME,
                "merges after the head, " + history,
                "ms",
                null,
                pass.mergeMillis(),
                "the worker merges the chain the head names after writing it; the next head names"
                        + " the merge");
    }

    private static Figure rawRead(Measurement raw) {
        return Figure.plain(
                NAME,
                "raw driver read of the same rows (baseline)",
                "rows/s",
                raw,
                raw.rate(),
                "32 partitions in flight, like the fold");
    }

    private Figure foldRate(BoardLoader.TimedPass big, Measurement raw) {
        return Figure.compared(
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
                        "fold %.0f ms of the %.0f ms pass; layer write %.0f ms, merges before"
                                + " the head %.0f ms",
                        big.result().foldMillis(),
                        big.millis(),
                        big.result().layerMillis(),
                        big.result().compactMillis()));
    }

    private Figure wholePassRate(BoardLoader.TimedPass big, Measurement raw) {
        return Figure.compared(
                NAME,
                "events per second, whole pass (" + options.historyFactor() + "x history)",
                "events/s",
                null,
                big.eventsPerSecond(),
                "raw driver read",
                raw.rate(),
                null,
                "includes writing the delta layer and the head; not the merges after it");
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
