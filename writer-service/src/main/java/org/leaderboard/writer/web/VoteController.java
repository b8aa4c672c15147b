package org.leaderboard.writer.web;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.leaderboard.model.api.CastVoteCommand;
import org.leaderboard.model.api.CastVotesCommand;
import org.leaderboard.model.api.VoteResult;
import org.leaderboard.model.board.Ids;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.board.UnknownBoardException;
import org.leaderboard.model.cassandra.BoardCache;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.writer.command.VoteMetrics;
import org.leaderboard.writer.config.WriterSettings;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** Casting votes: one at a time, or many in one request with one answer per vote. */
@RestController
@RequestMapping("/boards/{board}/votes")
@Tag(name = "Votes", description = "Casting votes (VOTER) and retracting them (ADMIN)")
class VoteController {

    private static final String VOTE =
            """
            {"voteId":"6f0e5a40-c79a-11f0-8000-000000000001","user":"abba","voter":"v9",\
            "votes":1}""";

    private static final String VOTE_SCHEMA =
            "A vote: user (who the votes are for) and voter (who cast them), ids of 1 to 128"
                    + " characters without control characters; votes, a whole number from"
                    + " -1000000000 to 1000000000 (other than 0 on a board with score SUM: on a"
                    + " game board, with score BEST, LOWEST or COUNT, 0 is a score); voteId, optional, a version-1"
                    + " timeuuid whose time is the vote's (the writer makes one when absent:"
                    + " keep the answer's voteId to retry).";

    private static final String RESULT =
            """
            {"voteId":"6f0e5a40-c79a-11f0-8000-000000000001","status":"RECORDED"}""";

    private static final String BATCH =
            """
            {"votes":[{"user":"abba","voter":"v1","votes":1},\
            {"user":"queen","voter":"v2","votes":2}]}""";

    private static final String BATCH_RESULTS =
            """
            {"results":[{"voteId":"6f0e5a40-c79a-11f0-8000-000000000001","status":"RECORDED"},\
            {"voteId":"6f0e5a41-c79a-11f0-8000-000000000001","status":"REFUSED",\
            "httpStatus":409,"detail":"voter 'v2' already voted on board 'daily-poll'\
             (uniqueVotes PER_BOARD) with vote 5d1c2b40-c79a-11f0-8000-000000000002; this vote\
             is not counted"}]}""";

    private final Commands commands;
    private final VoteRequestParser parser;
    private final VoteMetrics metrics;
    private final int maxBatchSize;
    private final InFlightVotes inFlight;
    private final BoardCache boards;

    VoteController(
            Commands commands,
            Clock clock,
            VoteMetrics metrics,
            WriterSettings settings,
            InFlightVotes inFlight,
            BoardCache boards) {
        this.commands = commands;
        this.boards = boards;
        this.inFlight = inFlight;
        // Generated ids carry the writer's clock, the same clock the window is checked against.
        this.parser = new VoteRequestParser(() -> TimeUuids.voteIdAt(clock.instant()));
        this.metrics = metrics;
        this.maxBatchSize = settings.maxBatchSize();
    }

