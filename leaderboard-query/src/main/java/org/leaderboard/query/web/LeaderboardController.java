package org.leaderboard.query.web;

import org.axonframework.queryhandling.QueryGateway;
import org.leaderboard.model.api.FetchLeaderboardQuery;
import org.leaderboard.model.api.FetchUserStandingQuery;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.UserStanding;
import org.leaderboard.query.config.QuerySettings;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The query API: a page of a board's ranking, and one user's standing. */
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
            @RequestParam(defaultValue = "0") int offset,
            @RequestParam(required = false) Integer limit,
            @RequestParam(required = false) String asOf) {
        int pageSize = limit == null ? settings.defaultLimit() : limit;
        return Answers.await(
                queries.query(
                        new FetchLeaderboardQuery(board, offset, pageSize, AsOf.parse(asOf)),
                        Leaderboard.class));
    }

    @GetMapping("/users/{user}")
    UserStanding user(
            @PathVariable String board,
            @PathVariable String user,
            @RequestParam(required = false) Integer around,
            @RequestParam(required = false) String asOf) {
        int neighbours = around == null ? settings.defaultAround() : around;
        return Answers.await(
                queries.query(
                        new FetchUserStandingQuery(board, user, neighbours, AsOf.parse(asOf)),
                        UserStanding.class));
    }
}
