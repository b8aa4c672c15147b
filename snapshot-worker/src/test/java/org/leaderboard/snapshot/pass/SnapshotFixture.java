package org.leaderboard.snapshot.pass;

import com.datastax.oss.driver.api.core.CqlSession;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.snapshot.config.SnapshotSettings;
import org.leaderboard.snapshot.store.FoldedPartitionWriter;
import org.leaderboard.snapshot.store.SnapshotWriter;
import org.leaderboard.testsupport.TestCassandra;
import org.leaderboard.writer.store.BoardWriter;
import org.leaderboard.writer.store.VoteEventWriter;

/**
 * One fresh keyspace on the shared test Cassandra, its DAOs, and ways to build and check passes.
 */
final class SnapshotFixture implements AutoCloseable {

    /** Small steps so a test of a few minutes of events runs several steps and merges. */
    static final SnapshotSettings SETTINGS =
            new SnapshotSettings(
                    "*/10 * * * * *",
                    false,
                    Duration.ofSeconds(10),
                    3,
                    12,
                    "LOCAL_QUORUM",
                    "LOCAL_QUORUM",
                    "LOCAL_QUORUM",
                    1);

    final String keyspace;
    final CqlSession session;
    final BoardWriter boards;
    final VoteEventWriter events;
    final SnapshotHeadDao snapshots;
    final SnapshotLayerDao layers;
    final MeterRegistry meters = new SimpleMeterRegistry();

    SnapshotFixture(String prefix) {
        this.keyspace = TestCassandra.shared().newKeyspace(prefix);
        this.session = TestCassandra.shared().session(keyspace);
        this.boards = new BoardWriter(session, Consistency.DEFAULT);
        this.events = new VoteEventWriter(session, Consistency.DEFAULT);
        this.snapshots = new SnapshotHeadDao(session, Consistency.DEFAULT);
        this.layers = new SnapshotLayerDao(session, Consistency.DEFAULT);
    }

    SnapshotPass pass(Clock clock) {
        return pass(clock, new StopFlag(), stage -> {});
    }

    SnapshotPass pass(Clock clock, StopFlag stop, Consumer<Stage> stages) {
        return new SnapshotPass(
                EventFolds.on(session, Consistency.DEFAULT),
                snapshots,
                layers,
                new SnapshotWriter(session, Consistency.DEFAULT),
                new FoldedPartitionWriter(session, Consistency.DEFAULT),
                clock,
                SETTINGS,
                stop,
                meters,
                stages);
    }

    BoardSettings createBoard(BoardSettings board) {
        return boards.insertIfAbsent(board);
    }

    void insert(BoardSettings board, List<VoteCastEvent> votes) {
        Instant now = Instant.now();
        CompletableFuture.allOf(
                        votes.stream()
                                .map(vote -> events.insert(board, vote, now).toCompletableFuture())
                                .toArray(CompletableFuture[]::new))
                .join();
    }

    /** What a reader of this head sees: the sum of its layers. */
    Map<String, Tally> content(BoardSettings board, SnapshotHead head) {
        Tallies sum = new Tallies();
        for (LayerRef layer : head.layers()) {
            sum.addAll(layers.readLayer(board, layer).join());
        }
        return Map.copyOf(sum.asMap());
    }

    /** The oracle: a naive in-memory fold of the given events with time before {@code cutoff}. */
    static Map<String, Tally> naiveFold(List<VoteCastEvent> votes, Instant cutoff) {
        Tallies sum = new Tallies();
        votes.stream()
                .filter(vote -> vote.time().isBefore(cutoff))
                .forEach(vote -> sum.addVote(vote.user(), vote.votes()));
        return Map.copyOf(sum.asMap());
    }

    static long countBetween(List<VoteCastEvent> votes, Instant from, Instant to) {
        return votes.stream()
                .filter(vote -> !vote.time().isBefore(from) && vote.time().isBefore(to))
                .count();
    }

    @Override
    public void close() {
        session.close();
    }
}
