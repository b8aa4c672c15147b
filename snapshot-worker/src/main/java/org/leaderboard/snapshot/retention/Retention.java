package org.leaderboard.snapshot.retention;

import com.datastax.oss.driver.api.core.CqlSession;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.snapshot.config.RetentionSettings;
import org.leaderboard.snapshot.config.SnapshotSettings;
import org.leaderboard.snapshot.pass.Futures;
import org.springframework.stereotype.Component;

/**
 * Keeps a board's storage bounded: removes the events, heads and layers that no query inside the
 * board's horizon ({@code retentionDays} plus {@code snapshot.retention.grace}) reads, as {@link
 * RetentionPlan} works them out. Only history a snapshot covers is removed: the plan never goes
 * past a committed head.
 *
 * <p>Safe while readers and passes run. Readers refuse {@code asOf} before the horizon, and what a
 * reader inside it needs (the newest head at or before its moment, that head's layers, the events
 * after its cutoff) is kept; the grace covers a query that began before the horizon moved. The
 * order protects the bookkeeping, not readers: events first, then the mark of how far they are
 * gone, then layers, then heads, so a round killed midway is redone from the heads it left.
 */
@Component
public class Retention {

    private final SnapshotHeadDao heads;
    private final RetentionDao dao;
    private final RetentionSettings settings;
    private final Clock clock;
    private final MeterRegistry meters;
    private final Map<String, Instant> lastRun = new ConcurrentHashMap<>();

    public Retention(
            CqlSession session,
            SnapshotSettings snapshot,
            SnapshotHeadDao heads,
            RetentionSettings settings,
            Clock clock,
            MeterRegistry meters) {
        this.heads = heads;
        this.dao = new RetentionDao(session, snapshot.consistency());
        this.settings = settings;
        this.clock = clock;
        this.meters = meters;
    }

    /**
     * Runs a round on {@code board} if retention is on, the board has one, and the last round here
     * is at least {@code snapshot.retention.interval} ago.
     */
    public Optional<RetentionResult> runIfDue(BoardSettings board) {
        Instant now = clock.instant();
        Instant last = lastRun.get(board.board());
        if (!settings.enabled()
                || board.retentionDays() == null
                || (last != null && last.plus(settings.interval()).isAfter(now))) {
            return Optional.empty();
        }
        Optional<RetentionResult> result = run(board, now);
        lastRun.put(board.board(), now);
        return result;
    }

    /** One round at {@code now}; empty if nothing is old enough yet. */
    public Optional<RetentionResult> run(BoardSettings board, Instant now) {
        Instant removeBefore = board.horizon(now).minus(settings.grace());
        List<SnapshotHead> all = heads.heads(board.board());
        Optional<RetentionPlan> plan =
                RetentionPlan.of(
                        board,
                        all,
                        removeBefore,
                        dao.eventsRemovedBefore(board.board()).orElse(null));
        return plan.map(p -> remove(board, p, all));
    }

    private RetentionResult remove(
            BoardSettings board, RetentionPlan plan, List<SnapshotHead> all) {
        List<Instant> buckets = plan.eventBuckets(board);
        long partitions = 0;
        if (!buckets.isEmpty()) {
            partitions = Futures.await(dao.deleteEvents(board, buckets));
            dao.markEventsRemovedBefore(board.board(), plan.eventsBefore());
        }
        Futures.await(dao.deleteLayers(board, new ArrayList<>(plan.layers())));
        for (List<SnapshotHead> run : plan.headRuns(all)) {
            dao.deleteHeads(board.board(), run.get(0).cutoff(), run.get(run.size() - 1).cutoff());
        }
        meters.counter("snapshot.retention.removed", "kind", "event_partitions")
                .increment(partitions);
        meters.counter("snapshot.retention.removed", "kind", "heads")
                .increment(plan.heads().size());
        meters.counter("snapshot.retention.removed", "kind", "layers")
                .increment(plan.layers().size());
        return new RetentionResult(
                board.board(),
                plan.anchor().cutoff(),
                partitions,
                plan.heads().size(),
                plan.layers().size());
    }
}
