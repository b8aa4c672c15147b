package org.leaderboard.model.cassandra;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * Reads of the {@code retraction_claims} table: which compensating event retracts a vote (only the
 * writer claims: its {@code ClaimWriter}). The earliest retraction wins, as in {@link
 * VoterClaimDao}, so a vote retracted twice, or by two writers at once, is removed once: only the
 * winning compensating event counts.
 */
public final class RetractionClaimDao {

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement select;

    public RetractionClaimDao(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.select =
                session.prepare(
                        selectFrom(keyspace, "retraction_claims")
                                .column("retraction_id")
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("vote_id")
                                .isEqualTo(bindMarker())
                                .build());
    }

    public CompletionStage<Optional<UUID>> winner(String board, UUID voteId) {
        return session.executeAsync(
                        select.bind(board, voteId).setConsistencyLevel(consistency.read()))
                .thenApply(rs -> Optional.ofNullable(rs.one()).map(row -> row.getUuid(0)));
    }
}
