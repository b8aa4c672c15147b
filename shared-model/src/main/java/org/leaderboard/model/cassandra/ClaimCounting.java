package org.leaderboard.model.cassandra;

import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;

/**
 * Counting by claims, for one board. A vote of a unique-vote board counts only if it is its claim's
 * final winner, so the count is exact even when two racing attempts were both told RECORDED
 * (invariant 8). A retraction counts only if it won its retraction claim, and, on a unique-vote
 * board, if the vote it retracts counts (a vote that never counted cannot be taken away).
 */
final class ClaimCounting implements Counting {

    private final BoardSettings board;
    private final VoterClaimDao voterClaims;
    private final RetractionClaimDao retractionClaims;

    ClaimCounting(
            BoardSettings board, VoterClaimDao voterClaims, RetractionClaimDao retractionClaims) {
        this.board = board;
        this.voterClaims = voterClaims;
        this.retractionClaims = retractionClaims;
    }

    @Override
    public boolean needsCheck(StoredEvent event) {
        return event.isRetraction() || board.uniqueVotes() != UniqueVotes.NONE;
    }

    @Override
    public CompletionStage<Boolean> counts(StoredEvent event) {
        if (!event.isRetraction()) {
            return holdsClaim(event, event.voteId());
        }
        CompletionStage<Boolean> wonRetraction =
                retractionClaims
                        .winner(board.board(), event.retracts())
                        .thenApply(winner -> is(winner, event.voteId()));
        return wonRetraction.thenCompose(
                won -> won ? holdsClaim(event, event.retracts()) : done(false));
    }

    private CompletionStage<Boolean> holdsClaim(StoredEvent event, UUID voteId) {
        if (board.uniqueVotes() == UniqueVotes.NONE) {
            return done(true);
        }
        return voterClaims
                .winner(board, event.voter(), event.user())
                .thenApply(winner -> is(winner, voteId));
    }

    private static boolean is(Optional<UUID> winner, UUID id) {
        return winner.isPresent() && winner.get().equals(id);
    }

    private static CompletionStage<Boolean> done(boolean value) {
        return CompletableFuture.completedFuture(value);
    }
}
