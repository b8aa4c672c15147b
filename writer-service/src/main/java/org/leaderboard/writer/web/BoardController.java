package org.leaderboard.writer.web;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import org.leaderboard.model.api.BoardCreation;
import org.leaderboard.model.api.CreateBoardCommand;
import org.leaderboard.model.board.BoardSettings;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** Creating boards: 201 when created, 200 when it exists with the same settings, else 409. */
@RestController
@Tag(name = "Boards", description = "Creating, listing, inspecting and closing boards (ADMIN)")
class BoardController {

    private static final String REQUEST =
            """
            {"board":"daily-poll","writeWindowSeconds":60,"uniqueVotes":"PER_BOARD",\
            "period":"DAILY","timeZone":"Europe/Paris","retentionDays":90}""";

    /** A game board: each vote a lap time in milliseconds, the fastest lap ranks first. */
    private static final String FASTEST_LAPS =
            """
            {"board":"monza-laps","score":"LOWEST"}""";

    private static final String SETTINGS =
            """
            {"board":"daily-poll","writeWindowSeconds":60,"uniqueVotes":"PER_BOARD",\
            "bucketSeconds":60,"shards":8,"chunks":16,"createdAt":"2026-11-21T09:00:00Z",\
            "period":"DAILY","timeZone":"Europe/Paris","retentionDays":90,"closesAt":null,\
            "score":"SUM"}""";

    private final Commands commands;
    private final Clock clock;

    BoardController(Commands commands, Clock clock) {
        this.commands = commands;
        this.clock = clock;
    }

    @PostMapping("/boards")
    @Operation(
            summary = "Create a board",
            description =
                    "Settings are fixed at creation (closesAt, null here, is set by POST"
                            + " /boards/{board}/close). Optional, with defaults: writeWindowSeconds"
                            + " 60 (1..604800), uniqueVotes NONE (NONE, PER_USER, PER_BOARD),"
                            + " bucketSeconds 60 (1..3600), shards 8 (1..256), chunks 16"
                            + " (1..1024), period NONE (NONE, HOURLY, DAILY, WEEKLY, MONTHLY),"
                            + " timeZone UTC (only with a period), retentionDays 30 (1..36500: raw"
                            + " events and intermediate snapshots older than this are removed once"
                            + " a snapshot covers them, and asOf cannot reach further back; the"
                            + " final standings of every period are kept), score SUM (SUM: the"
                            + " sum of the votes, most first; BEST: the highest single vote,"
                            + " highest first; LOWEST: the lowest single vote, lowest first;"
                            + " COUNT: the number of votes, most first. BEST and LOWEST boards"
                            + " take no retractions; boards other than SUM take votes of 0)."
                            + " Idempotent: the same settings again are 200.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            description = "The board's name and settings",
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            examples = {
                                                @ExampleObject(
                                                        name = "daily poll",
                                                        value = REQUEST),
                                                @ExampleObject(
                                                        name = "fastest laps (LOWEST)",
                                                        value = FASTEST_LAPS)
                                            })))
    @ApiResponse(
            responseCode = "201",
            description = "Created; the stored settings",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = BoardSettings.class),
                            examples = @ExampleObject(name = "created", value = SETTINGS)))
    @ApiResponse(
            responseCode = "200",
            description = "It exists with the same settings; the stored settings",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = BoardSettings.class),
                            examples = @ExampleObject(name = "exists", value = SETTINGS)))
    @Refusals({
        WriterProblem.INVALID_INPUT,
        WriterProblem.UNAUTHENTICATED,
        WriterProblem.FORBIDDEN,
        WriterProblem.BOARD_CONFLICT,
        WriterProblem.STORE_UNAVAILABLE
    })
    Mono<ResponseEntity<BoardSettings>> create(@RequestBody CreateBoardRequest request) {
        // BoardSettings keeps createdAt to the millisecond, as Cassandra stores it.
        BoardSettings requested = request.toSettings(clock.instant());
        return Blocking.call(() -> commands.<BoardCreation>send(new CreateBoardCommand(requested)))
                .map(
                        creation ->
                                ResponseEntity.status(
                                                creation.created()
                                                        ? HttpStatus.CREATED
                                                        : HttpStatus.OK)
                                        .body(creation.settings()));
    }
}
