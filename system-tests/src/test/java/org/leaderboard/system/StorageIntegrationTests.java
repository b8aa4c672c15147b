package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.BoardDao;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.PackedLayer;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.model.cassandra.VoteEventDao;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.model.tally.VoterSketches;
import org.leaderboard.model.time.Hashing;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.snapshot.store.SnapshotWriter;
import org.leaderboard.testsupport.TestCassandra;
import org.leaderboard.writer.store.BoardWriter;
import org.leaderboard.writer.store.VoteEventWriter;

/** The shared DAOs against a real Cassandra: what is stored is what is read back. */
class StorageIntegrationTests {

    private static final CqlSession SESSION =
            TestCassandra.shared().session(TestCassandra.shared().newKeyspace("storage"));
    private final BoardDao boards = new BoardDao(SESSION, Consistency.DEFAULT);
    private final VoteEventDao events = new VoteEventDao(SESSION, Consistency.DEFAULT);
    private final SnapshotHeadDao heads = new SnapshotHeadDao(SESSION, Consistency.DEFAULT);
    private final SnapshotLayerDao layers = new SnapshotLayerDao(SESSION, Consistency.DEFAULT);
    private final BoardWriter boardWriter = new BoardWriter(SESSION, Consistency.DEFAULT);
    private final VoteEventWriter eventLog = new VoteEventWriter(SESSION, Consistency.DEFAULT);
    private final SnapshotWriter snapshots = new SnapshotWriter(SESSION, Consistency.DEFAULT);

    @AfterAll
    static void close() {
        SESSION.close();
    }

    @Test
    void creatingABoardTwiceKeepsTheFirstSettings() {
        Instant now = Instant.now();
        BoardSettings first =
                BoardSettings.requested("create-twice", 30, null, null, null, null, now);
        BoardSettings second =
                BoardSettings.requested("create-twice", 90, null, null, null, null, now);
        assertThat(boardWriter.insertIfAbsent(first)).isEqualTo(first);
        assertThat(boardWriter.insertIfAbsent(second).writeWindowSeconds()).isEqualTo(30);
        assertThat(boards.find("create-twice")).contains(first);
        assertThat(boards.all()).extracting(BoardSettings::board).contains("create-twice");
    }

    @Test
    void theFirstWriteOfAVoteIdWinsOverALaterOneWithOtherContent() {
        BoardSettings board = board("first-wins");
        UUID voteId = TimeUuids.voteIdAt(Instant.now());
        Instant now = Instant.now();
        eventLog.insert(board, new VoteCastEvent(voteId, board.board(), "alice", "v1", 5), now)
                .toCompletableFuture()
                .join();
        eventLog.insert(
                        board,
                        new VoteCastEvent(voteId, board.board(), "mallory", "v1", 100),
                        now.plusMillis(5))
                .toCompletableFuture()
                .join();
        assertThat(events.find(board, voteId))
                .contains(new VoteCastEvent(voteId, board.board(), "alice", "v1", 5));
    }

    @Test
    void foldingARangeReadsExactlyTheEventsWithTimesInIt() {
        BoardSettings board = board("fold-range");
        Instant start = board.buckets().floor(Instant.now()).minusSeconds(600);
        for (int second = 0; second < 300; second += 3) {
            UUID id = TimeUuids.voteIdAt(start.plusSeconds(second));
            eventLog.insert(
                            board,
                            new VoteCastEvent(
                                    id, board.board(), "u" + (second % 7), "v", 1 + second % 4),
                            Instant.now())
                    .toCompletableFuture()
                    .join();
        }
        EventFold firstTwoMinutes = events.fold(board, start, start.plusSeconds(120)).join();
        EventFold all = events.fold(board, start, start.plusSeconds(300)).join();
        assertThat(firstTwoMinutes.events()).isEqualTo(40);
        assertThat(firstTwoMinutes.partitions()).isEqualTo(2 * board.shards());
        assertThat(all.events()).isEqualTo(100);
        long sum = all.tallies().asMap().values().stream().mapToLong(Tally::sum).sum();
        assertThat(sum)
                .isEqualTo(
                        java.util.stream.IntStream.iterate(0, s -> s < 300, s -> s + 3)
                                .map(s -> 1 + s % 4)
                                .sum());
    }

