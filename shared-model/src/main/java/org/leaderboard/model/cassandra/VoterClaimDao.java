package org.leaderboard.model.cassandra;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;

/**
 * Reads of the {@code voter_claims} table: who holds a voter's one vote, without Paxos. Only the
 * writer claims (its {@code ClaimWriter}).
 *
 * <p>A claim is written {@code USING TIMESTAMP (Long.MAX_VALUE - claim time in micros)}, the claim
 * time being the writer's clock when it claims: of several claims of the same voter and scope, the
 * <em>earliest claim</em> has the highest write timestamp and wins on every replica, whatever order
 * the writes arrive in (equal timestamps are settled by Cassandra comparing the values, the same
 * way on every replica). A later claim can only win if its writer's clock is behind by more than
 * the time between the two claims, so a claim is final once the writers' maximum clock skew has
 * passed; every snapshot cutoff is far older than that.
 */
public final class VoterClaimDao {

    /** The scope of a PER_BOARD claim: one per voter per board, whatever the user. */
    static final String WHOLE_BOARD = "";

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement select;

    public VoterClaimDao(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.select =
                session.prepare(
                        selectFrom(keyspace, "voter_claims")
                                .column("vote_id")
                                .writeTime("vote_id")
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("voter_id")
                                .isEqualTo(bindMarker())
                                .whereColumn("user_id")
                                .isEqualTo(bindMarker())
                                .build());
    }

    /**
     * The vote holding the claim now, at the read level that overlaps the claim writes (so a claim
     * acknowledged before this read started is seen, or one that beat it).
     */
    public CompletionStage<Optional<UUID>> winner(BoardSettings board, String voter, String user) {
        return holder(board, voter, user).thenApply(claim -> claim.map(Claim::voteId));
    }

    /** The claim now, with its claim time recovered from {@code WRITETIME}. */
    public CompletionStage<Optional<Claim>> holder(BoardSettings board, String voter, String user) {
        return session.executeAsync(
                        select.bind(board.board(), voter, scope(board, user))
                                .setConsistencyLevel(consistency.read()))
                .thenApply(rs -> Optional.ofNullable(rs.one()).map(VoterClaimDao::claim));
    }

    private static Claim claim(Row row) {
        long claimMicros = Long.MAX_VALUE - row.getLong(1);
        return new Claim(
                row.getUuid(0),
                Instant.ofEpochSecond(
                        Math.floorDiv(claimMicros, 1_000_000L),
                        Math.floorMod(claimMicros, 1_000_000L) * 1_000));
    }

    /** Who holds a claim, and since when (the writer's clock when it claimed). */
    public record Claim(UUID voteId, Instant claimedAt) {}

    /** The scope of a claim: the user on a PER_USER board, the whole board otherwise. */
    public static String scope(BoardSettings board, String user) {
        return board.uniqueVotes() == UniqueVotes.PER_USER ? user : WHOLE_BOARD;
    }
}
