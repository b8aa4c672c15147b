package org.leaderboard.writer.web;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
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
import reactor.core.publisher.Mono;

/** Retracting a vote: a compensating event, idempotent like a vote. */
@RestController
@Tag(name = "Votes", description = "Casting votes (VOTER) and retracting them (ADMIN)")
class RetractionController {

    private static final String RESULT =
            """
            {"voteId":"6f0e5a40-c79a-11f0-8000-000000000001",\
            "retractionId":"8b2d3c40-c79a-11f0-8000-000000000003","status":"RECORDED"}""";

    private final Commands commands;

    RetractionController(Commands commands) {
        this.commands = commands;
    }

    @PostMapping("/boards/{board}/votes/{voteId}/retraction")
    @ResponseStatus(HttpStatus.ACCEPTED)
    @Operation(
            summary = "Retract a vote",
            description =
                    "Removes a counted vote from the board with a compensating event;"
                            + " idempotent: again, the same retractionId with ALREADY_RECORDED."
                            + " A vote already in a snapshot is retracted too; a vote of a period"
                            + " closed more than a write window ago is not (422), nor a vote of a"
                            + " board with score BEST or LOWEST (422: a max or a min cannot be"
                            + " undone).")
    @ApiResponse(
            responseCode = "202",
            description = "Retracted: RECORDED, or ALREADY_RECORDED when it already was",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = RetractionResult.class),
                            examples = @ExampleObject(name = "retracted", value = RESULT)))
    @Refusals({
        WriterProblem.INVALID_INPUT,
        WriterProblem.UNAUTHENTICATED,
        WriterProblem.FORBIDDEN,
        WriterProblem.UNKNOWN_BOARD,
        WriterProblem.UNKNOWN_VOTE,
        WriterProblem.NOT_COUNTED,
        WriterProblem.NOT_RETRACTABLE,
        WriterProblem.NOT_REGISTERED,
        WriterProblem.STORE_UNAVAILABLE
    })
    Mono<RetractionResult> retract(
            @Parameter(description = "The board's name", example = "song-contest") @PathVariable
                    String board,
            @Parameter(
                            description =
                                    "The voteId the vote was answered with (a version-1 timeuuid)",
                            example = "6f0e5a40-c79a-11f0-8000-000000000001")
                    @PathVariable
                    String voteId) {
        Ids.requireBoard("board", board);
        RetractVoteCommand command = new RetractVoteCommand(board, timeUuid(voteId));
        return Blocking.call(() -> commands.send(command));
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
