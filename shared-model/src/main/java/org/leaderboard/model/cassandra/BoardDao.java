package org.leaderboard.model.cassandra;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.Period;
import org.leaderboard.model.board.UniqueVotes;

/**
 * The {@code boards} table. Creation uses a lightweight transaction: it is rare, off the vote path,
 * and two clients creating the same board with different settings must get one definite winner.
 */
public final class BoardDao {

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement insertIfAbsent;
    private final PreparedStatement select;
    private final PreparedStatement selectAll;

    public BoardDao(CqlSession session, Consistency consistency) {
        this.session = session;
        this.consistency = consistency;
        this.insertIfAbsent =
                session.prepare(
                        insertInto("boards")
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
                                .ifNotExists()
                                .build());
        this.selectAll = session.prepare(selectFrom("boards").all().build());
        this.select =
                session.prepare(
                        selectFrom("boards")
                                .all()
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .build());
    }

    /**
     * Every board. A scan, but of the small settings table only (one row per board), paged by the
     * driver; the snapshot worker calls it once per pass.
     */
    public List<BoardSettings> all() {
        return session
                .execute(selectAll.bind().setConsistencyLevel(consistency.read()))
                .all()
                .stream()
                .map(BoardDao::toSettings)
                .toList();
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
                                        settings.retentionDays())
                                // The Paxos round decides among racing creators; the commit is
                                // then read back by other services at the configured read level.
                                .setSerialConsistencyLevel(DefaultConsistencyLevel.LOCAL_SERIAL)
                                .setConsistencyLevel(consistency.write()));
        return result.wasApplied() ? settings : toSettings(result.one());
    }

    public Optional<BoardSettings> find(String board) {
        Row row = session.execute(select.bind(board).setConsistencyLevel(consistency.read())).one();
        return Optional.ofNullable(row).map(BoardDao::toSettings);
    }

    private static BoardSettings toSettings(Row row) {
        return new BoardSettings(
                row.getString("board"),
                row.getInt("write_window_seconds"),
                UniqueVotes.valueOf(row.getString("unique_votes")),
                row.getInt("bucket_seconds"),
                row.getInt("shards"),
                row.getInt("chunks"),
                row.getInstant("created_at"),
                Optional.ofNullable(row.getString("period")).map(Period::valueOf).orElse(null),
                Optional.ofNullable(row.getString("time_zone")).map(ZoneId::of).orElse(null),
                row.isNull("retention_days") ? null : row.getInt("retention_days"));
    }
}
