package org.leaderboard.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.util.Set;

/**
 * Waits until the Cassandra node has no flush or compaction running or queued ({@code
 * system_views.thread_pools}, the node's own view), so that a timed step does not pay for the
 * background work of the writes before it. Scenario 3 writes some two million events and their
 * layers right before its measured passes; a pass that met a compaction of them took up to half as
 * long again as the one before it, which is the node's leftovers, not the pass.
 */
final class QuietNode {

    private static final Set<String> BACKGROUND =
            Set.of(
                    "CompactionExecutor",
                    "MemtableFlushWriter",
                    "MemtablePostFlush",
                    "MemtableReclaimMemory");
    private static final Duration POLL = Duration.ofMillis(200);

    /** Three polls in a row without such work make the node quiet. */
    private static final int QUIET_POLLS = 3;

    private final CqlSession session;
    private long waitedNanos;
    private long busyPolls;

    QuietNode(CqlSession session) {
        this.session = session;
    }

    /** Waits for a quiet node, at most {@code limit} (then goes on, as a busy node would be). */
    void await(Duration limit) {
        long start = System.nanoTime();
        long deadline = start + limit.toNanos();
        int quiet = 0;
        while (quiet < QUIET_POLLS && System.nanoTime() < deadline) {
            if (backgroundTasks() == 0) {
                quiet++;
            } else {
                quiet = 0;
                busyPolls++;
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        waitedNanos += System.nanoTime() - start;
    }

    /** Flushes and compactions running or queued on the node now. */
    long backgroundTasks() {
        long tasks = 0;
        for (Row row :
                session.execute(
                        "SELECT name, active_tasks, pending_tasks FROM system_views.thread_pools")) {
            if (BACKGROUND.contains(row.getString("name"))) {
                tasks += count(row, "active_tasks") + count(row, "pending_tasks");
            }
        }
        return tasks;
    }

    private static long count(Row row, String column) {
        Object value = row.getObject(column);
        return value instanceof Number number ? number.longValue() : 0;
    }

    /** What the waits so far came to, as a phrase. */
    String summary() {
        return String.format(
                "waited %.1f s in all for a node without flushes or compactions (%d polls found"
                        + " some)",
                waitedNanos / 1e9, busyPolls);
    }
}
