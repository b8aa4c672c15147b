package org.leaderboard.model.cassandra;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import org.leaderboard.model.time.TimeUuids;

/**
 * The {@code retraction_claims} table: which compensating event retracts a vote. The earliest
 * retraction wins, as in {@link VoterClaimDao}, so a vote retracted twice, or by two writers at
 * once, is removed once: only the winning compensating event counts.
 */
public final class RetractionClaimDao {

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement insert;
    private final PreparedStatement select;

    public RetractionClaimDao(CqlSession session, Consistency consistency) {
        this.session = session;
        this.consistency = consistency;
        this.insert =
                session.prepare(
                        insertInto("retraction_claims")
                                .value("board", bindMarker())
                                .value("vote_id", bindMarker())
                                .value("retraction_id", bindMarker())
                                .usingTimestamp(bindMarker())
                                .build());
        this.select =
                session.prepare(
                        selectFrom("retraction_claims")
                                .column("retraction_id")
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("vote_id")
                                .isEqualTo(bindMarker())
                                .build());
    }

    public CompletionStage<Void> claim(String board, UUID voteId, UUID retractionId) {
        long earliestWins = Long.MAX_VALUE - TimeUuids.microsOf(retractionId);
        return session.executeAsync(
                        insert.bind(board, voteId, retractionId, earliestWins)
                                .setIdempotent(true)
                                .setConsistencyLevel(consistency.write()))
                .thenApply(rs -> null);
    }

    public CompletionStage<Optional<UUID>> winner(String board, UUID voteId) {
        return session.executeAsync(
                        select.bind(board, voteId).setConsistencyLevel(consistency.read()))
                .thenApply(rs -> Optional.ofNullable(rs.one()).map(row -> row.getUuid(0)));
    }
}
