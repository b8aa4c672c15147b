package org.leaderboard.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Network faults on one node's loopback address with the host's own tools: a partition with the
 * packet filter (nftables: every packet from or to the address dropped, so open connections hang as
 * on a cut cable, nothing is refused), and a slow link with traffic control (an HTB class with a
 * low rate for the node's packets, which queue and wait). Both need root (CAP_NET_ADMIN); {@link
 * #unavailableBecause()} says whether this machine allows them, and {@code
 * deploy/local/network-tools.sh} (sourced by {@code ./run-tests}) installs the tools where they are
 * missing. Whatever a test applies is removed by {@link #heal()}, by {@link #close()} and by a
 * shutdown hook.
 */
final class NetworkFaults implements AutoCloseable {

    private static final String TABLE = "leaderboard_faults";
    private static final String DEVICE = "lo";

    NetworkFaults() {
        Runtime.getRuntime().addShutdownHook(new Thread(this::heal, "network-faults-heal"));
        heal();
    }

    /**
     * Whether the packet filter and traffic control can be changed here; null if so, else why not.
     */
    static String unavailableBecause() {
        Result filter = run("nft", "list", "tables");
        if (filter.exit() != 0) {
            return "nft: " + filter.output().strip();
        }
        Result control = run("tc", "qdisc", "show", "dev", DEVICE);
        if (control.exit() != 0) {
            return "tc: " + control.output().strip();
        }
        return null;
    }

    /** Drops every packet from or to {@code address}: the node is cut off from all others. */
    void partition(String address) {
        require("nft", "add", "table", "inet", TABLE);
        require(
                "nft",
                "add chain inet " + TABLE + " output { type filter hook output priority 0 ; }");
        require("nft", "add rule inet " + TABLE + " output ip saddr " + address + " drop");
        require("nft", "add rule inet " + TABLE + " output ip daddr " + address + " drop");
    }

    /**
     * Sends every packet from or to {@code address} through one shared class of {@code rate} (tc
     * units, e.g. {@code 256kbit}); everything else on the loopback device goes through a class as
     * fast as the device.
     */
    void slowLink(String address, String rate) {
        require(
                "tc", "qdisc", "add", "dev", DEVICE, "root", "handle", "1:", "htb", "default",
                "10");
        require(
                "tc", "class", "add", "dev", DEVICE, "parent", "1:", "classid", "1:10", "htb",
                "rate", "100gbit");
        require(
                "tc", "class", "add", "dev", DEVICE, "parent", "1:", "classid", "1:20", "htb",
                "rate", rate, "ceil", rate);
        for (String direction : List.of("dst", "src")) {
            require(
                    "tc",
                    "filter",
                    "add",
                    "dev",
                    DEVICE,
                    "parent",
                    "1:",
                    "protocol",
                    "ip",
                    "prio",
                    "1",
                    "u32",
                    "match",
                    "ip",
                    direction,
                    address + "/32",
                    "flowid",
                    "1:20");
        }
    }

    /** Removes the partition and the slow link (each only if present). */
    void heal() {
        run("nft", "delete", "table", "inet", TABLE);
        run("tc", "qdisc", "del", "dev", DEVICE, "root");
    }

    @Override
    public void close() {
        heal();
    }

    private static void require(String... command) {
        Result result = run(command);
        if (result.exit() != 0) {
            throw new IllegalStateException(
                    String.join(" ", command) + " failed: " + result.output().strip());
        }
    }

    record Result(int exit, String output) {}

    private static Result run(String... command) {
        List<String> line = new ArrayList<>();
        if (command.length == 2 && command[1].contains(" ")) {
            // nft takes a whole rule as one argument list; split it as a shell would.
            line.add(command[0]);
            line.addAll(List.of(command[1].split(" ")));
        } else {
            line.addAll(List.of(command));
        }
        try {
            Process process = new ProcessBuilder(line).redirectErrorStream(true).start();
            String output =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result(-1, "timed out");
            }
            return new Result(process.exitValue(), output);
        } catch (IOException e) {
            return new Result(-1, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new IOException(e));
        }
    }
}
