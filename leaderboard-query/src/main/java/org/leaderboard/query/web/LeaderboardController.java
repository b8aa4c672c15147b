package org.leaderboard.query.web;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Arrays;
import java.util.List;
import org.axonframework.queryhandling.QueryGateway;
import org.leaderboard.model.api.FetchLeaderboardQuery;
import org.leaderboard.model.api.FetchUserStandingQuery;
import org.leaderboard.model.api.FetchUsersQuery;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.ReadMode;
import org.leaderboard.model.api.UserStanding;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.query.config.QuerySettings;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The query API: a page of a board's ranking, and one user's standing. Query parameters are read
 * from the request as text and checked by {@link Parameters}; they are documented by the methods'
 * {@code @Parameter} annotations, which {@link KnownParameters} also takes as the parameters each
 * endpoint has. They are not {@code @RequestParam} arguments: Spring resolves and converts each
 * such argument on every request, for the five of a ranking's page a seventh of a bounded-staleness
 * answer's CPU in a profile, to hand over the same text.
 */
@RestController
@RequestMapping("/boards/{board}")
@Tag(name = "Leaderboards", description = "A board's ranking and one user's standing")
class LeaderboardController {

    static final String LEADERBOARD =
            """
            {"board":"song-contest","snapshotCutoff":"2026-11-21T10:14:00Z","tailEvents":123,\
            "totalUsers":4567,"offset":0,"limit":2,"entries":[\
            {"rank":1,"user":"abba","votes":42,"count":40,"min":1,"max":3,"mean":1.05,\
            "stddev":0.31,"distinctVoters":38,"score":42},\
            {"rank":2,"user":"queen","votes":40,"count":40,"min":1,"max":1,"mean":1.0,\
            "stddev":0.0,"distinctVoters":40,"score":40}],\
            "periodStart":null,"asOf":null,"stalenessMillis":null,"scoreKind":"SUM"}""";

    static final String STANDING =
            """
            {"board":"song-contest","snapshotCutoff":"2026-11-21T10:14:00Z","tailEvents":123,\
            "totalUsers":4567,"rank":2,"user":"queen","votes":40,"count":40,"min":1,"max":1,\
            "mean":1.0,"stddev":0.0,"distinctVoters":40,"around":[\
            {"rank":1,"user":"abba","votes":42,"count":40,"min":1,"max":3,"mean":1.05,\
            "stddev":0.31,"distinctVoters":38,"score":42},\
            {"rank":2,"user":"queen","votes":40,"count":40,"min":1,"max":1,"mean":1.0,\
            "stddev":0.0,"distinctVoters":40,"score":40},\
            {"rank":3,"user":"roxette","votes":31,"count":31,"min":1,"max":1,"mean":1.0,\
            "stddev":0.0,"distinctVoters":31,"score":31}],\
            "periodStart":null,"asOf":null,"stalenessMillis":null,"score":40,"scoreKind":"SUM"}""";

    /** A game board: score LOWEST, each vote a lap time in milliseconds, the fastest first. */
    static final String FASTEST_LAPS =
            """
            {"board":"monza-laps","snapshotCutoff":"2026-11-21T10:14:00Z","tailEvents":12,\
            "totalUsers":38,"offset":0,"limit":2,"entries":[\
            {"rank":1,"user":"ada","votes":245231,"count":3,"min":81204,"max":82377,\
            "mean":81743.67,"stddev":483.43,"distinctVoters":1,"score":81204},\
            {"rank":2,"user":"lin","votes":81390,"count":1,"min":81390,"max":81390,\
            "mean":81390.0,"stddev":0.0,"distinctVoters":1,"score":81390}],\
            "periodStart":null,"asOf":null,"stalenessMillis":null,"scoreKind":"LOWEST"}""";

    private final QueryGateway queries;
    private final QuerySettings settings;

