package org.leaderboard.writer.command;

import java.util.UUID;

/** A refusal whose HTTP status and title are chosen where it is made (one class, several kinds). */
abstract class StatusRefusal extends VoteRefusedException {

    private final int status;
    private final String title;

    StatusRefusal(UUID voteId, int status, String title, String detail) {
        super(voteId, detail, null);
        this.status = status;
        this.title = title;
    }

    @Override
    public int httpStatus() {
        return status;
    }

    @Override
    public String title() {
        return title;
    }
}
