package org.leaderboard.model.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Applies {@code schema.cql}, the one schema of the system, to a keyspace. Idempotent: tables and
 * columns are created only where missing, and the table options it sets again change nothing where
 * they are set already (no new schema version). Used by the local launcher, the tests and (as the
 * same file, through cqlsh) the Kubernetes schema Job.
 */
public final class Schema {

    /** Replication for one local node; clusters pass NetworkTopologyStrategy with RF 3. */
    public static final String SINGLE_NODE_REPLICATION =
            "{'class': 'SimpleStrategy', 'replication_factor': 1}";

    private static final Pattern KEYSPACE = Pattern.compile("[a-z][a-z0-9_]{0,47}");
    private static final String RESOURCE = "schema.cql";

    private Schema() {}

    /** The table statements of schema.cql, in file order, comments stripped. */
    public static List<String> statements() {
        String text = stripComments(read());
        return Arrays.stream(text.split(";"))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .collect(Collectors.toList());
    }

    /** Creates the keyspace if needed, then every table in it. */
    public static void apply(CqlSession session, String keyspace, String replication) {
        if (!KEYSPACE.matcher(keyspace).matches()) {
            throw new IllegalArgumentException(
                    "keyspace '" + keyspace + "' must match " + KEYSPACE.pattern());
        }
        session.execute(
                "CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = " + replication);
        for (String statement : statements()) {
            // Per-statement keyspace (protocol v5) keeps schema.cql free of keyspace names.
            session.execute(SimpleStatement.newInstance(statement).setKeyspace(keyspace));
        }
    }

    private static String read() {
        try (InputStream in = Schema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String stripComments(String text) {
        return text.lines()
                .map(line -> line.replaceFirst("--.*$", ""))
                .collect(Collectors.joining("\n"));
    }
}
