package org.leaderboard.writer.command;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.axonframework.commandhandling.CommandHandler;
import org.leaderboard.model.api.RetractVoteCommand;
import org.leaderboard.model.api.RetractionResult;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.api.VoteRetractedEvent;
import org.leaderboard.model.api.VoteStatus;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.BoardCache;
import org.leaderboard.model.cassandra.RetractionClaimDao;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.model.cassandra.VoteEventDao;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.writer.config.WriterSettings;
import org.leaderboard.writer.store.ClaimWriter;
import org.leaderboard.writer.store.LateEventMarks;
import org.leaderboard.writer.store.VoteEventWriter;
import org.springframework.stereotype.Component;

/**
 * Retracts votes (invariant 9): appends a compensating event, never touching the vote. The event is
 * stored before its retraction claim, and only the claim's winner counts, so retracting twice,
 * concurrently or after a crash between the two writes, removes the vote exactly once.
 */
@Component
class RetractionHandler {

    private final BoardCache boards;
    private final VoteEventDao events;
    private final VoteEventWriter eventWriter;
    private final RetractionClaimDao retractions;
    private final ClaimWriter claimWriter;
    private final ClaimedVotes claimed;
    private final LateRetries lateRetries;
    private final Clock clock;
    private final WriteWindow window;
    private final LateEventMarks lateMarks;
    private final Acknowledgements acks;
    private final StripedLocks votes = new StripedLocks(256);

    RetractionHandler(
            BoardCache boards,
            VoteEventDao events,
            VoteEventWriter eventWriter,
            RetractionClaimDao retractions,
            ClaimWriter claimWriter,
            ClaimedVotes claimed,
            LateRetries lateRetries,
            Clock clock,
            WriterSettings settings,
            LateEventMarks lateMarks,
            Acknowledgements acks) {
        this.acks = acks;
        this.lateRetries = lateRetries;
        this.lateMarks = lateMarks;
        this.boards = boards;
        this.events = events;
        this.eventWriter = eventWriter;
        this.retractions = retractions;
        this.claimWriter = claimWriter;
        this.claimed = claimed;
        this.clock = clock;
        this.window = new WriteWindow(settings.maxClockSkew());
    }

    /**
     * Retractions of the same vote are serialised inside this writer, so the first one stores its
     * event and claim before the next looks: one answer RECORDED, all others ALREADY_RECORDED with
     * the same retractionId. Between two writers the race of invariant 8 remains (both may answer
     * RECORDED), and the count is still exact because only the claim's final winner counts.
     */
    @CommandHandler
    RetractionResult handle(RetractVoteCommand command) {
        BoardSettings board = boards.require(command.board());
        // Refused before anything is read or stored: a compensating event on a BEST or LOWEST
        // board would take the vote out of sum and count but leave the max or min it set.
        if (!board.score().retractable()) {
            throw RetractionRefusedException.notRetractable(
                    board.board(), command.voteId(), board.score());
        }
        // One reading of the clock stamps the retraction; the window is checked again when its
        // writes complete, however long the lock wait and the writes took.
        Instant now = clock.instant();
        StoredEvent vote = retractable(board, command.voteId(), now);
        return votes.underLock(
                board.board(), command.voteId(), () -> retract(board, command, vote, now));
    }

    private RetractionResult retract(
            BoardSettings board, RetractVoteCommand command, StoredEvent vote, Instant now) {
        Optional<UUID> done = winner(board, command.voteId());
        if (done.isPresent()) {
            // Its compensating event was stored before its claim; perhaps by another writer that
            // failed before answering, so it goes into this writer's feed before this answer.
            acks.stored(compensating(done.get(), board, command, vote));
            return new RetractionResult(command.voteId(), done.get(), VoteStatus.ALREADY_RECORDED);
        }
        Instant voteTime = TimeUuids.timeOf(command.voteId());
        Instant stamp =
                WriteWindow.retractionTime(board, voteTime, now)
                        .orElseThrow(
                                () ->
                                        RetractionRefusedException.periodClosed(
                                                command.voteId(),
                                                voteTime,
                                                board.nextPeriodStart(voteTime),
                                                board.writeWindow()));
        UUID retractionId = TimeUuids.voteIdAt(stamp);
        VoteRetractedEvent event = compensating(retractionId, board, command, vote);
        eventWriter.insertRetraction(board, event, now).toCompletableFuture().join();
        // Stored too late, the compensating event is left without its claim: it never counts,
        // and a retry makes a new one.
        window.requireStillOpen(board, retractionId, clock.instant());
        claimWriter
                .claimRetraction(board.board(), command.voteId(), retractionId)
                .toCompletableFuture()
                .join();
        // The claim decides whether the compensating event counts: both must be stored while
        // the event is still inside its write window, before any snapshot can fold past it.
        Instant completedAt = clock.instant();
        window.requireStillOpen(board, retractionId, completedAt);
        lateMarks.markIfLate(board, retractionId, completedAt).toCompletableFuture().join();
        UUID won = winner(board, command.voteId()).orElse(retractionId);
        // The winner is the one that counts (and is stored: each is stored before its claim).
        acks.stored(compensating(won, board, command, vote));
        return new RetractionResult(
                command.voteId(),
                won,
                won.equals(retractionId) ? VoteStatus.RECORDED : VoteStatus.ALREADY_RECORDED);
    }

    private static VoteRetractedEvent compensating(
            UUID retractionId, BoardSettings board, RetractVoteCommand command, StoredEvent vote) {
        return new VoteRetractedEvent(
                retractionId,
                board.board(),
                command.voteId(),
                vote.user(),
                vote.voter(),
                vote.votes());
    }

    private StoredEvent retractable(BoardSettings board, UUID voteId, Instant now) {
        StoredEvent stored =
                events.findStored(board, voteId)
                        .orElseThrow(
                                () ->
                                        RetractionRefusedException.unknownVote(
                                                board.board(), voteId));
        if (stored.isRetraction()) {
            throw RetractionRefusedException.isRetraction(voteId, stored.retracts());
        }
        if (board.uniqueVotes() != UniqueVotes.NONE
                && !claimed.holdsClaim(
                        board,
                        new VoteCastEvent(
                                voteId,
                                board.board(),
                                stored.user(),
                                stored.voter(),
                                stored.votes()))) {
            throw RetractionRefusedException.neverCounted(voteId, stored.voter());
        }
        // Only a counted vote can be taken away: one stored after the snapshot of its time (an
        // insert that was never acknowledged) would leave its retraction counted without it.
        Instant voteTime = TimeUuids.timeOf(voteId);
        if (voteTime.isBefore(now.minus(board.writeWindow()))) {
            lateRetries.requireCounted(board, voteId);
        }
        return stored;
    }

    private Optional<UUID> winner(BoardSettings board, UUID voteId) {
        return retractions.winner(board.board(), voteId).toCompletableFuture().join();
    }
}
