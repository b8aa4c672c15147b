package org.leaderboard.query;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.VoteEventDao;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.snapshot.store.SnapshotWriter;
import org.leaderboard.testsupport.TestCassandra;
import org.leaderboard.writer.store.BoardWriter;
import org.leaderboard.writer.store.VoteEventWriter;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A fresh keyspace on the shared test Cassandra for one query-service test class, filled through
 * the other sides' own stores: boards and events as the writer writes them, snapshots as the
 * snapshot worker does.
 */
final class QueryStore implements AutoCloseable {

    final String keyspace;
    final CqlSession session;
    final BoardWriter boards;
    final VoteEventDao events;
    final VoteEventWriter eventLog;
    final SnapshotWriter snapshots;

    QueryStore(String prefix) {
        this.keyspace = TestCassandra.shared().newKeyspace(prefix);
        this.session = TestCassandra.shared().session(keyspace);
        this.boards = new BoardWriter(session, Consistency.DEFAULT);
        this.events = new VoteEventDao(session, Consistency.DEFAULT);
        this.eventLog = new VoteEventWriter(session, Consistency.DEFAULT);
        this.snapshots = new SnapshotWriter(session, Consistency.DEFAULT);
    }

    /** Points the application under test at this keyspace. */
    void register(DynamicPropertyRegistry registry) {
        TestCassandra.shared()
                .springProperties(keyspace)
                .forEach((key, value) -> registry.add(key, () -> value));
    }

    /** Stores one vote as the writer does, written at {@code now}. */
    void vote(BoardSettings board, VoteCastEvent event, Instant now) {
        eventLog.insert(board, event, now).toCompletableFuture().join();
    }

    /**
     * A board with a 60 s window and buckets and 4 shards, created ten minutes before {@code now}:
     * its epoch (where the tail of a board without a snapshot starts) lies before every event a
     * test writes.
     */
    BoardSettings board(String name, Instant now) {
        return boards.insertIfAbsent(
                new BoardSettings(
                        name,
                        60,
                        UniqueVotes.NONE,
                        60,
                        4,
                        4,
                        now.minusSeconds(600).truncatedTo(ChronoUnit.MILLIS)));
    }

    /** {@code votes} for {@code user} from the voter "voter", at {@code time}. */
    void vote(BoardSettings board, String user, int votes, Instant time) {
        vote(
                board,
                new VoteCastEvent(TimeUuids.voteIdAt(time), board.board(), user, "voter", votes),
                time);
    }

    /**
     * The board "guarded", created ten minutes ago, with one vote of 3 for alice half a minute ago:
     * enough for a test of who may read to tell an answered read from a refused one.
     */
    void guardedBoardWithOneVote() {
        Instant now = Instant.now();
        BoardSettings board =
                boards.insertIfAbsent(
                        new BoardSettings(
                                "guarded",
                                60,
                                UniqueVotes.NONE,
                                60,
                                4,
                                4,
                                now.minusSeconds(600).truncatedTo(ChronoUnit.MILLIS)));
        Instant time = now.minusSeconds(30);
        vote(board, new VoteCastEvent(TimeUuids.voteIdAt(time), "guarded", "alice", "v1", 3), time);
    }

    /** What a snapshot worker does: one layer with the fold of every event before the cutoff. */
    void writeSnapshot(BoardSettings board, Instant cutoff) {
        EventFold fold = events.fold(board, board.epoch(), cutoff).join();
        LayerRef layer = new LayerRef(board.epoch(), cutoff, fold.tallies().users());
        snapshots.writeLayer(board, layer, fold.tallies()).join();
        snapshots.writeHead(
                new SnapshotHead(
                        board.board(),
                        cutoff,
                        board.epoch(),
                        List.of(layer),
                        fold.events(),
                        fold.events(),
                        Instant.now()));
    }

    @Override
    public void close() {
        session.close();
    }
}
