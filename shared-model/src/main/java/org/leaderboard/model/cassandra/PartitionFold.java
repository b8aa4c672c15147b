package org.leaderboard.model.cassandra;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.time.TimeUuids;

/**
 * The fold of one event partition. Events that count without a look-up are folded as they are read;
 * the few that need their claim checked are kept and checked, concurrently, at the end.
 */
final class PartitionFold {

    private static final int CHECK_LANES = 16;

    private final Instant until;
    private final Counting counting;
    private final Tallies tallies = new Tallies();
    private final List<StoredEvent> toCheck = new ArrayList<>();
    private PartitionDigest digest;
    private long events;

    PartitionFold(Instant bucket, int shard, Instant until, Counting counting) {
        this.until = until;
        this.counting = counting;
        this.digest = PartitionDigest.empty(bucket, shard);
    }

    void add(StoredEvent event) {
        if (until != null && TimeUuids.timeOf(event.voteId()).isAfter(until)) {
            return;
        }
        events++;
        digest = digest.plus(event.voteId());
        if (counting.needsCheck(event)) {
            toCheck.add(event);
        } else {
            fold(event);
        }
    }

    CompletionStage<EventFold> finish() {
        if (toCheck.isEmpty()) {
            return CompletableFuture.completedFuture(folded());
        }
        return AsyncLanes.map(toCheck, CHECK_LANES, counting::counts)
                .thenApply(
                        verdicts -> {
                            for (int i = 0; i < toCheck.size(); i++) {
                                if (verdicts.get(i)) {
                                    fold(toCheck.get(i));
                                }
                            }
                            return folded();
                        });
    }

    private EventFold folded() {
        return new EventFold(tallies, events, 1, events == 0 ? List.of() : List.of(digest));
    }

    private void fold(StoredEvent event) {
        if (event.isRetraction()) {
            tallies.addRetraction(event.user(), event.votes());
        } else {
            tallies.addVote(event.user(), event.voter(), event.votes());
        }
    }
}
