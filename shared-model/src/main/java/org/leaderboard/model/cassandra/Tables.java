package org.leaderboard.model.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;

/**
 * Every prepared statement names its keyspace ({@code keyspace.table}), the one its session was
 * opened in. A statement that leaves the keyspace to the connection ({@code USE}) is ambiguous to
 * the server: when several keyspaces of one cluster prepare the same text (tenants, staging beside
 * production, the fault tests' keyspace per test) and a node restarts and reloads its prepared
 * statements, an execution can run in another keyspace than the one its session uses. The fault
 * tests saw exactly that: after two nodes restarted, a snapshot pass wrote its heads into another
 * test's keyspace. Cassandra warns against {@code USE} with prepared statements for this reason.
 */
public final class Tables {

    private Tables() {}

    /** The keyspace of {@code session}, as CQL; statements are prepared in it, qualified. */
    public static String keyspaceOf(CqlSession session) {
        return session.getKeyspace()
                .map(keyspace -> keyspace.asCql(true))
                .orElseThrow(
                        () ->
                                new IllegalStateException(
                                        "the Cassandra session has no keyspace: set"
                                                + " spring.cassandra.keyspace-name"));
    }
}
