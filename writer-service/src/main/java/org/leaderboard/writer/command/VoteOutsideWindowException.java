package org.leaderboard.writer.command;

import java.time.Instant;
import java.util.UUID;

/** A vote whose time is outside the write window (invariant 3): answered 422, not stored. */
public class VoteOutsideWindowException extends VoteRefusedException {

    private final Instant voteTime;
    private final boolean tooOld;

    VoteOutsideWindowException(UUID voteId, Instant voteTime, boolean tooOld, String detail) {
        super(voteId, detail, null);
        this.voteTime = voteTime;
        this.tooOld = tooOld;
    }

    public Instant voteTime() {
        return voteTime;
    }

    /** Older than the window (a late retry may still find it stored), else too far ahead. */
    boolean tooOld() {
        return tooOld;
    }

    @Override
    public int httpStatus() {
        return 422;
    }

    @Override
    public String title() {
        return "Vote outside the write window";
    }
}
