package org.leaderboard.cli;

import java.util.UUID;

/**
 * What became of one line of an import: the writer's status (RECORDED, ALREADY_RECORDED, REFUSED),
 * or FAILED when no answer came after every retry; {@code httpStatus} and {@code detail} say why a
 * vote was refused or failed.
 */
record LineResult(VoteRow row, UUID voteId, String status, Integer httpStatus, String detail) {

    static final String FAILED = "FAILED";
    static final String REFUSED = "REFUSED";

    boolean counts() {
        return !status.equals(FAILED) && !status.equals(REFUSED);
    }
}
