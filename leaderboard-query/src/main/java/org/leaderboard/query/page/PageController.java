package org.leaderboard.query.page;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Comparator;
import org.leaderboard.model.board.Ids;
import org.leaderboard.model.cassandra.BoardDao;
import org.leaderboard.query.web.ParameterDocs;
import org.leaderboard.query.web.QueryProblem;
import org.leaderboard.query.web.Refusals;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The live page's shell and the list of boards. The HTML holds no data (the page's script reads it
 * from the API, with the caller's credentials), so it is served to everyone; the list is data and
 * follows the query API's access rule.
 */
@RestController
@Tag(name = "Live page", description = "The live leaderboard page and the data it reads")
class PageController {

    private static final String BOARDS =
            """
            {"boards":[{"board":"daily-poll","createdAt":"2026-11-21T09:00:00Z",\
            "period":"DAILY","timeZone":"Europe/Paris","score":"SUM"},{"board":"monza-laps",\
            "createdAt":"2026-11-21T09:01:00Z","period":null,"timeZone":null,"score":"LOWEST"}]}""";

    private static final Resource BOARD_PAGE = new ClassPathResource("static/live/board.html");

    private final BoardDao boards;

    PageController(BoardDao boards) {
        this.boards = boards;
    }

    /** A scan of the small settings table (one row per board), as the snapshot worker does. */
    @GetMapping(path = "/boards", produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(
            summary = "Every board",
            description = "Name, creation time, period and time zone of every board, by name.")
    @ApiResponse(
            responseCode = "200",
            description = "The boards",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON_VALUE,
                            schema = @Schema(implementation = BoardList.class),
                            examples = @ExampleObject(name = "boards", value = BOARDS)))
    @Refusals({
        QueryProblem.UNAUTHENTICATED,
        QueryProblem.FORBIDDEN,
        QueryProblem.DATABASE_UNAVAILABLE
    })
    BoardList boards() {
        return new BoardList(
                boards.all().stream()
                        .map(BoardSummary::of)
                        .sorted(Comparator.comparing(BoardSummary::board))
                        .toList());
    }

    /**
     * The page reads its parameters itself (a page of the ranking, a moment in the past); they are
     * named here so that a link with them is not refused as having unknown parameters.
     */
    @GetMapping(path = "/boards/{board}", produces = MediaType.TEXT_HTML_VALUE)
    @Operation(
            summary = "The live page of a board (HTML)",
            description =
                    "The page for a screen: ranking, search, periods, chart. It holds no data"
                            + " and is served without credentials; its script reads the data"
                            + " endpoints with the key the visitor enters. An unknown board is"
                            + " shown as such by the page.")
    @ApiResponse(
            responseCode = "200",
            description = "The page",
            content =
                    @Content(
                            mediaType = MediaType.TEXT_HTML_VALUE,
                            schema = @Schema(type = "string"),
                            examples =
                                    @ExampleObject(
                                            name = "page",
                                            value = "<!DOCTYPE html><html lang=\"en\">...")))
    @Refusals(QueryProblem.INVALID_PARAMETER)
    ResponseEntity<Resource> boardPage(
            @Parameter(description = ParameterDocs.BOARD, example = "song-contest") @PathVariable
                    String board,
            @Parameter(
                            description = ParameterDocs.OFFSET + " (read by the page)",
                            example = "0",
                            schema = @Schema(type = "integer"))
                    @RequestParam(name = "offset", required = false)
                    String offset,
            @Parameter(
                            description = "Rows per page, 1 to 100; default 20 (read by the page)",
                            example = "20",
                            schema = @Schema(type = "integer"))
                    @RequestParam(name = "limit", required = false)
                    String limit,
            @Parameter(
                            description = ParameterDocs.AS_OF + " (read by the page)",
                            example = "2026-11-21T10:15:30Z")
                    @RequestParam(name = "asOf", required = false)
                    String asOf) {
        Ids.requireBoard("board", board);
        return ResponseEntity.ok()
                .cacheControl(CacheControl.noCache())
                .contentType(MediaType.TEXT_HTML)
                .body(BOARD_PAGE);
    }
}
