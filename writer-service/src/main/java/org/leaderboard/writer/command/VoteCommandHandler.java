package org.leaderboard.writer.command;

import com.datastax.oss.driver.api.core.DriverException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.axonframework.commandhandling.CommandHandler;
import org.leaderboard.model.api.CastVoteCommand;
import org.leaderboard.model.api.CastVotesCommand;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.api.VoteResult;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.board.UnknownBoardException;
import org.leaderboard.model.cassandra.BoardCache;
import org.leaderboard.model.cassandra.VoteEventDao;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.writer.config.WaitingWork;
import org.leaderboard.writer.config.WriterSettings;
import org.leaderboard.writer.store.LateEventMarks;
import org.leaderboard.writer.store.VoteEventWriter;
import org.springframework.stereotype.Component;

/**
 * Records votes: one idempotent INSERT per vote (invariants 1 and 2), after checking the write
 * window (invariant 3) and that the board is not closed to the vote's time; concurrent single votes
 * share unlogged batches ({@link GroupCommit}). Commands arrive validated by the web layer (ids,
 * vote range, timeuuid).
 *
 * <p>The hot path never reads before it writes: board settings come from {@link BoardCache}'s
 * cache, and a second insert of the same voteId loses against the first (see {@link
 * VoteEventWriter#insert}). Only a vote older than the window costs a read, to tell a late retry of
 * a stored vote from a vote that is too late.
 */
@Component
class VoteCommandHandler {

    private final BoardCache boards;
    private final VoteEventWriter events;
    private final VoteEventDao storedEvents;
    private final WriteWindow window;
    private final Clock clock;
    private final VoteMetrics metrics;
    private final ClaimedVotes claimed;
    private final LateRetries lateRetries;
    private final GroupCommit groupCommit;
    private final LateEventMarks lateMarks;
    private final Acknowledgements acks;

    VoteCommandHandler(
            BoardCache boards,
            VoteEventWriter events,
            VoteEventDao storedEvents,
            WriterSettings settings,
            Clock clock,
            VoteMetrics metrics,
            ClaimedVotes claimed,
            LateRetries lateRetries,
            GroupCommit groupCommit,
            LateEventMarks lateMarks,
            Acknowledgements acks) {
        this.boards = boards;
        this.acks = acks;
        this.lateMarks = lateMarks;
        this.groupCommit = groupCommit;
        this.events = events;
        this.storedEvents = storedEvents;
        this.claimed = claimed;
        this.lateRetries = lateRetries;
        this.window = new WriteWindow(settings.maxClockSkew());
        this.clock = clock;
        this.metrics = metrics;
    }

    /**
     * Answers with a future, so no thread waits for the store: refusals known before writing (a
     * closed board) are thrown at once, the rest complete the future. A vote inside the window of a
     * board without unique votes goes to the {@link GroupCommit}; a board this writer has not
     * cached yet is looked up as {@link WaitingWork} first.
     */
    @CommandHandler
    CompletableFuture<VoteResult> handle(CastVoteCommand command) {
        Optional<BoardSettings> cached = boards.cached(command.board());
        if (cached.isPresent()) {
            return cast(cached.get(), command, clock.instant(), true);
        }
        // A board not cached yet, or unknown (misses are not cached): its look-up waits.
        return WaitingWork.start(() -> requireBoard(command.board(), 1))
                .thenCompose(board -> cast(board, command, clock.instant(), true));
    }

