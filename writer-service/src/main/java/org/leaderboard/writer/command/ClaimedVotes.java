package org.leaderboard.writer.command;

import com.datastax.oss.driver.api.core.DriverException;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.leaderboard.model.api.CastVoteCommand;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.api.VoteResult;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.VoterClaimDao;
import org.leaderboard.writer.config.WriterSettings;
import org.leaderboard.writer.store.ClaimWriter;
import org.leaderboard.writer.store.LateEventMarks;
import org.leaderboard.writer.store.VoteEventWriter;
import org.springframework.stereotype.Component;

/**
 * Votes of unique-vote boards (invariant 8), without Paxos: look at the claim, store the event,
 * claim, read the claim back. The earliest vote's claim wins on every replica (see {@link
 * VoterClaimDao}); the answer follows the read-back, and the count follows the final claim, so even
 * two attempts that both read themselves as winner count once.
 *
 * <p>Order matters. The claim is looked at first, so a voter's second vote is answered 409 without
 * storing anything. The event is stored before the claim: a crash between the two leaves an event
 * that counts for nobody (it holds no claim) and a voter free to vote, instead of a claim without
 * its event that would block the voter with nothing counted. A retry of the winner finds its own id
 * in the claim and is answered ALREADY_RECORDED.
 *
 * <p>Claims of the same voter are serialised inside this writer (striped locks), which makes the
 * race of invariant 8 rare: it remains only between writers, or when a later request carries an
 * earlier vote time (client-made voteIds, skewed writer clocks).
 */
@Component
class ClaimedVotes {

    private final VoterClaimDao claims;
    private final ClaimWriter claimWriter;
    private final VoteEventWriter events;
    private final Clock clock;
    private final WriteWindow window;
    private final LateEventMarks lateMarks;
    private final Acknowledgements acks;
    private final StripedLocks voters = new StripedLocks(1024);

    ClaimedVotes(
            VoterClaimDao claims,
            ClaimWriter claimWriter,
            VoteEventWriter events,
            Clock clock,
            WriterSettings settings,
            LateEventMarks lateMarks,
            Acknowledgements acks) {
        this.claims = claims;
        this.acks = acks;
        this.lateMarks = lateMarks;
        this.claimWriter = claimWriter;
        this.events = events;
        this.clock = clock;
        this.window = new WriteWindow(settings.maxClockSkew());
    }

    /**
     * The vote's claim sequence, under the voter's lock. The claim time is taken once the lock is
     * held, and the window is checked again when the last write is acknowledged: a fold reads the
     * claim when it folds the event, so both must be stored before the window closes.
     */
    VoteResult cast(BoardSettings board, CastVoteCommand vote) {
        try {
            return voters.underLock(
                    board.board(), vote.voter(), () -> claim(board, vote, clock.instant()));
        } catch (CompletionException e) {
            throw failure(vote.voteId(), e);
        }
    }

    /** Whether a stored vote holds its voter's claim now (for late retries). */
    boolean holdsClaim(BoardSettings board, VoteCastEvent stored) {
        return Optional.of(stored.voteId()).equals(holder(board, stored));
    }

    Optional<UUID> holder(BoardSettings board, VoteCastEvent stored) {
        return await(claims.winner(board, stored.voter(), stored.user()));
    }

    private VoteResult claim(BoardSettings board, CastVoteCommand vote, Instant now) {
        Optional<UUID> holder = await(claims.winner(board, vote.voter(), vote.user()));
        if (holder.isPresent() && holder.get().equals(vote.voteId())) {
            // A retry of the winner: store its event again in case the first attempt died early.
            VoteCastEvent event = VoteCastEvent.from(vote);
            await(events.insert(board, event, now));
            await(lateMarks.markIfLate(board, vote.voteId(), clock.instant()));
            acks.stored(event);
            return VoteResult.alreadyRecorded(vote.voteId());
        }
        if (holder.isPresent()) {
            throw conflict(board, vote, holder.get());
        }
        VoteCastEvent event = VoteCastEvent.from(vote);
        await(events.insert(board, event, now));
        // An event stored too late holds no claim, so it never counts, whoever folds it.
        window.requireStillOpen(board, vote.voteId(), clock.instant());
        await(claimWriter.claimVote(board, vote.voter(), vote.user(), vote.voteId(), now));
        UUID winner =
                await(claims.winner(board, vote.voter(), vote.user()))
                        .orElseThrow(() -> new IllegalStateException("claim not readable"));
        if (!winner.equals(vote.voteId())) {
            throw conflict(board, vote, winner);
        }
        Instant completedAt = clock.instant();
        window.requireStillOpen(board, vote.voteId(), completedAt);
        // Stored behind rows the query services may already hold: marked before it is answered.
        await(lateMarks.markIfLate(board, vote.voteId(), completedAt));
        // Only the claim's holder goes into the feed: a vote that lost its claim never counts.
        acks.stored(event);
        return VoteResult.recorded(vote.voteId());
    }

    private static VoteConflictException conflict(
            BoardSettings board, CastVoteCommand vote, UUID holder) {
        return new VoteConflictException(board, vote.voteId(), vote.voter(), vote.user(), holder);
    }

    private static <T> T await(CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    private static RuntimeException failure(UUID voteId, CompletionException e) {
        if (e.getCause() instanceof DriverException driver) {
            return VoteNotStoredException.insertFailed(voteId, driver);
        }
        return e.getCause() instanceof RuntimeException runtime ? runtime : e;
    }
}
