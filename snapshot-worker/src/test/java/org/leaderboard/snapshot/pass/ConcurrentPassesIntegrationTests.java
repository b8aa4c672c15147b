package org.leaderboard.snapshot.pass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.leaderboard.snapshot.pass.SnapshotFixture.naiveFold;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.testsupport.TestClock;

/**
 * Invariant 5: passes racing on one board, one of them killed between its layers and its head,
 * store exactly what one clean pass stores in a keyspace of its own over the same events.
 */
class ConcurrentPassesIntegrationTests {

    private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");
    private static final int RACING_PASSES = 4;

    private static final SnapshotFixture racing = new SnapshotFixture("snapshot_race");
    private static final SnapshotFixture clean = new SnapshotFixture("snapshot_clean");

    @AfterAll
    static void close() {
        racing.close();
        clean.close();
    }

    @Test
    void racingAndKilledPassesStoreWhatOneCleanPassStores() throws Exception {
        BoardSettings board = new BoardSettings("race", 60, UniqueVotes.NONE, 60, 4, 4, T0);
        racing.createBoard(board);
        clean.createBoard(board);
        Votes generator = new Votes(board.board(), 42);
        List<VoteCastEvent> votes = new ArrayList<>();
        TestClock clock = TestClock.stoppedAt(minute(25)); // target 00:23: nine steps

        round(board, votes, generator.between(minute(-2), minute(30), 500, 40), clock);
        clock.set(minute(41)); // target 00:39, continuing from the heads of round one
        round(board, votes, generator.between(minute(23), minute(45), 300, 60), clock);

        List<SnapshotHead> raced = racing.snapshots.heads(board.board());
        List<SnapshotHead> once = clean.snapshots.heads(board.board());
        assertThat(raced.get(0).cutoff()).isEqualTo(once.get(0).cutoff()).isEqualTo(minute(39));
        // Same cutoffs, same layers, same counts: the stored heads are those of one clean run.
        assertThat(raced).isEqualTo(once);
        for (SnapshotHead head : raced) {
            assertThat(racing.content(board, head))
                    .isEqualTo(clean.content(board, head))
                    .isEqualTo(naiveFold(votes, head.cutoff()));
        }
    }

    /** Inserts {@code more} into both keyspaces, races passes in one, runs one in the other. */
    private void round(
            BoardSettings board,
            List<VoteCastEvent> votes,
            List<VoteCastEvent> more,
            TestClock clock)
            throws Exception {
        racing.insert(board, more);
        clean.insert(board, more);
        votes.addAll(more);

        List<Throwable> failures = race(board, clock);

        assertThat(failures).singleElement().extracting(Throwable::getMessage).isEqualTo("killed");
        racing.pass(clock).run(board); // the killed worker's re-run
        clean.pass(clock).run(board);
    }

    /** Starts the racing passes and one doomed pass at the same moment; returns the failures. */
    private List<Throwable> race(BoardSettings board, TestClock clock) throws Exception {
        List<SnapshotPass> passes = new ArrayList<>();
        for (int i = 0; i < RACING_PASSES; i++) {
            passes.add(racing.pass(clock));
        }
        AtomicInteger layerStages = new AtomicInteger();
        passes.add(
                racing.pass(
                        clock,
                        new StopFlag(),
                        stage -> {
                            // Dies after the layers of its third step, before that step's head.
                            if (stage == Stage.LAYERS_WRITTEN
                                    && layerStages.incrementAndGet() == 3) {
                                throw new IllegalStateException("killed");
                            }
                        }));
        CyclicBarrier start = new CyclicBarrier(passes.size());
        ExecutorService threads = Executors.newFixedThreadPool(passes.size());
        try {
            List<Future<PassResult>> results = new ArrayList<>();
            for (SnapshotPass pass : passes) {
                results.add(
                        threads.submit(
                                () -> {
                                    start.await();
                                    return pass.run(board);
                                }));
            }
            List<Throwable> failures = new ArrayList<>();
            for (Future<PassResult> result : results) {
                try {
                    result.get();
                } catch (ExecutionException e) {
                    failures.add(e.getCause());
                }
            }
            return failures;
        } finally {
            threads.shutdownNow();
        }
    }

    private static Instant minute(int minutes) {
        return T0.plusSeconds(60L * minutes);
    }
}
