package org.leaderboard.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.leaderboard.model.cassandra.Schema;

class CassandraNodeIntegrationTests {

    @TempDir Path directory;

    @Test
    void startsARealNodeAppliesTheSchemaKeepsDataAcrossARestartAndLeavesNoProcess() {
        NodeSpec spec =
                NodeSpec.singleNode(
                        directory, FreePorts.any(), FreePorts.any(), FreePorts.any(), "512m");
        CassandraNode node = new CassandraNode(spec);
        Duration startup = node.start(Duration.ofMinutes(2));
        long pid = node.pid().orElseThrow();
        try (CqlSession session = Sessions.connect(spec.contactPoint(), null)) {
            Schema.apply(session, "launcher_test", Schema.SINGLE_NODE_REPLICATION);
            session.execute(
                    "INSERT INTO launcher_test.boards (board, write_window_seconds) VALUES ('b1', 60)");
        }
        node.stop();
        assertThat(ProcessHandle.of(pid)).isEmpty();

        node.start(Duration.ofMinutes(2));
        try (CqlSession session = Sessions.connect(spec.contactPoint(), "launcher_test")) {
            assertThat(
                            session.execute(
                                            "SELECT write_window_seconds FROM boards WHERE board = 'b1'")
                                    .one()
                                    .getInt(0))
                    .isEqualTo(60);
        } finally {
            node.stop();
        }
        System.out.println("Cassandra first start took " + startup.toMillis() + " ms");
    }
}
