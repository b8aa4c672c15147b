package org.leaderboard.snapshot.pass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.testsupport.TestCassandra;

/**
 * Why retention deletes event partitions instead of giving events a TTL, measured: under
 * TimeWindowCompactionStrategy (the strategy meant for TTL'd time series) an SSTable whose rows
 * have all expired is dropped whole only if its newest write timestamp is older than the oldest
 * timestamp of every overlapping SSTable. Event rows are written with timestamps counting down from
 * {@code Long.MAX_VALUE} (first write wins), so an older SSTable holds larger timestamps than every
 * newer one: the same expired SSTable that is dropped with ordinary timestamps stays on disk.
 */
class ExpiringTimestampsIntegrationTests {

    private static final SnapshotFixture fixture = new SnapshotFixture("expiring");

    @AfterAll
    static void close() {
        fixture.close();
    }

    @Test
    void anExpiredSSTableIsDroppedWholeOnlyWithTimestampsThatCountUp() {
        try (TableStats stats = new TableStats(TestCassandra.shared().jmxPort().orElseThrow())) {
            create("counting_up");
            create("counting_down");
            // Three SSTables each: rows that expire after 2 s, then two of long-lived rows.
            writeAndFlush(stats, 0, 2);
            writeAndFlush(stats, 100, 3600);
            await().pollDelay(Duration.ofSeconds(3)).until(() -> true);
            // A flush after the expiry makes the strategy look for work, expired SSTables too.
            writeAndFlush(stats, 200, 3600);

            await().atMost(Duration.ofMinutes(1))
                    .until(() -> stats.liveSSTables(fixture.keyspace, "counting_up") == 2);
            int countingDown =
                    await().pollDelay(Duration.ofSeconds(5))
                            .until(
                                    () -> stats.liveSSTables(fixture.keyspace, "counting_down"),
                                    count -> true);
            System.out.printf(
                    "[expiring] SSTables left after the first one's rows expired: timestamps"
                            + " counting up 2, counting down %d%n",
                    countingDown);
            assertThat(countingDown).isEqualTo(3);
        }
    }

    private static void create(String table) {
        fixture.session.execute(
                "CREATE TABLE "
                        + table
                        + " (p int, c int, v text, PRIMARY KEY (p, c)) WITH gc_grace_seconds = 0"
                        + " AND compaction = {'class': 'TimeWindowCompactionStrategy',"
                        + " 'compaction_window_unit': 'MINUTES', 'compaction_window_size': 1,"
                        + " 'expired_sstable_check_frequency_seconds': 1}");
    }

    private static void writeAndFlush(TableStats stats, int firstPartition, int ttlSeconds) {
        write("counting_up", firstPartition, ttlSeconds, false);
        write("counting_down", firstPartition, ttlSeconds, true);
        stats.flush(fixture.keyspace);
    }

    private static void write(String table, int firstPartition, int ttlSeconds, boolean down) {
        for (int p = firstPartition; p < firstPartition + 20; p++) {
            long micros = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
            fixture.session.execute(
                    "INSERT INTO "
                            + table
                            + " (p, c, v) VALUES (?, ?, ?) USING TTL ? AND TIMESTAMP ?",
                    p,
                    1,
                    "x".repeat(100),
                    ttlSeconds,
                    down ? Long.MAX_VALUE - micros : micros);
        }
    }
}