    LeaderboardController(QueryGateway queries, QuerySettings settings) {
        this.queries = queries;
        this.settings = settings;
    }

    @GetMapping("/leaderboard")
    @Operation(
            summary = "A page of a board's ranking",
            description =
                    "Users by score, best first: the board's scoreKind says what score is (SUM:"
                            + " the sum of the votes, most first; BEST: the highest single vote,"
                            + " highest first; LOWEST: the lowest single vote, lowest first; COUNT:"
                            + " the number of votes, most first). Ties share a rank and the next"
                            + " rank skips (1, 2, 2, 4), tied users in name order. Read-your-writes: every vote"
                            + " acknowledged before the request is counted, unless"
                            + " consistency=eventual. snapshotCutoff and tailEvents say how much"
                            + " came from the snapshot and how many events were folded on top."
                            + " With users=a,b,c (a friends' board): those users' entries instead"
                            + " of a page, each with its rank on the whole board, in rank order;"
                            + " users without votes are left out.")
    @ApiResponse(
            responseCode = "200",
            description = "The page of the ranking",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = Leaderboard.class),
                            examples = {
                                @ExampleObject(name = "page", value = LEADERBOARD),
                                @ExampleObject(name = "fastest laps (LOWEST)", value = FASTEST_LAPS)
                            }))
    @Refusals({
        QueryProblem.INVALID_PARAMETER,
        QueryProblem.UNAUTHENTICATED,
        QueryProblem.FORBIDDEN,
        QueryProblem.UNKNOWN_BOARD,
        QueryProblem.DATABASE_UNAVAILABLE,
        QueryProblem.READ_NOT_READY,
        QueryProblem.SENT_BEFORE_ANSWER_READ
    })
    @Parameter(
            name = "board",
            in = ParameterIn.PATH,
            description = ParameterDocs.BOARD,
            example = "song-contest")
    @Parameter(
            name = "offset",
            in = ParameterIn.QUERY,
            description = ParameterDocs.OFFSET,
            example = "0",
            schema = @Schema(type = "integer"))
    @Parameter(
            name = "limit",
            in = ParameterIn.QUERY,
            description = ParameterDocs.LIMIT,
            example = "20",
            schema = @Schema(type = "integer"))
    @Parameter(
            name = "asOf",
            in = ParameterIn.QUERY,
            description = ParameterDocs.AS_OF,
            example = "2026-11-21T10:15:30Z",
            schema = @Schema(type = "string"))
    @Parameter(
            name = "consistency",
            in = ParameterIn.QUERY,
            description = ParameterDocs.CONSISTENCY,
            example = "eventual",
            schema = @Schema(allowableValues = {"strong", "eventual"}))
    @Parameter(
            name = "users",
            in = ParameterIn.QUERY,
            description =
                    "Users to show instead of a page, separated by commas (or the parameter"
                            + " repeated), 1 to query.max-limit; not with offset or limit",
            example = "abba,queen,a-ha",
            schema = @Schema(type = "string"))
    Leaderboard leaderboard(@PathVariable String board, HttpServletRequest request) {
        String offset = parameter(request, "offset");
        String limit = parameter(request, "limit");
        String asOf = parameter(request, "asOf");
        String consistency = parameter(request, "consistency");
        String users = parameter(request, "users");
        if (users != null) {
            return friends(board, users, offset, limit, asOf, consistency);
        }
        int from = Parameters.wholeNumber("offset", offset, 0);
        int pageSize = Parameters.wholeNumber("limit", limit, settings.defaultLimit());
        return Answers.await(
                queries.query(
                        new FetchLeaderboardQuery(
                                board, from, pageSize, AsOf.parse(asOf), mode(consistency)),
                        Leaderboard.class));
    }

    @GetMapping("/users/{user}")
    @Operation(
            summary = "One user's standing and the users around them",
            description =
                    "The user's rank and tally, and up to `around` users above and below (the"
                            + " user included in the list). Same consistency and asOf as the"
                            + " ranking.")
    @ApiResponse(
            responseCode = "200",
            description = "The user's standing",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = UserStanding.class),
                            examples = @ExampleObject(name = "standing", value = STANDING)))
    @Refusals({
        QueryProblem.INVALID_PARAMETER,
        QueryProblem.UNAUTHENTICATED,
        QueryProblem.FORBIDDEN,
        QueryProblem.UNKNOWN_BOARD,
        QueryProblem.UNKNOWN_USER,
        QueryProblem.DATABASE_UNAVAILABLE,
        QueryProblem.READ_NOT_READY,
        QueryProblem.SENT_BEFORE_ANSWER_READ
    })
    @Parameter(
            name = "board",
            in = ParameterIn.PATH,
            description = ParameterDocs.BOARD,
            example = "song-contest")
    @Parameter(
            name = "user",
            in = ParameterIn.PATH,
            description = "The user (what votes were cast for)",
            example = "queen")
    @Parameter(
            name = "around",
            in = ParameterIn.QUERY,
            description =
                    "How many users above and below to include, 0 to 50; default"
                            + " query.default-around (5)",
            example = "3",
            schema = @Schema(type = "integer"))
    @Parameter(
            name = "asOf",
            in = ParameterIn.QUERY,
            description = ParameterDocs.AS_OF,
            example = "2026-11-21T10:15:30Z",
            schema = @Schema(type = "string"))
    @Parameter(
            name = "consistency",
            in = ParameterIn.QUERY,
            description = ParameterDocs.CONSISTENCY,
            example = "eventual",
            schema = @Schema(allowableValues = {"strong", "eventual"}))
    UserStanding user(
            @PathVariable String board, @PathVariable String user, HttpServletRequest request) {
        String around = parameter(request, "around");
        String asOf = parameter(request, "asOf");
        String consistency = parameter(request, "consistency");
        int neighbours = Parameters.wholeNumber("around", around, settings.defaultAround());
        return Answers.await(
                queries.query(
                        new FetchUserStandingQuery(
                                board, user, neighbours, AsOf.parse(asOf), mode(consistency)),
                        UserStanding.class));
    }

    private Leaderboard friends(
            String board,
            String users,
            String offset,
            String limit,
            String asOf,
            String consistency) {
        if (offset != null || limit != null) {
            throw new InvalidInputException(
                    "users",
                    "names the users to show, so it cannot be combined with "
                            + (offset != null ? "offset" : "limit")
                            + ": leave out one of the two");
        }
        // A repeated parameter is joined with commas: users=a&users=b is users=a,b.
        List<String> named = Arrays.asList(users.split(",", -1));
        return Answers.await(
                queries.query(
                        new FetchUsersQuery(board, named, AsOf.parse(asOf), mode(consistency)),
                        Leaderboard.class));
    }

    /**
     * A query parameter's text, null if absent; a repeated one joined with commas, as Spring does
     * for a {@code @RequestParam String}.
     */
    private static String parameter(HttpServletRequest request, String name) {
        String[] values = request.getParameterValues(name);
        if (values == null) {
            return null;
        }
        return values.length == 1 ? values[0] : String.join(",", values);
    }

    /** {@code consistency=eventual} for the in-memory view; {@code strong} (default) otherwise. */
    private static ReadMode mode(String consistency) {
        if (consistency == null || consistency.equals("strong")) {
            return ReadMode.LATEST;
        }
        if (consistency.equals("eventual")) {
            return ReadMode.EVENTUAL;
        }
        String shown =
                consistency.length() > 20 ? consistency.substring(0, 20) + "..." : consistency;
        throw new InvalidInputException(
                "consistency",
                "'"
                        + shown.replaceAll("\\p{Cntrl}", "?")
                        + "' is not a consistency; use strong (read-your-writes, the default) or"
                        + " eventual (in-memory, about a second old)");
    }
}