    @PostMapping
    @ResponseStatus(HttpStatus.ACCEPTED)
    @Operation(
            summary = "Cast a vote",
            description =
                    "Stores the vote once per voteId: a retry with the same voteId is"
                            + " ALREADY_RECORDED if the vote counts. 202 means stored and counted"
                            + " in the next leaderboard read. A board closed at or before the"
                            + " vote's time (its voteId's) refuses it (422 Board closed).",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            description = "The vote",
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            schema =
                                                    @Schema(
                                                            type = "object",
                                                            description = VOTE_SCHEMA),
                                            examples =
                                                    @ExampleObject(name = "vote", value = VOTE))))
    @ApiResponse(
            responseCode = "202",
            description = "Stored: RECORDED, or ALREADY_RECORDED for a retry of a vote that counts",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = VoteResult.class),
                            examples = @ExampleObject(name = "recorded", value = RESULT)))
    @Refusals({
        WriterProblem.INVALID_INPUT,
        WriterProblem.UNAUTHENTICATED,
        WriterProblem.FORBIDDEN,
        WriterProblem.UNKNOWN_BOARD,
        WriterProblem.VOTER_ALREADY_VOTED,
        WriterProblem.TOO_LARGE,
        WriterProblem.OUTSIDE_WINDOW,
        WriterProblem.BOARD_CLOSED,
        WriterProblem.NOT_COUNTED,
        WriterProblem.OVERLOADED,
        WriterProblem.NOT_REGISTERED,
        WriterProblem.STORE_UNAVAILABLE
    })
    Mono<VoteResult> cast(
            @Parameter(description = "The board's name", example = "song-contest") @PathVariable
                    String board,
            @RequestBody JsonNode vote) {
        Ids.requireBoard("board", board);
        ParsedVote parsed = parser.parse(board, vote, scoreOf(boards, board));
        if (parsed instanceof ParsedVote.Invalid invalid) {
            metrics.refused(VoteMetrics.INVALID, 1);
            throw invalid.problem();
        }
        inFlight.acquire(1);
        CompletableFuture<VoteResult> result;
        try {
            // Sent from the event loop: the handler never waits here (see VoteCommandHandler).
            result =
                    commands.<VoteResult>sendAsync(((ParsedVote.Valid) parsed).command())
                            .whenComplete((answer, failure) -> inFlight.release(1));
        } catch (RuntimeException e) {
            inFlight.release(1);
            throw e;
        }
        return Blocking.answer(result);
    }

    /**
     * Invalid votes are answered here; the valid ones go to the handler together (even none, so an
     * unknown board is a 404 for the whole batch) and their results are put back in place.
     */
    @PostMapping("/batch")
    @Operation(
            summary = "Cast a batch of votes",
            description =
                    "1 to writer.max-batch-size (1000) votes, each as for a single vote. One"
                            + " result per vote, in order: a refused vote is REFUSED with the"
                            + " httpStatus and detail it would get on its own, and does not stop"
                            + " the others (a vote at or after the board's close is REFUSED with"
                            + " 422). A voteId repeated in a batch is stored once.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            description = "The votes",
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            examples =
                                                    @ExampleObject(
                                                            name = "two votes",
                                                            value = BATCH))))
    @ApiResponse(
            responseCode = "200",
            description = "One result per vote, in the request's order",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = BatchResponse.class),
                            examples = @ExampleObject(name = "results", value = BATCH_RESULTS)))
    @Refusals({
        WriterProblem.INVALID_INPUT,
        WriterProblem.UNAUTHENTICATED,
        WriterProblem.FORBIDDEN,
        WriterProblem.UNKNOWN_BOARD,
        WriterProblem.TOO_LARGE,
        WriterProblem.OVERLOADED,
        WriterProblem.NOT_REGISTERED,
        WriterProblem.STORE_UNAVAILABLE
    })
    Mono<BatchResponse> castBatch(
            @Parameter(description = "The board's name", example = "song-contest") @PathVariable
                    String board,
            @RequestBody BatchRequest batch) {
        Ids.requireBoard("board", board);
        List<JsonNode> votes = requireSize(batch.votes());
        metrics.batch(votes.size());
        ScoreKind score = scoreOf(boards, board);
        List<ParsedVote> parsed =
                votes.stream().map(vote -> parser.parse(board, vote, score)).toList();
        List<CastVoteCommand> valid =
                parsed.stream()
                        .filter(ParsedVote.Valid.class::isInstance)
                        .map(vote -> ((ParsedVote.Valid) vote).command())
                        .toList();
        // Taken here, on the event loop, so that an overloaded writer refuses at once.
        inFlight.acquire(valid.size());
        CompletableFuture<List<VoteResult>> handled;
        try {
            handled =
                    Blocking.start(
                                    () ->
                                            commands.<List<VoteResult>>send(
                                                    new CastVotesCommand(board, valid)))
                            .whenComplete((results, failure) -> inFlight.release(valid.size()));
        } catch (RuntimeException e) {
            inFlight.release(valid.size());
            throw e;
        }
        return Blocking.answer(handled)
                .map(
                        results -> {
                            metrics.refused(VoteMetrics.INVALID, votes.size() - valid.size());
                            return new BatchResponse(inRequestOrder(parsed, results));
                        });
    }

    /**
     * The board's score kind, which decides whether a vote of 0 is taken (from the settings cache:
     * no read on the vote path). An unknown board is parsed as SUM and then refused (404) by the
     * handler, which counts it in the metrics.
     */
    static ScoreKind scoreOf(BoardCache boards, String board) {
        try {
            return boards.require(board).score();
        } catch (UnknownBoardException e) {
            return ScoreKind.SUM;
        }
    }

    private List<JsonNode> requireSize(List<JsonNode> votes) {
        if (votes == null) {
            throw new InvalidInputException(
                    "votes",
                    "is required: send {\"votes\":[...]} with 1 to " + maxBatchSize + " votes");
        }
        if (votes.isEmpty() || votes.size() > maxBatchSize) {
            throw new InvalidInputException(
                    "votes",
                    "holds "
                            + votes.size()
                            + " votes; a batch holds 1 to "
                            + maxBatchSize
                            + " votes (writer.max-batch-size)");
        }
        return votes;
    }

    private static List<VoteResult> inRequestOrder(
            List<ParsedVote> parsed, List<VoteResult> handled) {
        Iterator<VoteResult> next = handled.iterator();
        List<VoteResult> results = new ArrayList<>(parsed.size());
        for (ParsedVote vote : parsed) {
            results.add(
                    vote instanceof ParsedVote.Invalid invalid
                            ? VoteResult.refused(
                                    invalid.voteId(), 400, invalid.problem().getMessage())
                            : next.next());
        }
        return results;
    }
}
