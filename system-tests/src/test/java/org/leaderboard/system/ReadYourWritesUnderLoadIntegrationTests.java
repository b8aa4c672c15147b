package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.testsupport.Boards;
import org.leaderboard.testsupport.HttpJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Read-your-writes on any query replica, under load: while batches of votes are written and a
 * scheduled snapshot worker folds them (so cutoffs move and rows settle during the run), probes
 * cast one vote each and, on its 202, ask a random one of two query-service processes for the voted
 * user. Every answer must count every vote acknowledged before it was asked. The board has a 5 s
 * write window and 1 s buckets and the replicas a 2 s settled margin, so that the settled part of
 * the tail, the part read again and the snapshot all change many times in the run. Half of the
 * probe users send their own voteIds, stamped {@value #LATE_MILLIS} ms in the past (a client that
 * retries, or was offline for a moment): those votes land behind rows the replicas already hold,
 * and are found only through the writer's late marks. The worker passes every second and merges its
 * layers as they grow, so the replicas reach most new heads by folding the events since the head
 * they hold: that path is under the probes too. The replicas rank every newer head apart from their
 * reads ({@code query.tail.rank-apart-from-users=0}; by default only large tails are) and take up
 * every newer head ({@code query.tail.newer-head-after=0s}; by default one 30 s past), and the late
 * probes make many reads read a held range again meanwhile (adding only the late rows, so that a
 * ranking in progress goes on): the probes are answered while newer heads are handed over, and at
 * least one must be. Between reads of the store, reads are made from the writer's feed (the events
 * it acknowledged, asked after the query arrived): that path is under the probes as well, and at
 * least one read must have been made from it (about a thousand on each replica in runs here).
 */
class ReadYourWritesUnderLoadIntegrationTests {

    private static final Logger log = LoggerFactory.getLogger("probes");
    private static final String BOARD = "probed";
    private static final int PROBE_USERS = 8;

    /** How far in the past the late probes stamp their votes: inside the 5 s window. */
    private static final long LATE_MILLIS = 2_000;

    /** Probing stops after this many (a quiet 2-core machine gets there in well under a minute). */
    private static final int PROBES = 3_000;

    /** Fewer than this in the time allowed, and the run proves too little (a very loaded host). */
    private static final int MIN_PROBES = 500;

    private static final Duration MAX_PROBING = Duration.ofSeconds(100);
    private static final List<String> TAIL =
            List.of(
                    "--query.tail.settled-margin=2s",
                    "--query.tail.rank-apart-from-users=0",
                    "--query.tail.newer-head-after=0s");

    private static RunningSystem system;
    private static List<String> replicas;
    private final HttpJson http = new HttpJson();
    private final AtomicLong lateProbes = new AtomicLong();

    /** Answers that counted more votes for a probe user than its probe had sent. */
    private final ConcurrentLinkedQueue<String> overcounts = new ConcurrentLinkedQueue<>();

