package org.leaderboard.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.RuntimeMBeanException;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * One real Cassandra node, run from the Maven Central jars as its own JVM (a separate process keeps
 * Cassandra's Netty, Guava and logging away from Spring Boot's, and can be restarted).
 *
 * <p>Side effects: writes {@code conf/cassandra.yaml}, {@code data/}, {@code logs/} and {@code
 * cassandra.pid} under the node's directory. A node left running by a JVM that was killed with
 * SIGKILL is found through that pid file and stopped at the next start in the same directory.
 */
public final class CassandraNode implements AutoCloseable {

    private final NodeSpec spec;
    private Process process;
    private StartupArchive archive = StartupArchive.none();

    public CassandraNode(NodeSpec spec) {
        this.spec = spec;
    }

    public NodeSpec spec() {
        return spec;
    }

    /** Starts the node and waits until it accepts CQL connections; returns how long that took. */
    public Duration start(Duration timeout) {
        Instant started = Instant.now();
        stopLeftover();
        // Otherwise the wait below would take another server on this port for our node.
        if (acceptsConnections()) {
            throw new IllegalStateException(
                    spec.contactPoint() + " is already in use by another process; stop it first");
        }
        prepareDirectories();
        try {
            process =
                    new ProcessBuilder(command())
                            .redirectErrorStream(true)
                            .redirectOutput(spec.directory().resolve("logs/stdout.log").toFile())
                            .start();
            Files.writeString(pidFile(), Long.toString(process.pid()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start Cassandra", e);
        }
        awaitCql(started.plus(timeout));
        return Duration.between(started, Instant.now());
    }

    /** Stops the node: SIGTERM (Cassandra flushes and exits), then SIGKILL if it hangs. */
    public void stop() {
        if (process != null) {
            boolean ended = terminate(process.toHandle());
            // 137: killed (SIGKILL) by someone else before, as a fault test does.
            archive.settle(ended && process.exitValue() != 137);
            process = null;
        }
        deletePidFile();
    }

    /** Kills the node at once, as a crash would (for fault tests). */
    public void kill() {
        if (process != null) {
            process.toHandle().destroyForcibly();
            waitFor(process.toHandle(), Duration.ofSeconds(30));
            archive.settle(false);
            process = null;
        }
    }

    /**
     * Writes every table's memtable to disk (through the node's local JMX port, as {@code nodetool
     * flush} would), so that a later start replays only the commit log written after this call. A
     * node killed in a fault test otherwise replays every earlier test's writes: 20 s of a 60 s
     * restart on a busy machine.
     */
    public void flush() {
        JMXServiceURL url;
        try {
            url =
                    new JMXServiceURL(
                            // Cassandra's local-only JMX listens on 127.0.0.1 whatever the
                            // node's own address.
                            "service:jmx:rmi:///jndi/rmi://127.0.0.1:"
                                    + spec.jmxPort()
                                    + "/jmxrmi");
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
        try (JMXConnector jmx = JMXConnectorFactory.connect(url)) {
            MBeanServerConnection server = jmx.getMBeanServerConnection();
            ObjectName storage = new ObjectName("org.apache.cassandra.db:type=StorageService");
            for (Object keyspace : (List<?>) server.getAttribute(storage, "Keyspaces")) {
                try {
                    server.invoke(
                            storage,
                            "forceKeyspaceFlush",
                            new Object[] {keyspace, new String[0]},
                            new String[] {String.class.getName(), String[].class.getName()});
                } catch (RuntimeMBeanException e) {
                    // A keyspace dropped between the listing and its flush: nothing to write.
                    if (!(e.getCause() instanceof IllegalArgumentException)) {
                        throw e;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot flush " + spec.contactPoint(), e);
        } catch (JMException e) {
            throw new IllegalStateException("cannot flush " + spec.contactPoint(), e);
        }
    }

    public boolean isRunning() {
        return process != null && process.isAlive();
    }

    public Optional<Long> pid() {
        return Optional.ofNullable(process).map(Process::pid);
    }

    @Override
    public void close() {
        stop();
    }

    private List<String> command() {
        archive = classArchive();
        List<String> command = new ArrayList<>(withoutMemoryLocking());
        command.add(JavaHomes.javaExecutable(JavaHomes.java17()).toString());
        command.addAll(JvmFlags.forNode(spec));
        command.addAll(archive.jvmOptions());
        command.add("-cp");
        command.add(classpath());
        command.add("org.apache.cassandra.service.CassandraDaemon");
        return command;
    }

    /**
     * The shared class archive of Cassandra's jars, beside their {@code lib/} (one for every node
     * started from them): a node opens its CQL port about a quarter sooner with it.
     */
    static StartupArchive classArchive() {
        if (!StartupArchive.enabled()) {
            return StartupArchive.none();
        }
        Path lib = ServerClasspath.libDirectory().toAbsolutePath();
        try (var jars = Files.list(lib)) {
            return StartupArchive.in(
                    lib.getParent(),
                    "cassandra-classes",
                    JavaHomes.java17(),
                    jars.filter(j -> j.toString().endsWith(".jar")).sorted().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every jar of Cassandra's {@code lib/}. */
    static String classpath() {
        return ServerClasspath.libDirectory().toAbsolutePath() + "/*";
    }

    /**
     * As root, Cassandra mlockall()s its whole heap (~1 GiB resident even when idle). Dropping the
     * IPC_LOCK capability (util-linux setpriv) lets the kernel page as usual: 0.55-0.7 GiB idle.
     */
    private static List<String> withoutMemoryLocking() {
        boolean root = "root".equals(System.getProperty("user.name"));
        Path setpriv = Path.of("/usr/bin/setpriv");
        if (root && Files.isExecutable(setpriv)) {
            return List.of(
                    setpriv.toString(), "--bounding-set=-ipc_lock", "--inh-caps=-ipc_lock", "--");
        }
        return List.of();
    }

    private void prepareDirectories() {
        try {
            Files.createDirectories(spec.directory().resolve("conf"));
            Files.createDirectories(spec.directory().resolve("data"));
            Files.createDirectories(spec.directory().resolve("logs"));
            Files.writeString(
                    spec.directory().resolve("conf/cassandra.yaml"), CassandraYaml.render(spec));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void awaitCql(Instant deadline) {
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(
                        "Cassandra exited with code "
                                + process.exitValue()
                                + " during start:\n"
                                + logTail());
            }
            if (acceptsConnections()) {
                return;
            }
            pause(Duration.ofMillis(200));
        }
        stop();
        throw new IllegalStateException(
                "Cassandra did not open its CQL port in time:\n" + logTail());
    }

    private boolean acceptsConnections() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(spec.address(), spec.nativePort()), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Stops the nodes of earlier runs under {@code parent} (one directory per run) whose JVM died
     * before it could stop them, and removes their directories.
     */
    public static void stopLeftovers(Path parent) {
        if (!Files.isDirectory(parent)) {
            return;
        }
        try (var runs = Files.list(parent)) {
            runs.filter(Files::isDirectory).forEach(CassandraNode::stopAndDelete);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void stopAndDelete(Path runDirectory) {
        new CassandraNode(NodeSpec.singleNode(runDirectory, 0, 0, 0, "0")).stopLeftover();
        try (var files = Files.walk(runDirectory)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A node of an earlier run in this directory whose JVM was killed before it could stop it. */
    private void stopLeftover() {
        readPid()
                .flatMap(ProcessHandle::of)
                .filter(p -> p.info().commandLine().orElse("").contains("CassandraDaemon"))
                .ifPresent(CassandraNode::terminate);
        deletePidFile();
    }

    /** SIGTERM, then SIGKILL after 30 s; whether it ended by itself. */
    private static boolean terminate(ProcessHandle handle) {
        handle.destroy();
        if (waitFor(handle, Duration.ofSeconds(30))) {
            return true;
        }
        handle.destroyForcibly();
        waitFor(handle, Duration.ofSeconds(10));
        return false;
    }

    private static boolean waitFor(ProcessHandle handle, Duration timeout) {
        try {
            handle.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (Exception e) {
            return !handle.isAlive();
        }
    }

    private Optional<Long> readPid() {
        try {
            return Files.exists(pidFile())
                    ? Optional.of(Long.parseLong(Files.readString(pidFile()).strip()))
                    : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private void deletePidFile() {
        try {
            Files.deleteIfExists(pidFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path pidFile() {
        return spec.directory().resolve("cassandra.pid");
    }

    /** The last lines Cassandra printed, for an error message that says why it did not start. */
    public String logTail() {
        try {
            List<String> lines =
                    Files.readAllLines(
                            spec.directory().resolve("logs/stdout.log"), StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Cassandra", e);
        }
    }
}
