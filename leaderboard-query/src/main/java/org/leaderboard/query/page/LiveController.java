package org.leaderboard.query.page;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.leaderboard.model.board.Ids;
import org.leaderboard.query.config.QuerySettings;
import org.leaderboard.query.web.ParameterDocs;
import org.leaderboard.query.web.Parameters;
import org.leaderboard.query.web.QueryProblem;
import org.leaderboard.query.web.Refusals;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * A page of a board's ranking as Server-Sent Events: the page at once, then again whenever it
 * changes, from the in-memory eventual view (see {@link LiveBoards}).
 */
@RestController
@Tag(name = "Live page", description = "The live leaderboard page and the data it reads")
class LiveController {

    private static final String EVENTS =
            """
            retry:2000
            event:leaderboard
            data:{"board":"song-contest","snapshotCutoff":"2026-11-21T10:14:00Z","tailEvents":0,\
            "totalUsers":2,"offset":0,"limit":10,"entries":[{"rank":1,"user":"abba","votes":42,\
            "count":40,"min":1,"max":3,"mean":1.05,"stddev":0.31,"distinctVoters":38,"score":42}],\
            "periodStart":null,"asOf":null,"stalenessMillis":312,"scoreKind":"SUM"}

            """;

    private final LiveBoards live;
    private final QuerySettings settings;

    LiveController(LiveBoards live, QuerySettings settings) {
        this.live = live;
        this.settings = settings;
    }

    @GetMapping(path = "/boards/{board}/live", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    @Operation(
            summary = "A page of the ranking as Server-Sent Events",
            description =
                    "A `leaderboard` event with the page at once (the same JSON as"
                            + " /leaderboard?consistency=eventual), then again whenever the page"
                            + " changes, at most once per query.live.interval (500 ms); a comment"
                            + " line every query.live.heartbeat while nothing changes. The stream"
                            + " ends after query.live.stream-timeout; clients reconnect.")
    @ApiResponse(
            responseCode = "200",
            description = "The stream of the page",
            content =
                    @Content(
                            mediaType = MediaType.TEXT_EVENT_STREAM_VALUE,
                            schema = @Schema(type = "string"),
                            examples = @ExampleObject(name = "first event", value = EVENTS)))
    @Refusals({
        QueryProblem.INVALID_PARAMETER,
        QueryProblem.UNAUTHENTICATED,
        QueryProblem.FORBIDDEN,
        QueryProblem.UNKNOWN_BOARD,
        QueryProblem.DATABASE_UNAVAILABLE
    })
    SseEmitter live(
            @Parameter(description = ParameterDocs.BOARD, example = "song-contest") @PathVariable
                    String board,
            @Parameter(
                            description = ParameterDocs.OFFSET,
                            example = "0",
                            schema = @Schema(type = "integer"))
                    @RequestParam(name = "offset", required = false)
                    String offset,
            @Parameter(
                            description = ParameterDocs.LIMIT,
                            example = "10",
                            schema = @Schema(type = "integer"))
                    @RequestParam(name = "limit", required = false)
                    String limit) {
        Ids.requireBoard("board", board);
        return live.subscribe(
                new LivePage(
                        board,
                        Parameters.wholeNumber("offset", offset, 0),
                        Parameters.wholeNumber("limit", limit, settings.defaultLimit())));
    }
}
