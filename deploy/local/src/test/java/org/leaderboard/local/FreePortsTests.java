package org.leaderboard.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FreePortsTests {

    @Test
    void portsComeFromBelowTheRangeTheKernelPicksPortsFromAndAreFreeAndDistinct()
            throws IOException {
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            int port = FreePorts.any();
            assertThat(port).isBetween(FreePorts.LOWEST, FreePorts.ephemeralFrom() - 1);
            assertThat(ports.add(port)).as("port %d handed out twice", port).isTrue();
        }
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(ports.iterator().next()));
            assertThat(socket.isBound()).isTrue();
        }
    }

    @Test
    void theRangeIsReadFromTheKernelsSettingOrDefaultsToTheIanaOne(@TempDir Path directory)
            throws IOException {
        Path range = directory.resolve("ip_local_port_range");
        Files.writeString(range, "40000\t60999\n");
        assertThat(FreePorts.ephemeralFrom(range)).isEqualTo(40_000);
        assertThat(FreePorts.ephemeralFrom(directory.resolve("missing"))).isEqualTo(49_152);
    }
}
