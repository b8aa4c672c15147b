package org.leaderboard.query.page;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.cassandra.BoardCache;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.query.config.ChartSettings;
import org.springframework.stereotype.Component;

/**
 * Reads a board's history for the chart from its snapshot heads: the head at or before each of
 * {@code query.chart.points} evenly spaced moments (one single-row read each), never the whole list
 * of heads, which grows by one per bucket forever. Votes per minute come from the heads' event
 * counts; the leaders' totals from their layers (see {@link LayerSums}).
 */
@Component
class ChartReader {

    private final BoardCache boards;
    private final SnapshotHeadDao heads;
    private final LayerSums sums;
    private final ChartSettings settings;
    private final Clock clock;

    ChartReader(
            BoardCache boards,
            SnapshotHeadDao heads,
            SnapshotLayerDao layers,
            ChartSettings settings,
            Clock clock) {
        this.clock = clock;
        this.boards = boards;
        this.heads = heads;
        this.sums = new LayerSums(layers, settings.maxLayerRows());
        this.settings = settings;
    }

    BoardChart read(String board, Instant from, Instant to, List<String> leaders) {
        BoardSettings settings = boards.require(board);
        List<SnapshotHead> sampled = sample(board, start(settings, from, to, clock.instant()), to);
        Instant newest = sampled.isEmpty() ? null : sampled.get(sampled.size() - 1).cutoff();
        Optional<List<BoardChart.UserSeries>> top = totals(settings, sampled, from, leaders);
        return new BoardChart(
                board,
                from,
                to,
                newest,
                rates(sampled, from),
                top.orElse(List.of()),
                top.isPresent());
    }

    /**
     * No moment before the board existed is looked up: the points are then spread over its life, so
     * a young board's few heads (a contest of minutes in an hour's window) are all seen. A board
     * stored without a creation time is sampled over the whole window. Nor is any moment before the
     * board's time-travel horizon: retention removes the heads there.
     */
    private static Instant start(BoardSettings board, Instant from, Instant to, Instant now) {
        Instant created = board.createdAt();
        Instant start =
                created != null && created.isAfter(from) && created.isBefore(to) ? created : from;
        Instant horizon = board.horizon(now);
        return horizon.isAfter(start) && horizon.isBefore(to) ? horizon : start;
    }

    /** Distinct heads, oldest first; the first may be older than {@code from} (a baseline). */
    private List<SnapshotHead> sample(String board, Instant from, Instant to) {
        Map<Instant, SnapshotHead> byCutoff = new LinkedHashMap<>();
        long stepMillis = Duration.between(from, to).toMillis() / (settings.points() - 1);
        for (int i = 0; i < settings.points(); i++) {
            Instant at = from.plusMillis(stepMillis * i);
            heads.headAtOrBefore(board, at).ifPresent(h -> byCutoff.putIfAbsent(h.cutoff(), h));
        }
        return new ArrayList<>(byCutoff.values());
    }

    /**
     * Events between consecutive heads per minute. A head's total counts its own period only (a
     * periodic board restarts from zero), so a total lower than the previous one is all new.
     */
    private static List<BoardChart.RatePoint> rates(List<SnapshotHead> sampled, Instant from) {
        List<BoardChart.RatePoint> points = new ArrayList<>();
        for (int i = 1; i < sampled.size(); i++) {
            SnapshotHead previous = sampled.get(i - 1);
            SnapshotHead head = sampled.get(i);
            long events = head.totalEvents() - previous.totalEvents();
            if (events < 0) {
                events = head.totalEvents();
            }
            double minutes =
                    Duration.between(previous.cutoff(), head.cutoff()).toMillis() / 60_000.0;
            if (!head.cutoff().isBefore(from) && minutes > 0) {
                points.add(new BoardChart.RatePoint(head.cutoff(), events / minutes));
            }
        }
        return points;
    }

    /**
     * A leader at one cutoff: the sum, and the score the board ranks by; no score before the user's
     * first submission on a BEST or LOWEST board (there is no best yet, and 0 would be one).
     */
    private static BoardChart.TotalPoint point(ScoreKind kind, Instant at, Tally tally) {
        boolean scored = tally.hasVotes() || !(kind == ScoreKind.BEST || kind == ScoreKind.LOWEST);
        return new BoardChart.TotalPoint(at, tally.sum(), scored ? kind.score(tally) : null);
    }

    private Optional<List<BoardChart.UserSeries>> totals(
            BoardSettings board, List<SnapshotHead> sampled, Instant from, List<String> leaders) {
        Map<String, List<BoardChart.TotalPoint>> byUser = new LinkedHashMap<>();
        leaders.forEach(user -> byUser.put(user, new ArrayList<>()));
        for (SnapshotHead head : sampled) {
            if (head.cutoff().isBefore(from)) {
                continue;
            }
            Optional<Map<String, Tally>> at = sums.tallies(board, head.layers(), leaders);
            if (at.isEmpty()) {
                return Optional.empty();
            }
            at.get()
                    .forEach(
                            (user, tally) ->
                                    byUser.get(user)
                                            .add(point(board.score(), head.cutoff(), tally)));
        }
        return Optional.of(
                byUser.entrySet().stream()
                        .map(e -> new BoardChart.UserSeries(e.getKey(), e.getValue()))
                        .toList());
    }
}
