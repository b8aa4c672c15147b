package org.leaderboard.snapshot.pass;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.time.TimestampGenerator;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.snapshot.store.SnapshotWriter;
import org.leaderboard.testsupport.TestCassandra;

/**
 * Two workers may commit the same cutoff with different, equally valid layer lists (one compacted,
 * one not), and may do so with the same write timestamp. Cassandra settles a tie cell by cell, so a
 * head stored as several lists (or non-frozen lists, merged element by element) could come back as
 * a mix of both: layers counted twice. A head's layers are one frozen value, kept whole.
 */
class SnapshotHeadsIntegrationTests {

    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");
    private static final Instant T1 = T0.plusSeconds(60);
    private static final Instant T2 = T0.plusSeconds(120);

    @Test
    void twoHeadsOfOneCutoffWrittenWithOneTimestampReadBackAsOneOfThem() {
        String keyspace = TestCassandra.shared().newKeyspace("heads");
        SnapshotHead uncompacted = head(List.of(new LayerRef(T0, T1, 10), new LayerRef(T1, T2, 5)));
        SnapshotHead compacted = head(List.of(new LayerRef(T0, T2, 12)));

        try (CqlSession sameTimestamp = sessionWritingAtOneTimestamp(keyspace)) {
            SnapshotWriter writer = new SnapshotWriter(sameTimestamp, Consistency.DEFAULT);
            writer.writeHead(uncompacted);
            writer.writeHead(compacted);

            SnapshotHead stored =
                    new SnapshotHeadDao(sameTimestamp, Consistency.DEFAULT)
                            .latestHead("board")
                            .orElseThrow();
            assertThat(stored.layers()).isIn(uncompacted.layers(), compacted.layers());
        }
    }

    private static SnapshotHead head(List<LayerRef> layers) {
        return new SnapshotHead("board", T2, T1, layers, 7, 42, T2);
    }

    private static CqlSession sessionWritingAtOneTimestamp(String keyspace) {
        String contactPoint = TestCassandra.shared().contactPoint();
        int colon = contactPoint.lastIndexOf(':');
        return CqlSession.builder()
                .addContactPoint(
                        new InetSocketAddress(
                                contactPoint.substring(0, colon),
                                Integer.parseInt(contactPoint.substring(colon + 1))))
                .withLocalDatacenter(TestCassandra.shared().localDatacenter())
                .withKeyspace(keyspace)
                .withConfigLoader(
                        DriverConfigLoader.programmaticBuilder()
                                .withClass(
                                        DefaultDriverOption.TIMESTAMP_GENERATOR_CLASS,
                                        OneTimestamp.class)
                                .build())
                .build();
    }

    /** Every statement gets the same write timestamp, as two workers' clocks may give. */
    public static final class OneTimestamp implements TimestampGenerator {

        public OneTimestamp(DriverContext context) {}

        @Override
        public long next() {
            return 1_700_000_000_000_000L;
        }

        @Override
        public void close() {}
    }
}
