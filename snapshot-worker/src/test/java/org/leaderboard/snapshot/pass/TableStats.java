package org.leaderboard.snapshot.pass;

import java.io.IOException;
import java.io.UncheckedIOException;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * What {@code nodetool flush} and {@code nodetool tablestats} do, over the test node's JMX port:
 * flushes a keyspace's memtables to SSTables and reads a table's live on-disk size and SSTable
 * count from the node's own table metrics.
 */
final class TableStats implements AutoCloseable {

    private final JMXConnector connector;
    private final MBeanServerConnection server;

    TableStats(int jmxPort) {
        try {
            this.connector =
                    JMXConnectorFactory.connect(
                            new JMXServiceURL(
                                    "service:jmx:rmi:///jndi/rmi://127.0.0.1:"
                                            + jmxPort
                                            + "/jmxrmi"));
            this.server = connector.getMBeanServerConnection();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void flush(String keyspace) {
        try {
            server.invoke(
                    new ObjectName("org.apache.cassandra.db:type=StorageService"),
                    "forceKeyspaceFlush",
                    new Object[] {keyspace, new String[0]},
                    new String[] {String.class.getName(), String[].class.getName()});
        } catch (JMException | IOException e) {
            throw new IllegalStateException("flush of " + keyspace + " failed", e);
        }
    }

    /** "Space used (live)" of tablestats, in bytes. */
    long liveDiskBytes(String keyspace, String table) {
        return ((Number) metric(keyspace, table, "LiveDiskSpaceUsed", "Count")).longValue();
    }

    /** "SSTable count" of tablestats. */
    int liveSSTables(String keyspace, String table) {
        return ((Number) metric(keyspace, table, "LiveSSTableCount", "Value")).intValue();
    }

    private Object metric(String keyspace, String table, String name, String attribute) {
        try {
            return server.getAttribute(
                    new ObjectName(
                            "org.apache.cassandra.metrics:type=Table,keyspace="
                                    + keyspace
                                    + ",scope="
                                    + table
                                    + ",name="
                                    + name),
                    attribute);
        } catch (JMException | IOException e) {
            throw new IllegalStateException(name + " of " + keyspace + "." + table, e);
        }
    }

    @Override
    public void close() {
        try {
            connector.close();
        } catch (IOException e) {
            // Closing a JMX connection to a test node: nothing to do if it fails.
        }
    }
}