    /**
     * Each vote is answered as on its own. The votes inside the write window of a board without
     * unique votes are stored together, one unlogged batch per event partition ({@link
     * VoteEventWriter#insertAll}); the others (late votes, unique-vote boards) take the single-vote
     * path. Everything runs concurrently and is awaited together. A voteId repeated in the batch is
     * stored once: an identical repeat gets the first one's answer, a different vote under the same
     * id is refused (422), as the stored vote is the first.
     */
    @CommandHandler
    List<VoteResult> handle(CastVotesCommand command) {
        BoardSettings board = requireBoard(command.board(), command.votes().size());
        Instant now = clock.instant();
        List<CompletableFuture<VoteResult>> results = new ArrayList<>(command.votes().size());
        Map<UUID, Integer> firstWithId = new HashMap<>();
        List<Batched> batched = new ArrayList<>();
        for (CastVoteCommand vote : command.votes()) {
            Integer first = firstWithId.putIfAbsent(vote.voteId(), results.size());
            if (first != null) {
                // Two rows of one voteId written with one timestamp would merge cell by cell.
                results.add(repeatOf(command.votes().get(first), results.get(first), vote, first));
            } else if (board.uniqueVotes() == UniqueVotes.NONE
                    && !board.closedTo(TimeUuids.timeOf(vote.voteId()))
                    && window.check(board, vote.voteId(), now).isEmpty()) {
                Batched queued = new Batched(VoteCastEvent.from(vote), new CompletableFuture<>());
                batched.add(queued);
                results.add(queued.answer());
            } else {
                results.add(castOrRefuse(board, vote, now));
            }
        }
        List<CompletionStage<Void>> stored =
                events.insertAll(board, batched.stream().map(Batched::event).toList(), now);
        for (int k = 0; k < batched.size(); k++) {
            Batched queued = batched.get(k);
            UUID voteId = queued.event().voteId();
            stored.get(k)
                    .toCompletableFuture()
                    .handle((done, failure) -> recorded(board, queued.event(), failure))
                    .thenCompose(answer -> answer)
                    .exceptionally(failure -> refused(voteId, failure))
                    .thenAccept(queued.answer()::complete);
        }
        CompletableFuture.allOf(results.toArray(CompletableFuture[]::new)).join();
        return results.stream().map(CompletableFuture::join).toList();
    }

    /** A vote of a batch inside the window, stored with the others, and its answer to come. */
    private record Batched(VoteCastEvent event, CompletableFuture<VoteResult> answer) {}

    /**
     * The answer to a vote whose voteId came earlier in the same batch: the earlier answer if the
     * votes are the same, a refusal if the voteId was reused for another vote.
     */
    private CompletableFuture<VoteResult> repeatOf(
            CastVoteCommand first,
            CompletableFuture<VoteResult> firstAnswer,
            CastVoteCommand repeat,
            int firstIndex) {
        return repeat.equals(first)
                ? firstAnswer
                : CompletableFuture.completedFuture(
                        refused(repeat.voteId(), new VoteIdReusedException(repeat, firstIndex)));
    }

    private BoardSettings requireBoard(String board, int votes) {
        try {
            return boards.require(board);
        } catch (UnknownBoardException e) {
            metrics.refused(VoteMetrics.UNKNOWN_BOARD, votes);
            throw e;
        }
    }

    /**
     * {@code grouped}: a single vote, handled on the thread that sent it, which is Netty's event
     * loop. It never waits there: inside the window it joins the group commit, and what must read
     * the store first (a late retry's look-up, a unique-vote claim) runs as {@link WaitingWork}. A
     * vote of a batch, whose handler already runs off the event loop, is written on its own.
     */
    private CompletableFuture<VoteResult> cast(
            BoardSettings board, CastVoteCommand vote, Instant now, boolean grouped) {
        requireOpen(board, vote.voteId());
        var outside = window.check(board, vote.voteId(), now);
        if (outside.isPresent()) {
            return grouped
                    ? WaitingWork.start(() -> lateVote(board, outside.get()))
                    : CompletableFuture.completedFuture(lateVote(board, outside.get()));
        }
        if (board.uniqueVotes() != UniqueVotes.NONE) {
            return grouped
                    ? WaitingWork.start(() -> castClaimed(board, vote)).thenCompose(claim -> claim)
                    : castClaimed(board, vote);
        }
        VoteCastEvent event = VoteCastEvent.from(vote);
        CompletionStage<Void> stored =
                grouped ? groupCommit.append(board, event, now) : events.insert(board, event, now);
        return stored.toCompletableFuture()
                .handle((done, failure) -> recorded(board, event, failure))
                .thenCompose(answer -> answer);
    }

    /**
     * Refuses a vote of the board's close instant or later, before anything else: a closed board
     * takes no new vote, not even a late retry of one a writer accepted before it saw the close.
     * The vote's own time decides, not the writer's clock, so a close set ahead of time is exact.
     */
    private void requireOpen(BoardSettings board, UUID voteId) {
        Instant voteTime = TimeUuids.timeOf(voteId);
        if (board.closedTo(voteTime)) {
            metrics.refused(VoteMetrics.BOARD_CLOSED, 1);
            throw new BoardClosedException(board, voteId, voteTime);
        }
    }

