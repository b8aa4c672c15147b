package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.testsupport.Boards;
import org.leaderboard.testsupport.HttpJson;
import org.leaderboard.testsupport.Oracle;
import org.leaderboard.testsupport.Oracle.Row;

/**
 * Far more single votes offered than the writer can take: 512 connections without think time (for
 * {@code -Doverload.duration}, default 20 s; {@code PT60S} for the long run), against a writer
 * whose in-flight bound is small enough to be reached. Every answer must be 202 or 503 "Writer
 * overloaded" with Retry-After; no other answer, no connection without an answer; every vote
 * answered 202 counted exactly once afterwards; and the writer's heap after a full GC no bigger at
 * the end than a third of the way in. No timing is asserted.
 */
class WriterOverloadIntegrationTests {

    private static final int CONNECTIONS = 512;

    /**
     * Small: on Reactor Netty, requests the writer cannot take yet wait in the sockets, and the
     * bound is reached by requests that are read together. 128 was reached in one 20 s run (40
     * refusals of 11,316 votes) and not at all in another; 16 is reached all the time.
     */
    private static final int MAX_VOTES_IN_FLIGHT = 16;

    private static final String BOARD = "overload";
    private static final long HEAP_SLACK_BYTES = 32L << 20;

    private static RunningSystem system;
    private final HttpJson http = new HttpJson();
    private final Oracle oracle = new Oracle();

    @BeforeAll
    static void start() {
        system =
                new RunningSystem(
                        "overload",
                        List.of("--writer.load.max-votes-in-flight=" + MAX_VOTES_IN_FLIGHT));
    }

    @AfterAll
    static void stop() {
        system.close();
    }

    @Test
    void answersEveryVoteAcceptedOrOverloadedAndCountsEveryAcceptedOneOnce() throws Exception {
        Duration duration = Duration.parse(System.getProperty("overload.duration", "PT20S"));
        // A window longer than the run: no vote is refused for its age, only for the load.
        assertThat(
                        http.post(
                                        system.writerUrl() + "/boards",
                                        Map.of("board", BOARD, "writeWindowSeconds", 600))
                                .status())
                .isEqualTo(201);
        Instant start = Instant.now();
        long heapEarly;
        try (SingleVoteLoad load =
                new SingleVoteLoad(system.writerUrl(), BOARD, CONNECTIONS, oracle)) {
            Thread loadThread = new Thread(() -> load.runUntil(start.plus(duration)));
            loadThread.start();
            awaitInstant(start.plus(duration.dividedBy(3)));
            heapEarly = heapAfterFullGc();
            loadThread.join();

            System.out.printf(
                    "overload test: %d connections for %s: %d votes sent, %d answered 202, %d"
                            + " answered 503 overloaded, %d other answers, %d without answer%n",
                    CONNECTIONS,
                    duration,
                    load.sent(),
                    load.accepted.get(),
                    load.overloaded.get(),
                    load.otherAnswers.size(),
                    load.noAnswer.size());
            assertThat(load.otherAnswers).as("answers other than 202 and 503 overloaded").isEmpty();
            assertThat(load.overloadedWithoutRetryAfter).as("503 without Retry-After").isEmpty();
            assertThat(load.noAnswer).as("votes without an answer (reset, refused)").isEmpty();
            assertThat(load.accepted.get()).isPositive();
            assertThat(load.overloaded.get()).as("the bound was reached").isPositive();
        }
        long heapEnd = heapAfterFullGc();
        System.out.printf(
                "overload test: writer heap after full GC %d MiB a third in, %d MiB at the end%n",
                heapEarly >> 20, heapEnd >> 20);
        assertThat(heapEnd)
                .as("heap after full GC at the end")
                .isLessThan(heapEarly + HEAP_SLACK_BYTES);
        assertThat(wholeLeaderboard())
                .as("every vote answered 202, counted once; nothing of the refused ones")
                .isEqualTo(oracle.leaderboard(BOARD));
    }

    private long heapAfterFullGc() throws Exception {
        long pid = system.writer.pid().orElseThrow();
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process gc = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.run").start();
        assertThat(gc.waitFor(60, TimeUnit.SECONDS)).isTrue();
        JsonNode metric =
                http.get(system.writerUrl() + "/actuator/metrics/jvm.memory.used?tag=area:heap")
                        .body();
        return metric.get("measurements").get(0).get("value").asLong();
    }

    private List<Row> wholeLeaderboard() {
        return Row.of(
                new Boards(http, system.writerUrl(), system.queryUrl())
                        .leaderboard(BOARD, "")
                        .get("entries"));
    }

    private static void awaitInstant(Instant when) {
        org.awaitility.Awaitility.await()
                .atMost(Duration.ofMinutes(5))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> Instant.now().isAfter(when));
    }
}
