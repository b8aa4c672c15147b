package org.leaderboard.model.cassandra;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Decides whether a stored event counts. Most events count without a look-up; events of unique-vote
 * boards and retractions count only if they won their claim (invariants 8 and 9), which costs a
 * read, done only for them.
 */
public interface Counting {

    /** Every event counts: a board without unique votes, and no retractions to check. */
    Counting ALL =
            new Counting() {
                @Override
                public boolean needsCheck(StoredEvent event) {
                    return false;
                }

                @Override
                public CompletionStage<Boolean> counts(StoredEvent event) {
                    return CompletableFuture.completedFuture(true);
                }
            };

    boolean needsCheck(StoredEvent event);

    CompletionStage<Boolean> counts(StoredEvent event);
}
