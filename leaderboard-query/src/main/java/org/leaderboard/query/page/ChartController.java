package org.leaderboard.query.page;

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
import org.leaderboard.query.web.Parameters;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /boards/{board}/chart}: the board's votes per minute and its leaders' totals over the
 * last {@code minutes} (before {@code asOf}, or now), from its snapshots.
 */
@RestController
class ChartController {

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
    BoardChart chart(
            @PathVariable String board,
            @RequestParam(name = "minutes", required = false) String minutes,
            @RequestParam(name = "asOf", required = false) String asOf) {
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
