package org.leaderboard.model.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.UUID;

/**
 * Outcome of one vote. For a refused vote in a batch, {@code httpStatus} and {@code detail} give
 * the answer the single-vote endpoint would have given.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VoteResult(UUID voteId, VoteStatus status, Integer httpStatus, String detail) {

    public static VoteResult recorded(UUID voteId) {
        return new VoteResult(voteId, VoteStatus.RECORDED, null, null);
    }

    public static VoteResult alreadyRecorded(UUID voteId) {
        return new VoteResult(voteId, VoteStatus.ALREADY_RECORDED, null, null);
    }

    public static VoteResult refused(UUID voteId, int httpStatus, String detail) {
        return new VoteResult(voteId, VoteStatus.REFUSED, httpStatus, detail);
    }
}
