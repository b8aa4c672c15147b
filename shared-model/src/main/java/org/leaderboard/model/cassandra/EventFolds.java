package org.leaderboard.model.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.leaderboard.model.board.BoardSettings;

/**
 * Folds of the event table the way snapshots and queries count them: every stored event, except
 * unique-vote events and retractions that lost their claims (invariants 8 and 9).
 */
public final class EventFolds {

    /** Events read by key in one request (a partition's {@code IN} list). */
    private static final int EVENTS_BY_KEY = 100;

    private final VoteEventDao events;
    private final VoterClaimDao voterClaims;
    private final RetractionClaimDao retractionClaims;

    public EventFolds(
            VoteEventDao events, VoterClaimDao voterClaims, RetractionClaimDao retractionClaims) {
        this.events = events;
        this.voterClaims = voterClaims;
        this.retractionClaims = retractionClaims;
    }

    /** Over the three tables it reads, at the given consistency levels. */
    public static EventFolds on(CqlSession session, Consistency consistency) {
        return new EventFolds(
                new VoteEventDao(session, consistency),
                new VoterClaimDao(session, consistency),
                new RetractionClaimDao(session, consistency));
    }

    /** The counted events with time in [from, to); see {@link VoteEventDao#fold}. */
    public CompletableFuture<EventFold> fold(BoardSettings board, Instant from, Instant to) {
        return events.fold(board, from, to, null, counting(board));
    }

    /** The counted events with time in [from, until], exactly (for time travel). */
    public CompletableFuture<EventFold> foldUntil(
            BoardSettings board, Instant from, Instant until) {
        Instant to = board.buckets().floor(until).plus(board.buckets().size());
        return events.fold(board, from, to, until, counting(board));
    }

    /**
     * The counted events of one partition with time at or after {@code from}, split at {@code
     * settledBefore}; see {@link VoteEventDao#foldPartitionSince}.
     */
    public CompletableFuture<SplitFold> foldPartitionSince(
            BoardSettings board, Instant bucket, int shard, Instant from, Instant settledBefore) {
        return events.foldPartitionSince(
                board, bucket, shard, from, settledBefore, counting(board));
    }

    /**
     * The rows of one partition from {@code from} on, unfolded, those in {@code known} as given
     * there; see {@link VoteEventDao#readPartitionSince}.
     */
    public CompletableFuture<List<StoredEvent>> readPartitionSince(
            BoardSettings board,
            Instant bucket,
            int shard,
            Instant from,
            Map<UUID, StoredEvent> known) {
        return events.readPartitionSince(board, bucket, shard, from, known);
    }

    /** The rows of one partition with time in [from, to), counted by Cassandra. */
    public CompletableFuture<Long> countPartition(
            BoardSettings board, Instant bucket, int shard, Instant from, Instant to) {
        return events.countPartition(board, bucket, shard, from, to);
    }

    /**
     * The late marks of one bucket from {@code from} on (see {@link VoteEventDao#lateMarksSince}).
     */
    public CompletableFuture<List<LateMark>> lateMarksSince(
            BoardSettings board, Instant bucket, Instant from) {
        return events.lateMarksSince(board, bucket, from);
    }

    /**
     * Every late mark of a board from {@code from} on, in the minutes up to {@code until}'s (see
     * {@link VoteEventDao#lateMarksBetween}).
     */
    public CompletableFuture<List<LateMark>> lateMarksBetween(
            BoardSettings board, Instant from, Instant until) {
        return events.lateMarksBetween(board, from, until);
    }

    /** Every running writer's progress (see {@link VoteEventDao#writerProgress}). */
    public CompletableFuture<List<WriterProgress>> writerProgress() {
        return events.writerProgress();
    }

    /**
     * The stored rows of the given events of one partition, read by key, {@value #EVENTS_BY_KEY}
     * ids to a request.
     */
    public CompletableFuture<List<StoredEvent>> readEvents(
            BoardSettings board, Instant bucket, int shard, List<UUID> ids) {
        if (ids.size() <= EVENTS_BY_KEY) {
            return events.readEvents(board, bucket, shard, ids);
        }
        List<List<UUID>> parts = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += EVENTS_BY_KEY) {
            parts.add(ids.subList(from, Math.min(ids.size(), from + EVENTS_BY_KEY)));
        }
        return AsyncLanes.map(parts, 4, part -> events.readEvents(board, bucket, shard, part))
                .thenApply(
                        read -> {
                            List<StoredEvent> all = new ArrayList<>();
                            read.forEach(all::addAll);
                            return all;
                        });
    }

    /** Whether the event counts only if it won a claim, which is looked up. */
    public boolean needsCheck(BoardSettings board, StoredEvent event) {
        return counting(board).needsCheck(event);
    }

    /** The events, all of which {@link #needsCheck}, that count now: their claims looked up. */
    public CompletableFuture<List<StoredEvent>> counted(
            BoardSettings board, List<StoredEvent> toCheck) {
        if (toCheck.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        Counting counting = counting(board);
        return AsyncLanes.map(toCheck, 16, counting::counts)
                .thenApply(
                        verdicts -> {
                            List<StoredEvent> counted = new ArrayList<>();
                            for (int i = 0; i < toCheck.size(); i++) {
                                if (verdicts.get(i)) {
                                    counted.add(toCheck.get(i));
                                }
                            }
                            return counted;
                        });
    }

    private Counting counting(BoardSettings board) {
        return new ClaimCounting(board, voterClaims, retractionClaims);
    }
}