    @Test
    void aLayerAndItsHeadReadBackExactlyIncludingHugeSumsOfSquares() {
        BoardSettings board = board("layers");
        Tallies tallies = new Tallies();
        for (int i = 0; i < 500; i++) {
            tallies.addVote("user-" + i, 1_000_000_000L);
            tallies.addVote("user-" + i, -7);
        }
        for (int i = 0; i < 20; i++) {
            tallies.addVote("whale", 1_000_000_000L);
        }
        Instant from = board.epoch();
        LayerRef layer = new LayerRef(from, from.plusSeconds(60), tallies.users());
        snapshots.writeLayer(board, layer, tallies).join();
        SnapshotHead head =
                new SnapshotHead(
                        board.board(), layer.to(), from, List.of(layer), 1020, 1020, Instant.now());
        snapshots.writeHead(head);

        assertThat(layers.readLayer(board, layer).join().asMap()).isEqualTo(tallies.asMap());
        assertThat(layers.readLayer(board, layer).join().get("whale").sumOfSquares())
                .isEqualTo(BigInteger.TEN.pow(18).multiply(BigInteger.valueOf(20)));
        assertThat(heads.latestHead(board.board())).contains(head);
    }

    @Test
    void aPackedLayerKeepsItsUsersVotersAndRefusesToBeReadWithABlockMissing() {
        BoardSettings board = board("packed");
        Tallies tallies = new Tallies();
        for (int i = 0; i < 3_000; i++) {
            tallies.addVote("user-" + i, "voter-" + i % 7, i % 11 - 2);
            tallies.addVote("user-" + i, "voter-" + i % 5, 3);
        }
        Instant from = board.epoch();
        LayerRef layer = new LayerRef(from, from.plusSeconds(60), tallies.users());
        snapshots.writeLayer(board, layer, tallies).join();

        Tallies read = layers.readLayer(board, layer).join();
        assertThat(read.asMap()).isEqualTo(tallies.asMap());
        assertThat(VoterSketches.estimate(read.voters("user-34")))
                .isEqualTo(VoterSketches.estimate(tallies.voters("user-34")))
                .isEqualTo(2);
        // As the worker's merges read it: the blocks as stored.
        PackedLayer packed = layers.readPacked(board, layer).join();
        assertThat(packed.rows()).isEqualTo(3_000);
        assertThat(packed.tallies().asMap()).isEqualTo(tallies.asMap());

        SESSION.execute(
                "DELETE FROM snapshot_layer_blocks WHERE board = ? AND from_time = ? AND to_time"
                        + " = ? AND chunk = 2 AND block = 1",
                board.board(),
                layer.from(),
                layer.to());
        String refused = "snapshot layer " + layer + " of board packed holds " + (3_000 - 256);
        assertThatThrownBy(() -> layers.readLayer(board, layer).join())
                .hasRootCauseInstanceOf(IllegalStateException.class)
                .hasRootCauseMessage(refused + " users");
        assertThatThrownBy(() -> layers.readPacked(board, layer).join())
                .hasRootCauseInstanceOf(IllegalStateException.class)
                .hasRootCauseMessage(refused + " users");
    }

    @Test
    void aLayerWrittenBeforeThePackedFormIsStillRead() {
        BoardSettings board = board("rows");
        Instant from = board.epoch();
        LayerRef layer = new LayerRef(from, from.plusSeconds(60), 2);
        Tallies voted = new Tallies();
        voted.addVote("alice", "v1", 5);
        voted.addVote("alice", "v2", 1);
        for (String user : List.of("alice", "bob")) {
            Tally tally = user.equals("alice") ? voted.get("alice") : Tally.retraction(4);
            SESSION.execute(
                    "INSERT INTO snapshot_layers (board, from_time, to_time, chunk, user_id, sum,"
                            + " count, min, max, sum_sq, voters) VALUES (?, ?, ?, ?, ?, ?, ?, ?,"
                            + " ?, ?, ?)",
                    board.board(),
                    layer.from(),
                    layer.to(),
                    Hashing.chunkOf(user, board.chunks()),
                    user,
                    tally.sum(),
                    tally.count(),
                    tally.min(),
                    tally.max(),
                    tally.sumOfSquares(),
                    user.equals("alice")
                            ? ByteBuffer.wrap(VoterSketches.toBytes(voted.voters("alice")))
                            : null);
        }

        Tallies read = layers.readLayer(board, layer).join();

        assertThat(read.asMap())
                .containsOnly(
                        Map.entry("alice", voted.get("alice")),
                        Map.entry("bob", Tally.retraction(4)));
        assertThat(VoterSketches.estimate(read.voters("alice"))).isEqualTo(2);
        // A merge reads it packed, the same users and tallies.
        PackedLayer packed = layers.readPacked(board, layer).join();
        assertThat(packed.rows()).isEqualTo(2);
        assertThat(packed.tallies().asMap()).isEqualTo(read.asMap());
        assertThat(VoterSketches.estimate(packed.tallies().voters("alice"))).isEqualTo(2);
    }

    private BoardSettings board(String name) {
        return boardWriter.insertIfAbsent(
                BoardSettings.requested(name, 60, null, 60, 4, 4, Instant.now()));
    }
}
