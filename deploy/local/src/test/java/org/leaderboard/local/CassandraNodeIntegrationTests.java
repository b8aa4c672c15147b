package org.leaderboard.local;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.leaderboard.model.cassandra.Schema;

class CassandraNodeIntegrationTests {

    @TempDir Path directory;

    @Test
    void startsARealNodeAppliesTheSchemaKeepsDataAcrossARestartAndLeavesNoProcess()
            throws Exception {
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
        assertThat(CassandraNode.classArchive().trains())
                .as("a node that ended by itself leaves the class archive for the next start")
                .isFalse();
        assertThat(sharesClasses(CassandraNode.classArchive()))
                .as("a JVM that must share classes starts Cassandra's tools from the archive")
                .contains("source: shared objects file (top)");

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

    /**
     * What a JVM that must map {@code archive} ({@code -Xshare:on}: it fails otherwise) prints of
     * loading one of Cassandra's classes a node loads (running Cassandra's version tool).
     */
    private static String sharesClasses(StartupArchive archive) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(JavaHomes.javaExecutable(JavaHomes.java17()).toString());
        command.add("-Xshare:on");
        command.addAll(archive.jvmOptions());
        command.addAll(
                List.of(
                        "-Xlog:class+load=info",
                        "-cp",
                        CassandraNode.classpath(),
                        "org.apache.cassandra.tools.GetVersion"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), UTF_8);
        assertThat(process.waitFor()).as(output.lines().limit(5).toList().toString()).isZero();
        return output.lines()
                .filter(line -> line.contains(" org.apache.cassandra.utils.FBUtilities "))
                .findFirst()
                .orElse("");
    }

    /**
     * The event table of a keyspace made by an earlier version (Cassandra's default size tiers)
     * gets tiers down to 1 MiB when the schema is applied again, as an upgrade does; and applying
     * the schema to an up-to-date keyspace is no schema change at all, so that every deploy's
     * schema job and every test's keyspace can apply it freely. A flush puts a written row on disk.
     */
    @Test
    void anEarlierKeyspaceGetsTheEventTablesTiersAndApplyingAgainChangesNoSchema()
            throws Exception {
        NodeSpec spec =
                NodeSpec.singleNode(
                        directory, FreePorts.any(), FreePorts.any(), FreePorts.any(), "512m");
        CassandraNode node = new CassandraNode(spec);
        node.start(Duration.ofMinutes(2));
        try (CqlSession session = Sessions.connect(spec.contactPoint(), null)) {
            session.execute(
                    "CREATE KEYSPACE earlier WITH replication = " + Schema.SINGLE_NODE_REPLICATION);
            session.execute(
                    "CREATE TABLE earlier.vote_events (board text, bucket timestamp, shard int,"
                            + " vote_id timeuuid, user_id text, voter_id text, votes int,"
                            + " retracts timeuuid, PRIMARY KEY ((board, bucket, shard), vote_id))"
                            + " WITH CLUSTERING ORDER BY (vote_id ASC)");
            assertThat(compactionOfEvents(session)).doesNotContainKey("min_sstable_size");

            Schema.apply(session, "earlier", Schema.SINGLE_NODE_REPLICATION);
            assertThat(compactionOfEvents(session))
                    .containsEntry(
                            "class",
                            "org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy")
                    .containsEntry("min_sstable_size", "1048576");

            UUID before = schemaVersion(session);
            Schema.apply(session, "earlier", Schema.SINGLE_NODE_REPLICATION);
            assertThat(schemaVersion(session)).isEqualTo(before);

            session.execute(
                    "INSERT INTO earlier.boards (board, write_window_seconds) VALUES ('b1', 60)");
            assertThat(dataFiles("earlier", "boards")).as("before the flush").isEmpty();
            node.flush();
            assertThat(dataFiles("earlier", "boards")).as("after the flush").hasSize(1);
        } finally {
            node.stop();
        }
    }

    /** The sstables' data files of one table on the node's disk. */
    private List<Path> dataFiles(String keyspace, String table) throws Exception {
        Path tables = directory.resolve("data/data").resolve(keyspace);
        try (var files = Files.walk(tables)) {
            return files.filter(f -> f.getParent().getFileName().toString().startsWith(table + "-"))
                    .filter(f -> f.getFileName().toString().endsWith("-Data.db"))
                    .toList();
        }
    }

    private static Map<String, String> compactionOfEvents(CqlSession session) {
        return session.execute(
                        "SELECT compaction FROM system_schema.tables WHERE keyspace_name ="
                                + " 'earlier' AND table_name = 'vote_events'")
                .one()
                .getMap(0, String.class, String.class);
    }

    private static UUID schemaVersion(CqlSession session) {
        return session.execute("SELECT schema_version FROM system.local").one().getUuid(0);
    }
}
