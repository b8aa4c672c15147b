package org.leaderboard.local;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports nobody listens on right now, so parallel test runs do not collide; never the same port
 * twice in one JVM.
 *
 * <p>A port is free when it is handed out, but nothing holds it until the service binds it. So the
 * ports come from below the range the kernel picks ephemeral ports from ({@code
 * /proc/sys/net/ipv4/ip_local_port_range}, 32768-60999 by default): a port the kernel chose in the
 * meantime for another socket (a writer's feed on port 0, a driver's connection) is never one of
 * them. Ports from the kernel's own choice (port 0) were once given twice: a writer and a query
 * service started together got the same port, and the writer's health check was answered by the
 * query service; and a writer whose own feed, bound on port 0 first, could take the port handed out
 * for its HTTP server.
 */
public final class FreePorts {

    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();
    private static final int ATTEMPTS = 1_000;

    /** Above the well-known and most registered servers' ports. */
    static final int LOWEST = 10_000;

    private static final int EPHEMERAL_FROM =
            ephemeralFrom(Path.of("/proc/sys/net/ipv4/ip_local_port_range"));

    private FreePorts() {}

    public static int any() {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = candidate();
            if (port > 0 && HANDED_OUT.add(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free port not handed out before");
    }

    /** The lowest port the kernel may pick by itself (ports below it are this class's to give). */
    static int ephemeralFrom() {
        return EPHEMERAL_FROM;
    }

    /**
     * A free port below the ephemeral range, or the kernel's choice where that range starts too low
     * to leave room; 0 if the port drawn is taken.
     */
    private static int candidate() {
        if (EPHEMERAL_FROM - LOWEST < 1_000) {
            return bind(0);
        }
        return bind(ThreadLocalRandom.current().nextInt(LOWEST, EPHEMERAL_FROM));
    }

    /** The port bound (then closed again) on every address, or 0 if {@code port} is taken. */
    private static int bind(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(port));
            return socket.getLocalPort();
        } catch (IOException e) {
            if (port == 0) {
                throw new UncheckedIOException(e);
            }
            return 0;
        }
    }

    static int ephemeralFrom(Path range) {
        // Read as a stream: Files.readString reads one byte of a /proc/sys file.
        try (BufferedReader reader = Files.newBufferedReader(range)) {
            return Integer.parseInt(reader.readLine().trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            // Not Linux, or not readable: the IANA range's start, which most systems use.
            return 49_152;
        }
    }
}
