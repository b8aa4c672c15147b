package org.leaderboard.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.Map;
import java.util.TreeMap;
import org.leaderboard.model.cassandra.Tables;

/**
 * How many reads the node has coordinated per table of the benchmark's keyspace ({@code
 * system_views.coordinator_read_latency}, Cassandra's own count): the difference over a row's
 * strong queries, divided by the query service's shared strong reads in it, is what one strong read
 * asks the replicas, by table. The snapshot passes the harness runs every 2 s read in the same
 * tables meanwhile (a few requests a pass, against hundreds of strong reads a second).
 */
final class CoordinatorReads {

    private final CqlSession session;
    private final String keyspace;

    CoordinatorReads(CqlSession session) {
        this.session = session;
        this.keyspace = Tables.keyspaceOf(session);
    }

    /** Reads coordinated so far, by table. */
    Map<String, Long> now() {
        Map<String, Long> counts = new TreeMap<>();
        for (Row row :
                session.execute(
                        "SELECT table_name, count FROM system_views.coordinator_read_latency"
                                + " WHERE keyspace_name = ?",
                        keyspace)) {
            counts.put(row.getString(0), row.getLong(1));
        }
        return counts;
    }

    /** The reads since {@code before} per one of {@code reads}, by table, as a phrase. */
    static String perRead(Map<String, Long> before, Map<String, Long> after, double reads) {
        StringBuilder phrase = new StringBuilder();
        double all = 0;
        for (Map.Entry<String, Long> table : after.entrySet()) {
            long count = table.getValue() - before.getOrDefault(table.getKey(), 0L);
            if (count > 0 && reads > 0) {
                all += count / reads;
                phrase.append(String.format(", %s %.2f", table.getKey(), count / reads));
            }
        }
        return String.format("%.2f requests to the replicas per shared strong read", all) + phrase;
    }
}
