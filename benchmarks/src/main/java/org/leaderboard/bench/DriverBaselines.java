package org.leaderboard.bench;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.update;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.querybuilder.SchemaBuilder;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.concurrent.CompletionStage;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.Tables;
import org.leaderboard.writer.store.VoteEventWriter;

/**
 * The alternatives of scenario 1, straight through the driver (async, prepared once), each vote at
 * the writer's consistency level (LOCAL_QUORUM):
 *
 * <ul>
 *   <li>raw INSERT of the same rows into {@code vote_events} ({@link VoteEventWriter#insert}, the
 *       very statement the writer runs): the ceiling of the store;
 *   <li>a Cassandra counter, {@code UPDATE bench_counters SET votes = votes + 1};
 *   <li>read-modify-write with lightweight transactions on {@code bench_lwt_tallies}: read the
 *       tally, then {@code INSERT ... IF NOT EXISTS} or {@code UPDATE ... IF votes = old}, again
 *       from the read when the condition fails.
 * </ul>
 *
 * The two tables exist only in the bench keyspace; the harness creates them (they are not part of
 * the system's schema).
 */
final class DriverBaselines {

    private final CqlSession session;
    private final VoteEventWriter events;
    private final PreparedStatement counterUpdate;
    private final PreparedStatement lwtSelect;
    private final PreparedStatement lwtInsert;
    private final PreparedStatement lwtUpdate;

    DriverBaselines(CqlSession session) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        createTables(session);
        this.events = new VoteEventWriter(session, Consistency.DEFAULT);
        this.counterUpdate =
                session.prepare(
                        update(keyspace, "bench_counters")
                                .increment("votes", bindMarker())
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("user_id")
                                .isEqualTo(bindMarker())
                                .build());
        this.lwtSelect =
                session.prepare(
                        selectFrom(keyspace, "bench_lwt_tallies")
                                .column("votes")
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("user_id")
                                .isEqualTo(bindMarker())
                                .build());
        this.lwtInsert =
                session.prepare(
                        insertInto(keyspace, "bench_lwt_tallies")
                                .value("board", bindMarker())
                                .value("user_id", bindMarker())
                                .value("votes", bindMarker())
                                .ifNotExists()
                                .build());
        this.lwtUpdate =
                session.prepare(
                        update(keyspace, "bench_lwt_tallies")
                                .setColumn("votes", bindMarker())
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("user_id")
                                .isEqualTo(bindMarker())
                                .ifColumn("votes")
                                .isEqualTo(bindMarker())
                                .build());
    }

    private static void createTables(CqlSession session) {
        session.execute(
                SchemaBuilder.createTable("bench_counters")
                        .ifNotExists()
                        .withPartitionKey("board", DataTypes.TEXT)
                        .withPartitionKey("user_id", DataTypes.TEXT)
                        .withColumn("votes", DataTypes.COUNTER)
                        .build());
        session.execute(
                SchemaBuilder.createTable("bench_lwt_tallies")
                        .ifNotExists()
                        .withPartitionKey("board", DataTypes.TEXT)
                        .withPartitionKey("user_id", DataTypes.TEXT)
                        .withColumn("votes", DataTypes.BIGINT)
                        .build());
    }

    /** The writer's own INSERT of one event, without the HTTP and command bus around it. */
    CompletionStage<Integer> insert(BoardSettings board, VoteCastEvent vote) {
        return events.insert(board, vote, Instant.now()).thenApply(v -> 1);
    }

    CompletionStage<Integer> counter(String board, String user, int votes) {
        return session.executeAsync(
                        counterUpdate
                                .bind((long) votes, board, user)
                                .setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM))
                .thenApply(rs -> 1);
    }

    /** Read, then conditional write; a lost race reads again (as a real RMW client must). */
    CompletionStage<Integer> readModifyWrite(String board, String user, int votes) {
        return session.executeAsync(
                        lwtSelect
                                .bind(board, user)
                                .setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM))
                .thenCompose(rs -> conditionalWrite(board, user, votes, rs.one()))
                .thenCompose(
                        applied ->
                                applied
                                        ? java.util.concurrent.CompletableFuture.completedFuture(1)
                                        : readModifyWrite(board, user, votes));
    }

    private CompletionStage<Boolean> conditionalWrite(
            String board, String user, int votes, Row current) {
        var statement =
                current == null
                        ? lwtInsert.bind(board, user, (long) votes)
                        : lwtUpdate.bind(
                                current.getLong("votes") + votes,
                                board,
                                user,
                                current.getLong("votes"));
        return session.executeAsync(
                        statement
                                .setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM)
                                .setSerialConsistencyLevel(DefaultConsistencyLevel.LOCAL_SERIAL))
                .thenApply(AsyncResultSet::wasApplied);
    }

    static SplittableRandom random(long seed) {
        return new SplittableRandom(seed);
    }
}
