package org.leaderboard.query.query;

import org.axonframework.queryhandling.QueryHandler;
import org.leaderboard.model.api.FetchLeaderboardQuery;
import org.leaderboard.model.api.FetchUserStandingQuery;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.UserStanding;
import org.leaderboard.model.board.Ids;
import org.leaderboard.query.config.QuerySettings;
import org.springframework.stereotype.Component;

/**
 * Answers the queries of the read side. Parameters are checked here, not in the web layer, so every
 * caller of the query bus gets the same limits.
 */
@Component
class LeaderboardQueryHandler {

    private final BoardReader reader;
    private final QueryLimits limits;
    private final QueryMetrics metrics;

    LeaderboardQueryHandler(BoardReader reader, QuerySettings settings, QueryMetrics metrics) {
        this.reader = reader;
        this.limits = new QueryLimits(settings);
        this.metrics = metrics;
    }

    @QueryHandler
    Leaderboard handle(FetchLeaderboardQuery query) {
        Ids.requireBoard("board", query.board());
        limits.checkPage(query.offset(), query.limit());
        return metrics.timeTop(
                () -> reader.read(query.board(), query.asOf()).page(query.offset(), query.limit()));
    }

    @QueryHandler
    UserStanding handle(FetchUserStandingQuery query) {
        Ids.requireBoard("board", query.board());
        Ids.requireId("user", query.user());
        limits.checkAround(query.around());
        return metrics.timeUser(
                () ->
                        reader.read(query.board(), query.asOf())
                                .standingOf(query.user(), query.around()));
    }
}
