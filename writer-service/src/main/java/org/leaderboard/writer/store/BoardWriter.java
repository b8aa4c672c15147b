package org.leaderboard.writer.store;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.deleteFrom;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.update;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import java.time.Instant;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.BoardDao;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.Tables;

/**
 * Writes of the {@code boards} table; the other sides read it through {@link BoardDao}. Creation
 * uses a lightweight transaction: it is rare, off the vote path, and two clients creating the same
 * board with different settings must get one definite winner. Closing and reopening are plain
 * writes of one column: the last one wins, and they are only sent for boards that exist (boards are
 * never deleted), so they cannot create a row without settings.
 */
public final class BoardWriter {

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement insertIfAbsent;
    private final PreparedStatement close;
    private final PreparedStatement reopen;

    public BoardWriter(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.insertIfAbsent =
                session.prepare(
                        insertInto(keyspace, "boards")
                                .value("board", bindMarker())
                                .value("write_window_seconds", bindMarker())
                                .value("unique_votes", bindMarker())
                                .value("bucket_seconds", bindMarker())
                                .value("shards", bindMarker())
                                .value("chunks", bindMarker())
                                .value("created_at", bindMarker())
                                .value("period", bindMarker())
                                .value("time_zone", bindMarker())
                                .value("retention_days", bindMarker())
                                .value("score", bindMarker())
                                .ifNotExists()
                                .build());
        this.close =
                session.prepare(
                        update(keyspace, "boards")
                                .setColumn("closes_at", bindMarker())
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .build());
        this.reopen =
                session.prepare(
                        deleteFrom(keyspace, "boards")
                                .column("closes_at")
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .build());
    }

    /**
     * Stores the board unless one of that name exists; returns the settings that are stored now.
     */
    public BoardSettings insertIfAbsent(BoardSettings settings) {
        ResultSet result =
                session.execute(
                        insertIfAbsent
                                .bind(
                                        settings.board(),
                                        settings.writeWindowSeconds(),
                                        settings.uniqueVotes().name(),
                                        settings.bucketSeconds(),
                                        settings.shards(),
                                        settings.chunks(),
                                        settings.createdAt(),
                                        settings.period().name(),
                                        settings.timeZone().getId(),
                                        settings.retentionDays(),
                                        settings.score().name())
                                // The Paxos round decides among racing creators; the commit is
                                // then read back by other services at the configured read level.
                                .setSerialConsistencyLevel(DefaultConsistencyLevel.LOCAL_SERIAL)
                                .setConsistencyLevel(consistency.write()));
        return result.wasApplied() ? settings : BoardDao.toSettings(result.one());
    }

    /** Closes the board to votes whose time is at or after {@code closesAt}. */
    public void close(String board, Instant closesAt) {
        session.execute(close.bind(closesAt, board).setConsistencyLevel(consistency.write()));
    }

    /** Opens the board to votes again. */
    public void reopen(String board) {
        session.execute(reopen.bind(board).setConsistencyLevel(consistency.write()));
    }
}
