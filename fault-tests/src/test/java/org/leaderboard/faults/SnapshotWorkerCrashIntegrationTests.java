package org.leaderboard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.data.TupleValue;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.model.cassandra.LayerBlocks;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.testsupport.Oracle;
import org.leaderboard.testsupport.Services;

/**
 * In several rounds, three {@code snapshot-worker --once} processes race over one board while votes
 * keep arriving, and one of them is killed (SIGKILL) at a random point of its pass. After a last
 * pass, every stored head is the head one clean pass stores over the same events in a fresh
 * keyspace, and the newest snapshot holds exactly the acknowledged votes.
 */
class SnapshotWorkerCrashIntegrationTests {

    private static final String TEST = "snapshot-crash";
    private static final String BOARD = "snapshot-crash";

    /** One in the suite (to keep it short); {@code -Dfault.snapshot-crash.rounds=4} for more. */
    private static final int ROUNDS = Integer.getInteger("fault.snapshot-crash.rounds", 1);

    private static final int WORKERS = 3;

    /** One bucket per step: a pass commits many heads, so kills land between them. */
    private static final String[] PASS = {
        "--snapshot.max-buckets-per-step=1", Faults.SAFETY_MARGIN
    };

    private final Random random = new Random();

    @Test
    void killedAndRacingWorkersStoreTheSnapshotsOfOneCleanRun() throws Exception {
        TestCluster cluster = TestCluster.shared();
        String keyspace = cluster.newKeyspace("snapshot_faulty");
        Oracle oracle = new Oracle();
        try (Services services = Faults.services(keyspace, cluster.springArguments(keyspace));
                CqlSession session = cluster.session(keyspace)) {
            ServiceProcess writer = services.writer("writer-service");
            Faults.createBoard(writer.baseUrl(), BOARD);
            RetryingClient client = new RetryingClient(List.of(writer.baseUrl()), oracle);
            SteadyLoad load = new SteadyLoad(client, BOARD).start(50);
            // Until the first cutoffs (window + margin behind) have votes before them.
            client.awaitAcknowledged(20 * 50);
            int killedMidPass = 0;
            for (int round = 1; round <= ROUNDS; round++) {
                killedMidPass += raceAndKill(services, session, round) ? 1 : 0;
            }
            Instant lastVote = load.stopAndAwaitAnswers();
            Instant frozen = lastVote.plusSeconds(Faults.WINDOW_SECONDS + 2 + 2);
            await().atMost(Duration.ofMinutes(1)).until(() -> Instant.now().isAfter(frozen));
            assertThat(services.snapshotOnce(PASS)).as("the last pass").isZero();

            Map<Instant, String> raced = heads(session);
            String clean = cluster.anotherKeyspace("snapshot_clean");
            try (CqlSession cleanSession = cluster.session(clean);
                    Services cleanRun = Faults.services(clean, cluster.springArguments(clean))) {
                copy(session, cleanSession, "boards");
                copy(session, cleanSession, "vote_events");
                assertThat(cleanRun.snapshotOnce(PASS)).as("the clean pass").isZero();
                Map<Instant, String> once = heads(cleanSession);
                Instant newest = ((TreeMap<Instant, String>) raced).lastKey();

                Report.line(
                        TEST,
                        "%d rounds of %d racing workers, %d killed while running; %d heads stored,"
                                + " all equal to the clean run's; newest cutoff %s",
                        ROUNDS,
                        WORKERS,
                        killedMidPass,
                        raced.size(),
                        newest);
                Report.votes(TEST, client, oracle);

                assertThat(killedMidPass).as("workers killed while passing").isPositive();
                assertThat(once).containsAllEntriesOf(raced);
                assertThat(newest).isAfter(lastVote);
                assertThat(content(session, newest))
                        .isEqualTo(content(cleanSession, newest))
                        .isEqualTo(oracleContent(oracle));
            }
        }
    }

