package org.leaderboard.query.web;

import org.axonframework.queryhandling.QueryGateway;
import org.leaderboard.model.api.FetchLeaderboardQuery;
import org.leaderboard.model.api.FetchUserStandingQuery;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.ReadMode;
import org.leaderboard.model.api.UserStanding;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.query.config.QuerySettings;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The query API: a page of a board's ranking, and one user's standing. Parameters are taken as text
 * and read by {@link Parameters}, and every parameter is named, so that {@link KnownParameters} can
 * list them.
 */
@RestController
@RequestMapping("/boards/{board}")
class LeaderboardController {

    private final QueryGateway queries;
    private final QuerySettings settings;

    LeaderboardController(QueryGateway queries, QuerySettings settings) {
        this.queries = queries;
        this.settings = settings;
    }

    @GetMapping("/leaderboard")
    Leaderboard leaderboard(
            @PathVariable String board,
            @RequestParam(name = "offset", required = false) String offset,
            @RequestParam(name = "limit", required = false) String limit,
            @RequestParam(name = "asOf", required = false) String asOf,
            @RequestParam(name = "consistency", required = false) String consistency) {
        int from = Parameters.wholeNumber("offset", offset, 0);
        int pageSize = Parameters.wholeNumber("limit", limit, settings.defaultLimit());
        return Answers.await(
                queries.query(
                        new FetchLeaderboardQuery(
                                board, from, pageSize, AsOf.parse(asOf), mode(consistency)),
                        Leaderboard.class));
    }

    @GetMapping("/users/{user}")
    UserStanding user(
            @PathVariable String board,
            @PathVariable String user,
            @RequestParam(name = "around", required = false) String around,
            @RequestParam(name = "asOf", required = false) String asOf,
            @RequestParam(name = "consistency", required = false) String consistency) {
        int neighbours = Parameters.wholeNumber("around", around, settings.defaultAround());
        return Answers.await(
                queries.query(
                        new FetchUserStandingQuery(
                                board, user, neighbours, AsOf.parse(asOf), mode(consistency)),
                        UserStanding.class));
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
