package org.leaderboard.query.query;

import java.time.Clock;
import java.time.Instant;
import org.axonframework.queryhandling.QueryHandler;
import org.leaderboard.model.api.FetchLeaderboardQuery;
import org.leaderboard.model.api.FetchUserStandingQuery;
import org.leaderboard.model.api.FetchUsersQuery;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.ReadMode;
import org.leaderboard.model.api.UserStanding;
import org.leaderboard.model.board.Ids;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.query.config.QuerySettings;
import org.springframework.stereotype.Component;

/**
 * Answers the queries of the read side. Parameters are checked here, not in the web layer, so every
 * caller of the query bus gets the same limits. The web layer's direct route for the common reads
 * calls the page and standing handlers without the bus (see {@code DirectReadRoute}).
 */
@Component
public class LeaderboardQueryHandler {

    private final BoardReader reader;
    private final QueryLimits limits;
    private final QueryMetrics metrics;
    private final EventualViews views;
    private final Clock clock;

    LeaderboardQueryHandler(
            BoardReader reader,
            QuerySettings settings,
            QueryMetrics metrics,
            EventualViews views,
            Clock clock) {
        this.reader = reader;
        this.limits = new QueryLimits(settings);
        this.metrics = metrics;
        this.views = views;
        this.clock = clock;
    }

    @QueryHandler
    public Leaderboard handle(FetchLeaderboardQuery query) {
        Ids.requireBoard("board", query.board());
        limits.checkPage(query.offset(), query.limit());
        if (query.mode() == ReadMode.EVENTUAL) {
            requireNoAsOf(query.asOf());
            return metrics.timeTop(
                    () ->
                            views.view(query.board())
                                    .page(query.offset(), query.limit(), clock.instant()));
        }
        return metrics.timeTop(
                () -> reader.read(query.board(), query.asOf()).page(query.offset(), query.limit()));
    }

    /**
     * Whether bounded-staleness queries of the board are answered from a view held in memory; the
     * first one of a board (or the first after its view was dropped as idle) reads it, and may wait
     * for the store.
     */
    public boolean holdsEventualView(String board) {
        return views.holds(board);
    }

    @QueryHandler
    public UserStanding handle(FetchUserStandingQuery query) {
        Ids.requireBoard("board", query.board());
        Ids.requireId("user", query.user());
        limits.checkAround(query.around());
        if (query.mode() == ReadMode.EVENTUAL) {
            requireNoAsOf(query.asOf());
            return metrics.timeUser(
                    () -> {
                        EventualViews.View view = views.view(query.board());
                        return view.board.standingOf(
                                query.user(),
                                query.around(),
                                view.stalenessMillis(clock.instant()));
                    });
        }
        return metrics.timeUser(
                () ->
                        reader.read(query.board(), query.asOf())
                                .standingOf(query.user(), query.around()));
    }

    @QueryHandler
    Leaderboard handle(FetchUsersQuery query) {
        Ids.requireBoard("board", query.board());
        limits.checkUsers(query.users());
        query.users().forEach(user -> Ids.requireId("users", user));
        if (query.mode() == ReadMode.EVENTUAL) {
            requireNoAsOf(query.asOf());
            return metrics.timeUser(
                    () -> {
                        EventualViews.View view = views.view(query.board());
                        return view.board.entriesOf(
                                query.users(), view.stalenessMillis(clock.instant()));
                    });
        }
        return metrics.timeUser(
                () -> reader.read(query.board(), query.asOf()).entriesOf(query.users(), null));
    }

    /** A past moment is immutable history: it needs no background view, and gets none. */
    private static void requireNoAsOf(Instant asOf) {
        if (asOf != null) {
            throw new InvalidInputException(
                    "consistency",
                    "eventual cannot be combined with asOf: leave out one of the two");
        }
    }
}
