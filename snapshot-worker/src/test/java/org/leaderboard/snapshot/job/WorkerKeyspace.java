package org.leaderboard.snapshot.job;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.TestCassandra;
import org.leaderboard.writer.store.BoardWriter;
import org.leaderboard.writer.store.VoteEventWriter;

/** A keyspace the whole application runs against, with boards and votes put there beforehand. */
final class WorkerKeyspace implements AutoCloseable {

    final String name;
    private final CqlSession session;
    private final BoardWriter boards;
    private final VoteEventWriter events;
    private final SnapshotHeadDao snapshots;

    WorkerKeyspace(String prefix) {
        this.name = TestCassandra.shared().newKeyspace(prefix);
        this.session = TestCassandra.shared().session(name);
        this.boards = new BoardWriter(session, Consistency.DEFAULT);
        this.events = new VoteEventWriter(session, Consistency.DEFAULT);
        this.snapshots = new SnapshotHeadDao(session, Consistency.DEFAULT);
    }

    /** The application's arguments: {@code extra} then the spring.cassandra.* of this keyspace. */
    String[] args(String... extra) {
        List<String> args = new ArrayList<>(List.of(extra));
        TestCassandra.shared()
                .springProperties(name)
                .forEach((key, value) -> args.add("--" + key + "=" + value));
        return args.toArray(String[]::new);
    }

    Map<String, String> springProperties() {
        return TestCassandra.shared().springProperties(name);
    }

    /**
     * A board created ten minutes ago (in real time: the application uses the system clock) with
     * one vote per minute since, so its safe cutoff has votes before it.
     */
    BoardSettings boardWithVotes(String board, int chunks) {
        Instant now = Instant.now();
        BoardSettings settings =
                boards.insertIfAbsent(
                        new BoardSettings(
                                board, 60, UniqueVotes.NONE, 60, 2, chunks, now.minusSeconds(600)));
        List<CompletableFuture<Void>> writes = new ArrayList<>();
        for (int minute = 1; minute <= 9; minute++) {
            VoteCastEvent vote =
                    new VoteCastEvent(
                            TimeUuids.voteIdAt(now.minusSeconds(600 - 60L * minute)),
                            board,
                            "u" + minute % 3,
                            "v" + minute,
                            minute);
            writes.add(events.insert(settings, vote, now).toCompletableFuture());
        }
        CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
        return settings;
    }

    Optional<SnapshotHead> latestHead(String board) {
        return snapshots.latestHead(board);
    }

    @Override
    public void close() {
        session.close();
    }
}
