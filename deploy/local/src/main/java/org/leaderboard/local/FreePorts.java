package org.leaderboard.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Ports nobody listens on right now, so parallel test runs do not collide. */
public final class FreePorts {

    private FreePorts() {}

    public static int any() {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
