package org.leaderboard.snapshot.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.snapshot.config.SnapshotSettings;
import org.leaderboard.snapshot.pass.PassResult;
import org.leaderboard.snapshot.pass.SnapshotPass;
import org.leaderboard.snapshot.pass.StopFlag;
import org.leaderboard.snapshot.store.FoldedPartitionWriter;
import org.leaderboard.snapshot.store.SnapshotWriter;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A round passes {@code snapshot.board-concurrency} boards at once, never more, and every board
 * gets its snapshot: the passes are held at their start until that many are in, so a round that
 * passed one board after another would have at most one in at a time.
 */
@SpringBootTest(
        properties = {
            "snapshot.schedule-enabled=false",
            "snapshot.board-concurrency=" + BoardConcurrencyIntegrationTests.CONCURRENCY
        })
@Import(BoardConcurrencyIntegrationTests.GatedPass.class)
class BoardConcurrencyIntegrationTests {

    static final int CONCURRENCY = 3;
    private static final WorkerKeyspace keyspace = new WorkerKeyspace("snapshot_concurrency");

    @DynamicPropertySource
    static void cassandra(DynamicPropertyRegistry registry) {
        keyspace.springProperties().forEach((key, value) -> registry.add(key, () -> value));
    }

    @AfterAll
    static void close() {
        keyspace.close();
    }

    @Autowired BoardPasses passes;
    @Autowired GatedPass gated;

    @Test
    void aRoundPassesThatManyBoardsAtOnceAndEveryBoardGetsItsSnapshot() {
        List<String> boards =
                IntStream.range(0, 8)
                        .mapToObj(i -> keyspace.boardWithVotes("concurrent-" + i, 4))
                        .map(BoardSettings::board)
                        .toList();

        BoardPasses.Round round = passes.run(board -> boards.contains(board));

        assertThat(round.succeeded()).isTrue();
        assertThat(round.passed()).extracting(PassResult::board).hasSameElementsAs(boards);
        assertThat(gated.most.get()).as("boards passed at once").isEqualTo(CONCURRENCY);
        assertThat(boards).allSatisfy(board -> assertThat(keyspace.latestHead(board)).isPresent());
        assertThat(round.passed()).allSatisfy(pass -> assertThat(pass.eventsRead()).isPositive());
    }

    /**
     * The worker's pass, held at its start until {@link #CONCURRENCY} passes are in at once; it
     * takes the place of the worker's own.
     */
    @Primary
    static class GatedPass extends SnapshotPass {

        final AtomicInteger inside = new AtomicInteger();
        final AtomicInteger most = new AtomicInteger();
        private final CountDownLatch allIn = new CountDownLatch(CONCURRENCY);

        GatedPass(
                EventFolds events,
                SnapshotHeadDao headDao,
                SnapshotLayerDao layerDao,
                SnapshotWriter snapshots,
                FoldedPartitionWriter foldedPartitions,
                Clock clock,
                SnapshotSettings settings,
                StopFlag stop,
                MeterRegistry meters) {
            super(
                    events,
                    headDao,
                    layerDao,
                    snapshots,
                    foldedPartitions,
                    clock,
                    settings,
                    stop,
                    meters);
        }

        @Override
        public PassResult run(BoardSettings board) {
            most.accumulateAndGet(inside.incrementAndGet(), Math::max);
            try {
                allIn.countDown();
                // One at a time, each pass would wait the whole time out here.
                allIn.await(10, TimeUnit.SECONDS);
                return super.run(board);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } finally {
                inside.decrementAndGet();
            }
        }
    }
}
