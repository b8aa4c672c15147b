package org.leaderboard.writer.command;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.writer.config.LoadSettings;
import org.leaderboard.writer.store.VoteEventWriter;
import org.springframework.stereotype.Component;

/**
 * Writes concurrent single votes together: one unlogged batch per event partition, as the batch
 * endpoint does, so that under load the store applies one mutation per partition instead of one per
 * vote, and the driver sends one request instead of many.
 *
 * <p>No timer: a vote is written at once while fewer than {@code maxGroupsInFlight} groups are
 * being written, so nothing waits when the writer is idle. Votes that arrive while every lane is
 * busy queue, and go together (at most {@code maxVotesPerGroup}) as soon as a group completes: a
 * vote waits at most about one store round-trip (a millisecond or two here), and the busier the
 * writer, the bigger the groups. The queue is bounded by the in-flight bound the web layer enforces
 * ({@code writer.load.max-votes-in-flight}).
 *
 * <p>Each vote's stage completes when the batch holding it is stored at the configured consistency
 * (or fails with it), and each row keeps its own request's first-write-wins timestamp ({@link
 * VoteEventWriter.Append}), so a vote acknowledged from a group means what it means alone.
 */
@Component
class GroupCommit {

    private final VoteEventWriter events;
    private final int maxVotesPerGroup;
    private final int maxGroupsInFlight;
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>();
    private int groupsInFlight;

    GroupCommit(VoteEventWriter events, LoadSettings settings) {
        this.events = events;
        this.maxVotesPerGroup = settings.maxVotesPerGroup();
        this.maxGroupsInFlight = settings.maxGroupsInFlight();
    }

    /** Completes when the vote is stored, fails when its batch was not confirmed. */
    CompletableFuture<Void> append(BoardSettings board, VoteCastEvent event, Instant now) {
        // The progress mark waits for the vote from now on, however long it waits its turn.
        events.willWrite(event.voteId());
        Pending pending = new Pending(new VoteEventWriter.Append(board, event, now));
        List<Pending> group;
        synchronized (waiting) {
            waiting.add(pending);
            group = takeGroupIfLaneFree();
        }
        write(group);
        return pending.stored;
    }

    /** Called holding the lock; an empty group when every lane is busy or nothing waits. */
    private List<Pending> takeGroupIfLaneFree() {
        if (waiting.isEmpty() || groupsInFlight >= maxGroupsInFlight) {
            return List.of();
        }
        groupsInFlight++;
        List<Pending> group = new ArrayList<>(Math.min(waiting.size(), maxVotesPerGroup));
        while (!waiting.isEmpty() && group.size() < maxVotesPerGroup) {
            group.add(waiting.poll());
        }
        return group;
    }

    private void write(List<Pending> group) {
        if (group.isEmpty()) {
            return;
        }
        List<CompletionStage<Void>> stored;
        try {
            stored = events.insertAll(group.stream().map(Pending::append).toList());
        } catch (RuntimeException e) {
            group.forEach(pending -> pending.stored.completeExceptionally(e));
            laneFreed();
            return;
        }
        for (int i = 0; i < group.size(); i++) {
            CompletableFuture<Void> vote = group.get(i).stored;
            stored.get(i).whenComplete((done, failure) -> complete(vote, failure));
        }
        // The lane is freed when the whole group is stored, before the next group is taken.
        CompletableFuture.allOf(
                        stored.stream()
                                .distinct()
                                .map(CompletionStage::toCompletableFuture)
                                .toArray(CompletableFuture[]::new))
                .whenComplete((done, failure) -> laneFreed());
    }

    private void laneFreed() {
        List<Pending> next;
        synchronized (waiting) {
            groupsInFlight--;
            next = takeGroupIfLaneFree();
        }
        write(next);
    }

    private static void complete(CompletableFuture<Void> vote, Throwable failure) {
        if (failure == null) {
            vote.complete(null);
        } else {
            vote.completeExceptionally(failure);
        }
    }

    private record Pending(VoteEventWriter.Append append, CompletableFuture<Void> stored) {
        Pending(VoteEventWriter.Append append) {
            this(append, new CompletableFuture<>());
        }
    }
}
