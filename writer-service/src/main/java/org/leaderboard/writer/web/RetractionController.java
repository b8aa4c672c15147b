package org.leaderboard.writer.web;

import java.util.UUID;
import org.leaderboard.model.api.RetractVoteCommand;
import org.leaderboard.model.api.RetractionResult;
import org.leaderboard.model.board.Ids;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.time.TimeUuids;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Retracting a vote: a compensating event, idempotent like a vote. */
@RestController
class RetractionController {

    private final Commands commands;

    RetractionController(Commands commands) {
        this.commands = commands;
    }

    @PostMapping("/boards/{board}/votes/{voteId}/retraction")
    @ResponseStatus(HttpStatus.ACCEPTED)
    RetractionResult retract(@PathVariable String board, @PathVariable String voteId) {
        Ids.requireBoard("board", board);
        return commands.send(new RetractVoteCommand(board, timeUuid(voteId)));
    }

    private static UUID timeUuid(String voteId) {
        UUID id;
        try {
            id = voteId.length() == 36 ? UUID.fromString(voteId) : null;
        } catch (IllegalArgumentException e) {
            id = null;
        }
        if (id == null || !TimeUuids.isTimeUuid(id)) {
            throw new InvalidInputException(
                    "voteId",
                    "'"
                            + (voteId.length() > 40 ? voteId.substring(0, 40) + "..." : voteId)
                            + "' is not a version-1 timeuuid (the voteId the vote was answered with)");
        }
        return id;
    }
}
