package org.leaderboard.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.leaderboard.local.FreePorts;
import redis.clients.jedis.Jedis;

/**
 * redis-server from Debian's packages, on a free loopback port with persistence off (no RDB, no
 * AOF), as the sorted-set baseline of scenario 4. Installed with apt-get when missing; if that is
 * impossible the run fails with a message that says so (a benchmark without its baseline would
 * report ratios to nothing).
 */
final class RedisServer implements AutoCloseable {

    private static final List<Path> CANDIDATES =
            List.of(Path.of("/usr/bin/redis-server"), Path.of("/usr/local/bin/redis-server"));

    private final int port = FreePorts.any();
    private final Process process;

    private RedisServer(Path executable, Path directory) {
        try {
            Files.createDirectories(directory);
            process =
                    new ProcessBuilder(
                                    executable.toString(),
                                    "--port",
                                    Integer.toString(port),
                                    "--bind",
                                    "127.0.0.1",
                                    "--save",
                                    "",
                                    "--appendonly",
                                    "no",
                                    "--dir",
                                    directory.toString())
                            .redirectErrorStream(true)
                            .redirectOutput(directory.resolve("redis.log").toFile())
                            .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + executable, e);
        }
    }

    static RedisServer start(Path directory) {
        RedisServer server = new RedisServer(executable(), directory);
        server.awaitPing(Duration.ofSeconds(30));
        return server;
    }

    int port() {
        return port;
    }

    String version() {
        try (Jedis jedis = new Jedis("127.0.0.1", port)) {
            return jedis.info("server")
                    .lines()
                    .filter(l -> l.startsWith("redis_version:"))
                    .map(l -> l.substring("redis_version:".length()).strip())
                    .findFirst()
                    .orElse("?");
        }
    }

    private static Path executable() {
        return find().or(RedisServer::install)
                .orElseThrow(
                        () ->
                                new IllegalStateException(
                                        "redis-server is not installed and 'apt-get install -y"
                                                + " redis-server' did not install it (needs root"
                                                + " or sudo and Debian's package lists). Install"
                                                + " Redis, then run again: the Redis baseline of"
                                                + " scenario 4 cannot be skipped."));
    }

    private static Optional<Path> find() {
        return CANDIDATES.stream().filter(Files::isExecutable).findFirst();
    }

    private static Optional<Path> install() {
        Progress.say("redis-server is missing: apt-get update && apt-get install -y redis-server");
        String sudo = "root".equals(System.getProperty("user.name")) ? "" : "sudo ";
        run(sudo + "apt-get update -q");
        run(sudo + "env DEBIAN_FRONTEND=noninteractive apt-get install -y -q redis-server");
        return find();
    }

    private static void run(String command) {
        try {
            Process p =
                    new ProcessBuilder("sh", "-c", command)
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
            p.waitFor(10, TimeUnit.MINUTES);
        } catch (IOException e) {
            Progress.say("could not run '" + command + "': " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitPing(Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(
                        "redis-server exited with code " + process.exitValue() + " at start");
            }
            try (Jedis jedis = new Jedis("127.0.0.1", port)) {
                if ("PONG".equals(jedis.ping())) {
                    return;
                }
            } catch (RuntimeException e) {
                pause();
            }
        }
        close();
        throw new IllegalStateException("redis-server did not answer PING in " + timeout);
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