    @BeforeAll
    static void start() {
        system = new RunningSystem("ryw_load", TAIL);
        ServiceProcess second = system.startAnotherQuery(TAIL);
        system.startScheduledWorker(
                List.of("--snapshot.cron=* * * * * *", "--snapshot.safety-margin=2s"));
        replicas = List.of(system.queryUrl(), second.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (system != null) {
            system.close();
        }
    }

    @Test
    void everyVoteAcknowledgedBeforeAQueryIsInItsAnswerOnEitherReplica() throws Exception {
        new Boards(http, system.writerUrl(), system.queryUrl())
                .create(BOARD, Map.of("writeWindowSeconds", 5));
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong background = new AtomicLong();
        AtomicLong probes = new AtomicLong();
        ConcurrentLinkedQueue<String> misses = new ConcurrentLinkedQueue<>();
        ExecutorService threads = Executors.newFixedThreadPool(PROBE_USERS + 1);
        long deadline = System.nanoTime() + MAX_PROBING.toNanos();
        List<Future<?>> tasks = new ArrayList<>();
        tasks.add(threads.submit(() -> writeInBackground(running, background)));
        for (int user = 0; user < PROBE_USERS; user++) {
            String probed = "probe-" + user;
            boolean late = user % 2 == 1;
            tasks.add(threads.submit(() -> probe(probed, late, running, deadline, probes, misses)));
        }
        for (Future<?> probe : tasks.subList(1, tasks.size())) {
            probe.get(MAX_PROBING.toSeconds() + 60, TimeUnit.SECONDS);
        }
        running.set(false);
        tasks.get(0).get(1, TimeUnit.MINUTES);
        threads.shutdown();

        double incremental = 0;
        double rankedApart = 0;
        double fedReads = 0;
        for (String replica : replicas) {
            Prometheus scrape = Prometheus.scrape(replica);
            fedReads += scrape.valueOrZero("leaderboard_tail_feed_reads_total");
            rankedApart += scrape.valueOrZero("leaderboard_snapshot_heads_ranked_apart_total");
            incremental +=
                    scrape.valueOrZero("leaderboard_snapshot_loads_total{how=\"layers\"}")
                            + scrape.valueOrZero(
                                    "leaderboard_snapshot_loads_total{how=\"events\"}");
            log.info(
                    "{} snapshot loads: {} whole, {} by new layers, {} by the events in between;"
                            + " {} heads ranked apart from the reads; {} late events read by their"
                            + " marks; {} reads from the writers' feeds alone",
                    replica,
                    scrape.valueOrZero("leaderboard_snapshot_loads_total{how=\"whole\"}"),
                    scrape.valueOrZero("leaderboard_snapshot_loads_total{how=\"layers\"}"),
                    scrape.valueOrZero("leaderboard_snapshot_loads_total{how=\"events\"}"),
                    scrape.valueOrZero("leaderboard_snapshot_heads_ranked_apart_total"),
                    scrape.valueOrZero("leaderboard_tail_late_events_total"),
                    scrape.valueOrZero("leaderboard_tail_feed_reads_total"));
        }
        log.info(
                "{} probes ({} of them stamped {} ms in the past) on {} replicas, {} background"
                        + " votes, {} misses",
                probes.get(),
                lateProbes.get(),
                LATE_MILLIS,
                replicas.size(),
                background.get(),
                misses.size());
        assertThat(misses).as("answers missing an acknowledged vote").isEmpty();
        assertThat(overcounts).as("answers counting more votes than were sent").isEmpty();
        assertThat(probes.get()).isGreaterThanOrEqualTo(MIN_PROBES);
        assertThat(lateProbes.get()).as("probes stamped in the past").isGreaterThan(MIN_PROBES / 4);
        assertThat(background.get()).as("votes written in the background").isPositive();
        // The worker advanced and merged its chain while the probes ran, and the replicas reached
        // its newer heads from the ones they held (their new layers, or the events in between),
        // not by loading them whole.
        assertThat(incremental).as("heads reached from the ones held").isPositive();
        // Reads were made from the writer's feed between reads of the store, under the probes.
        assertThat(fedReads).as("strong reads made from the writers' feeds").isPositive();
        assertThat(rankedApart)
                .as("heads taken up after being ranked apart, while probes were answered")
                .isPositive();
    }

    /**
     * One probe user: vote, and on 202 ask a random replica; its count must be at least the votes
     * acknowledged so far (a vote answered otherwise may or may not be stored, so it may count). A
     * {@code late} user sends its own voteIds, stamped in the past.
     */
    private void probe(
            String user,
            boolean late,
            AtomicBoolean running,
            long deadline,
            AtomicLong probes,
            ConcurrentLinkedQueue<String> misses) {
        long acknowledged = 0;
        long sent = 0;
        while (probes.get() < PROBES && System.nanoTime() < deadline && running.get()) {
            Map<String, Object> body =
                    new HashMap<>(Map.of("user", user, "voter", user, "votes", 1));
            if (late) {
                body.put(
                        "voteId",
                        TimeUuids.voteIdAt(Instant.now().minusMillis(LATE_MILLIS)).toString());
            }
            sent++;
            HttpJson.Answer vote = http.post(votesUrl(), body);
            if (vote.status() != 202) {
                log.warn("probe vote answered {}: {}", vote.status(), vote.body());
                continue;
            }
            acknowledged++;
            String replica = replicas.get(ThreadLocalRandom.current().nextInt(replicas.size()));
            HttpJson.Answer answer =
                    http.get(replica + "/boards/" + BOARD + "/users/" + user + "?around=0");
            long counted = answer.status() == 200 ? answer.body().get("votes").asLong() : -1;
            if (counted < acknowledged) {
                misses.add(describe(user, replica, acknowledged, answer));
            }
            if (counted > sent) {
                overcounts.add(
                        describe(user, replica, acknowledged, answer) + ", " + sent + " sent");
            }
            probes.incrementAndGet();
            if (late) {
                lateProbes.incrementAndGet();
            }
        }
    }

    private static String describe(
            String user, String replica, long acknowledged, HttpJson.Answer answer) {
        JsonNode body = answer.body();
        return user + " on " + replica + ": " + acknowledged + " acknowledged, answer " + body;
    }

    /** About 500 votes a second in batches of 50, to 1,000 other users. */
    private void writeInBackground(AtomicBoolean running, AtomicLong written) {
        while (running.get()) {
            long started = System.nanoTime();
            List<Map<String, Object>> votes = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                int user = ThreadLocalRandom.current().nextInt(1_000);
                votes.add(Map.of("user", "user-" + user, "voter", "voter-" + i, "votes", 1));
            }
            HttpJson.Answer batch = http.post(votesUrl() + "/batch", Map.of("votes", votes));
            if (batch.status() == 200) {
                written.addAndGet(votes.size());
            }
            long restNanos = TimeUnit.MILLISECONDS.toNanos(100) - (System.nanoTime() - started);
            if (restNanos > 0) {
                try {
                    TimeUnit.NANOSECONDS.sleep(restNanos);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static String votesUrl() {
        return system.writerUrl() + "/boards/" + BOARD + "/votes";
    }
}
