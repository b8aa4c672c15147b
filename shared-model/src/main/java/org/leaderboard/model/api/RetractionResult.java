package org.leaderboard.model.api;

import java.util.UUID;

/**
 * The answer to a retraction: RECORDED when this request's compensating event {@code retractionId}
 * is the one that counts, ALREADY_RECORDED when the vote was already retracted (by {@code
 * retractionId}); either way the vote no longer counts.
 */
public record RetractionResult(UUID voteId, UUID retractionId, VoteStatus status) {}
