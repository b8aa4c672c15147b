package org.leaderboard.writer.store;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.RetractionClaimDao;
import org.leaderboard.model.cassandra.Tables;
import org.leaderboard.model.cassandra.VoterClaimDao;
import org.leaderboard.model.time.TimeUuids;

/**
 * Writes claims, the writer's way to unique votes and single retractions without Paxos: the
 * earliest claim wins on every replica because it carries the highest write timestamp ({@code
 * Long.MAX_VALUE - claim time in micros}). The other sides read claims through {@link
 * VoterClaimDao} and {@link RetractionClaimDao}.
 */
public final class ClaimWriter {

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement voterClaim;
    private final PreparedStatement retractionClaim;

    public ClaimWriter(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.voterClaim =
                session.prepare(
                        insertInto(keyspace, "voter_claims")
                                .value("board", bindMarker())
                                .value("voter_id", bindMarker())
                                .value("user_id", bindMarker())
                                .value("vote_id", bindMarker())
                                .usingTimestamp(bindMarker())
                                .build());
        this.retractionClaim =
                session.prepare(
                        insertInto(keyspace, "retraction_claims")
                                .value("board", bindMarker())
                                .value("vote_id", bindMarker())
                                .value("retraction_id", bindMarker())
                                .usingTimestamp(bindMarker())
                                .build());
    }

    /** Claims the voter's vote in {@code user}'s scope for {@code voteId}, at {@code now}. */
    public CompletionStage<Void> claimVote(
            BoardSettings board, String voter, String user, UUID voteId, Instant now) {
        long earliestWins =
                Long.MAX_VALUE - (now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000);
        return session.executeAsync(
                        voterClaim
                                .bind(
                                        board.board(),
                                        voter,
                                        VoterClaimDao.scope(board, user),
                                        voteId,
                                        earliestWins)
                                .setIdempotent(true)
                                .setConsistencyLevel(consistency.write()))
                .thenApply(rs -> null);
    }

    /** Claims the retraction of {@code voteId} for {@code retractionId}, at the latter's time. */
    public CompletionStage<Void> claimRetraction(String board, UUID voteId, UUID retractionId) {
        long earliestWins = Long.MAX_VALUE - TimeUuids.microsOf(retractionId);
        return session.executeAsync(
                        retractionClaim
                                .bind(board, voteId, retractionId, earliestWins)
                                .setIdempotent(true)
                                .setConsistencyLevel(consistency.write()))
                .thenApply(rs -> null);
    }
}
