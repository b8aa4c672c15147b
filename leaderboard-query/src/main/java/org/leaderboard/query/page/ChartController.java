package org.leaderboard.query.page;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.axonframework.queryhandling.QueryGateway;
import org.leaderboard.model.api.FetchLeaderboardQuery;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.api.ReadMode;
import org.leaderboard.model.board.Ids;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.query.config.ChartSettings;
import org.leaderboard.query.web.Answers;
import org.leaderboard.query.web.AsOf;
import org.leaderboard.query.web.ParameterDocs;
import org.leaderboard.query.web.Parameters;
import org.leaderboard.query.web.QueryProblem;
import org.leaderboard.query.web.Refusals;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /boards/{board}/chart}: the board's votes per minute and its leaders' totals over the
 * last {@code minutes} (before {@code asOf}, or now), from its snapshots.
 */
@RestController
@Tag(name = "Live page", description = "The live leaderboard page and the data it reads")
class ChartController {

    private static final String CHART =
            """
            {"board":"song-contest","from":"2026-11-21T09:15:00Z","to":"2026-11-21T10:15:00Z",\
            "newestCutoff":"2026-11-21T10:14:00Z","eventsPerMinute":[\
            {"at":"2026-11-21T10:13:00Z","perMinute":118.0},\
            {"at":"2026-11-21T10:14:00Z","perMinute":131.0}],\
            "top":[{"user":"abba","points":[{"at":"2026-11-21T10:13:00Z","votes":1180,"score":1180},\
            {"at":"2026-11-21T10:14:00Z","votes":1311,"score":1311}]}],"topComplete":true}""";

    static final int DEFAULT_MINUTES = 60;
    static final int MAX_MINUTES = 7 * 24 * 60;

    private final ChartReader charts;
    private final QueryGateway queries;
    private final ChartSettings settings;
    private final Clock clock;

    ChartController(ChartReader charts, QueryGateway queries, ChartSettings settings, Clock clock) {
        this.charts = charts;
        this.queries = queries;
        this.settings = settings;
        this.clock = clock;
    }

    @GetMapping("/boards/{board}/chart")
    @Operation(
            summary = "A board's history for the chart",
            description =
                    "Votes per minute between snapshot cutoffs, and the current leaders' totals"
                            + " (query.chart.top-users of them) at each, with their score as the"
                            + " board ranks it (see scoreKind), over the last `minutes`"
                            + " before now or asOf. From snapshots only, so the history ends a"
                            + " write window before now; topComplete is false (and top empty) for"
                            + " boards whose snapshot layers exceed query.chart.max-layer-rows.")
    @ApiResponse(
            responseCode = "200",
            description = "The board's history",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = BoardChart.class),
                            examples = @ExampleObject(name = "chart", value = CHART)))
    @Refusals({
        QueryProblem.INVALID_PARAMETER,
        QueryProblem.UNAUTHENTICATED,
        QueryProblem.FORBIDDEN,
        QueryProblem.UNKNOWN_BOARD,
        QueryProblem.DATABASE_UNAVAILABLE
    })
    BoardChart chart(
            @Parameter(description = ParameterDocs.BOARD, example = "song-contest") @PathVariable
                    String board,
            @Parameter(
                            description = "The window's length in minutes, 1 to 10080; default 60",
                            example = "60",
                            schema = @Schema(type = "integer"))
                    @RequestParam(name = "minutes", required = false)
                    String minutes,
            @Parameter(description = ParameterDocs.AS_OF, example = "2026-11-21T10:15:30Z")
                    @RequestParam(name = "asOf", required = false)
                    String asOf) {
        Ids.requireBoard("board", board);
        int window = Parameters.wholeNumber("minutes", minutes, DEFAULT_MINUTES);
        if (window < 1 || window > MAX_MINUTES) {
            throw new InvalidInputException(
                    "minutes", window + " is out of range; must be between 1 and " + MAX_MINUTES);
        }
        Instant moment = AsOf.parse(asOf);
        Instant to = moment == null ? clock.instant() : moment;
        return charts.read(board, to.minus(Duration.ofMinutes(window)), to, leaders(board, moment));
    }

    /** Now: from the in-memory view; for a past moment: the board as it stood then. */
    private List<String> leaders(String board, Instant asOf) {
        if (settings.topUsers() == 0) {
            return List.of();
        }
        Leaderboard top =
                Answers.await(
                        queries.query(
                                new FetchLeaderboardQuery(
                                        board,
                                        0,
                                        settings.topUsers(),
                                        asOf,
                                        asOf == null ? ReadMode.EVENTUAL : ReadMode.LATEST),
                                Leaderboard.class));
        return top.entries().stream().map(LeaderboardEntry::user).toList();
    }
}