    /**
     * Starts the racing workers, kills one of them once the round has committed 1-3 new heads (if
     * it is still running then), waits for all; returns whether the kill hit a running pass.
     */
    private boolean raceAndKill(Services services, CqlSession session, int round)
            throws InterruptedException {
        int headsBefore = heads(session).size();
        List<Process> workers = new ArrayList<>();
        for (int i = 0; i < WORKERS; i++) {
            workers.add(services.startSnapshotOnce(PASS));
        }
        Process victim = workers.get(random.nextInt(WORKERS));
        int killAfter = 1 + random.nextInt(3);
        await().atMost(Duration.ofMinutes(3))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> !victim.isAlive() || heads(session).size() >= headsBefore + killAfter);
        boolean killed = victim.isAlive();
        victim.destroyForcibly();
        for (Process worker : workers) {
            assertThat(worker.waitFor(5, TimeUnit.MINUTES)).isTrue();
            if (worker != victim) {
                assertThat(worker.exitValue()).as("a racing worker's exit code").isZero();
            }
        }
        Report.line(
                TEST,
                "round %d: victim %s after %d new heads",
                round,
                killed ? "killed while running" : "had finished",
                killAfter);
        return killed;
    }

    /** Every head of the board, by cutoff, without its creation time (the clock's, not content). */
    private static Map<Instant, String> heads(CqlSession session) {
        Map<Instant, String> heads = new TreeMap<>();
        for (Row row :
                session.execute(
                        quorum(
                                "SELECT cutoff, previous_cutoff, layers,"
                                        + " events_folded, total_events FROM snapshot_heads WHERE"
                                        + " board = ?",
                                BOARD))) {
            heads.put(
                    row.getInstant("cutoff"),
                    String.join(
                            " ",
                            String.valueOf(row.getInstant("previous_cutoff")),
                            String.valueOf(
                                    row.getList("layers", TupleValue.class).stream()
                                            .map(TupleValue::getFormattedContents)
                                            .toList()),
                            String.valueOf(row.getLong("events_folded")),
                            String.valueOf(row.getLong("total_events"))));
        }
        return heads;
    }

    /** user -> [sum, count, min, max] of the snapshot at {@code cutoff}: its layers summed. */
    private static Map<String, List<Long>> content(CqlSession session, Instant cutoff) {
        Row head =
                session.execute(
                                quorum(
                                        "SELECT layers FROM snapshot_heads WHERE"
                                                + " board = ? AND cutoff = ?",
                                        BOARD,
                                        cutoff))
                        .one();
        List<Instant> from =
                head.getList("layers", TupleValue.class).stream()
                        .map(layer -> layer.getInstant(0))
                        .toList();
        List<Instant> to =
                head.getList("layers", TupleValue.class).stream()
                        .map(layer -> layer.getInstant(1))
                        .toList();
        Tallies tallies = new Tallies();
        for (int layer = 0; layer < from.size(); layer++) {
            for (int chunk = 0; chunk < 4; chunk++) {
                for (Row row :
                        session.execute(
                                quorum(
                                        "SELECT data FROM snapshot_layer_blocks WHERE board = ?"
                                                + " AND from_time = ? AND to_time = ? AND chunk"
                                                + " = ?",
                                        BOARD,
                                        from.get(layer),
                                        to.get(layer),
                                        chunk))) {
                    LayerBlocks.decodeInto(row.getByteBuffer("data"), tallies);
                }
            }
        }
        Map<String, List<Long>> content = new TreeMap<>();
        tallies.asMap()
                .forEach(
                        (user, t) ->
                                content.put(user, List.of(t.sum(), t.count(), t.min(), t.max())));
        return content;
    }

    private static Map<String, List<Long>> oracleContent(Oracle oracle) {
        Map<String, List<Long>> content = new TreeMap<>();
        oracle.leaderboard(BOARD)
                .forEach(
                        r ->
                                content.put(
                                        r.user(), List.of(r.votes(), r.count(), r.min(), r.max())));
        return content;
    }

    /**
     * Copies a table's rows as they are (the clean run's input is the raced run's input), 32
     * inserts at a time, so that the run's few thousand votes are not copied one round trip after
     * another to a quorum of the three nodes.
     */
    private static void copy(CqlSession from, CqlSession to, String table) {
        Semaphore inFlight = new Semaphore(32);
        List<CompletableFuture<?>> inserts = new ArrayList<>();
        for (Row row : from.execute(quorum("SELECT JSON * FROM " + table))) {
            inFlight.acquireUninterruptibly();
            inserts.add(
                    to.executeAsync(
                                    SimpleStatement.newInstance(
                                                    "INSERT INTO " + table + " JSON ?",
                                                    row.getString(0))
                                            .setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM))
                            .toCompletableFuture()
                            .whenComplete((done, failure) -> inFlight.release()));
        }
        CompletableFuture.allOf(inserts.toArray(CompletableFuture[]::new)).join();
    }

    private static SimpleStatement quorum(String cql, Object... values) {
        return SimpleStatement.newInstance(cql, values)
                .setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
    }
}
