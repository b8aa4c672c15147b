package org.leaderboard.model.api;

/** What happened to one vote. */
public enum VoteStatus {
    /** Stored now (or re-stored identically: a retry inside the write window looks the same). */
    RECORDED,
    /** Found already stored; answered for a retry that arrives after the write window closed. */
    ALREADY_RECORDED,
    /** Not stored; {@link VoteResult#detail()} says why. Only in batch answers. */
    REFUSED
}