    private CompletableFuture<VoteResult> castClaimed(BoardSettings board, CastVoteCommand vote) {
        try {
            return CompletableFuture.completedFuture(accepted(claimed.cast(board, vote)));
        } catch (VoteConflictException e) {
            metrics.refused(VoteMetrics.ALREADY_VOTED, 1);
            return CompletableFuture.failedFuture(e);
        } catch (VoteNotStoredException e) {
            metrics.refused(VoteMetrics.STORE_FAILED, 1);
            return CompletableFuture.failedFuture(e);
        } catch (WriterNotRegisteredException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * A retry of a stored vote after its window is told ALREADY_RECORDED only if the vote counts:
     * on a unique-vote board it must hold its claim, and it must have been in the snapshot fold of
     * its time (see {@link LateRetries}); anything else outside the window is refused.
     */
    private VoteResult lateVote(BoardSettings board, VoteOutsideWindowException outside) {
        Optional<VoteCastEvent> stored =
                outside.tooOld() ? stored(board, outside.voteId()) : Optional.empty();
        if (stored.isPresent()) {
            if (board.uniqueVotes() != UniqueVotes.NONE
                    && !claimed.holdsClaim(board, stored.get())) {
                metrics.refused(VoteMetrics.ALREADY_VOTED, 1);
                throw new VoteConflictException(
                        board,
                        outside.voteId(),
                        stored.get().voter(),
                        stored.get().user(),
                        claimedBy(board, stored.get()));
            }
            try {
                lateRetries.requireCounted(board, outside.voteId());
            } catch (LateVoteException e) {
                metrics.refused(VoteMetrics.OUTSIDE_WINDOW, 1);
                throw e;
            }
            // Not in the feed: a vote past its window counts through the snapshot of its time
            // (requireCounted), which query services read; as a feed event it would count twice.
            return accepted(VoteResult.alreadyRecorded(outside.voteId()));
        }
        metrics.refused(VoteMetrics.OUTSIDE_WINDOW, 1);
        throw outside;
    }

    private UUID claimedBy(BoardSettings board, VoteCastEvent stored) {
        return claimed.holder(board, stored).orElse(null);
    }

    private Optional<VoteCastEvent> stored(BoardSettings board, UUID voteId) {
        try {
            return storedEvents.find(board, voteId);
        } catch (DriverException e) {
            metrics.refused(VoteMetrics.STORE_FAILED, 1);
            throw VoteNotStoredException.lookupFailed(voteId, e);
        }
    }

    /**
     * Acknowledges a stored vote, if it was stored while its window was still open, once it is
     * marked late if its write completed late ({@link LateEventMarks}), and then appended to this
     * writer's feed ({@link Acknowledgements}).
     */
    private CompletableFuture<VoteResult> recorded(
            BoardSettings board, VoteCastEvent event, Throwable failure) {
        UUID voteId = event.voteId();
        Instant completedAt;
        try {
            if (failure != null) {
                throw VoteNotStoredException.insertFailed(voteId, unwrap(failure));
            }
            completedAt = clock.instant();
            window.requireStillOpen(board, voteId, completedAt);
        } catch (VoteNotStoredException e) {
            metrics.refused(VoteMetrics.STORE_FAILED, 1);
            throw e;
        }
        return lateMarks
                .markIfLate(board, voteId, completedAt)
                .toCompletableFuture()
                .handle(
                        (marked, markFailure) -> {
                            if (markFailure != null) {
                                metrics.refused(VoteMetrics.STORE_FAILED, 1);
                                throw VoteNotStoredException.insertFailed(
                                        voteId, unwrap(markFailure));
                            }
                            acks.stored(event);
                            return accepted(VoteResult.recorded(voteId));
                        });
    }

    private VoteResult accepted(VoteResult result) {
        metrics.accepted(result.status());
        return result;
    }

    /** In a batch a refusal is one entry of the answer, with the single endpoint's status. */
    private CompletableFuture<VoteResult> castOrRefuse(
            BoardSettings board, CastVoteCommand vote, Instant now) {
        try {
            return cast(board, vote, now, false)
                    .exceptionally(failure -> refused(vote.voteId(), failure));
        } catch (VoteRefusedException e) {
            return CompletableFuture.completedFuture(refused(vote.voteId(), e));
        }
    }

    private static VoteResult refused(UUID voteId, Throwable failure) {
        if (unwrap(failure) instanceof VoteRefusedException refusal) {
            return VoteResult.refused(voteId, refusal.httpStatus(), refusal.getMessage());
        }
        throw new CompletionException(failure);
    }

    private static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause()
                : failure;
    }
}
