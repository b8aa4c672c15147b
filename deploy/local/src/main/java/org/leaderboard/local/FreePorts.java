package org.leaderboard.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Ports nobody listens on right now, so parallel test runs do not collide; never the same port
 * twice in one JVM. The port is free when it is handed out but nothing holds it until the service
 * binds it, and the system can hand out a port it just handed out again: a writer and a query
 * service started together were once given the same port, and the writer's health check was
 * answered by the query service.
 */
public final class FreePorts {

    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();
    private static final int ATTEMPTS = 100;

    private FreePorts() {}

    public static int any() {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = free();
            if (HANDED_OUT.add(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free port not handed out before");
    }

    private static int free() {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
