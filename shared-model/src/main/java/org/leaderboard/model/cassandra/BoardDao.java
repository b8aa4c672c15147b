package org.leaderboard.model.cassandra;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PagingState;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.board.Period;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.board.UniqueVotes;

/**
 * Reads of the {@code boards} table, which every side needs. Only the writer creates, closes and
 * reopens boards (its {@code BoardWriter}).
 */
public final class BoardDao {

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement select;
    private final PreparedStatement selectAll;

    public BoardDao(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.selectAll = session.prepare(selectFrom(keyspace, "boards").all().build());
        this.select =
                session.prepare(
                        selectFrom(keyspace, "boards")
                                .all()
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .build());
    }

    /** One page of boards, in the table's (token) order, and where the next page starts. */
    public record Page(List<BoardSettings> boards, String next) {}

    /**
     * At most {@code limit} boards, from where {@code pageState} (a {@link Page#next} of an earlier
     * call, or null for the first page) left off. The cursor is the driver's paging state, checked
     * to belong to this statement; anything else is refused as {@code pageState}. {@code next} is
     * null after the last page.
     */
    public Page page(int limit, String pageState) {
        BoundStatement statement =
                selectAll.bind().setPageSize(limit).setConsistencyLevel(consistency.read());
        if (pageState != null) {
            statement = statement.setPagingState(pagingState(pageState), session);
        }
        ResultSet rows = session.execute(statement);
        List<BoardSettings> page = new ArrayList<>(rows.getAvailableWithoutFetching());
        Iterator<Row> iterator = rows.iterator();
        // Only the page fetched: the iterator would fetch the following pages too.
        for (int left = rows.getAvailableWithoutFetching(); left > 0; left--) {
            page.add(toSettings(iterator.next()));
        }
        PagingState next = rows.getExecutionInfo().getSafePagingState();
        return new Page(page, next == null ? null : next.toString());
    }

    private PagingState pagingState(String pageState) {
        try {
            PagingState state = PagingState.fromString(pageState);
            if (state.matches(selectAll.bind())) {
                return state;
            }
        } catch (RuntimeException e) {
            // Not a paging state at all (bad hex, cut short): refused like one of another query.
        }
        throw new InvalidInputException(
                "pageState",
                "is not a cursor of this list; pass the \"next\" of the previous page, or"
                        + " nothing for the first page");
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

    public Optional<BoardSettings> find(String board) {
        Row row = session.execute(select.bind(board).setConsistencyLevel(consistency.read())).one();
        return Optional.ofNullable(row).map(BoardDao::toSettings);
    }

    /** The settings a row of the {@code boards} table holds. */
    public static BoardSettings toSettings(Row row) {
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
                row.isNull("retention_days") ? null : row.getInt("retention_days"),
                row.getInstant("closes_at"),
                Optional.ofNullable(row.getString("score")).map(ScoreKind::valueOf).orElse(null));
    }
}
