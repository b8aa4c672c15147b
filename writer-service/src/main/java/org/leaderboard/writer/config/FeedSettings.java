package org.leaderboard.writer.config;

import java.net.InetAddress;
import java.time.Duration;
import org.leaderboard.model.feed.Redacted;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The writer's acknowledged-events feed (prefix {@code writer.feed}): the events it acknowledged in
 * the last {@code retention}, which query services ask it for instead of reading the open tail
 * ({@code org.leaderboard.writer.feed.AckFeed}); defaults live in application.yml. Query services
 * find a feed through the writer's {@code writer_progress} row, so the feed is on only with {@code
 * writer.progress.enabled}; with progress off it is off whatever {@code enabled} says.
 *
 * @param enabled serve a feed; while it is on, the writer answers no vote as stored until it is
 *     registered (503 with Retry-After before, and whenever its row may have expired)
 * @param port the feed's own port (0: any free one, which the row publishes)
 * @param bind the address the feed listens on
 * @param advertisedHost the host query services are told to reach the feed at, with the port it
 *     listens on; by default the {@code POD_IP} environment variable (the pod's IP, from the
 *     Kubernetes downward API), else the loopback address
 * @param retention how long an acknowledged event stays in the feed; a query service that asks for
 *     older ones reads the store instead (it reads it every 250 ms anyway)
 * @param maxEvents most events kept per board, whatever their age (memory stays bounded under any
 *     rate); a query service that asks for one trimmed by this reads the store instead
 * @param token a shared secret the feed requires as {@code Authorization: Bearer <token>} (null or
 *     blank: none, the feed answers whoever reaches it); query services send it from {@code
 *     query.tail.feed-token}. At least 16 characters: the feed carries recent votes with voters
 */
@ConfigurationProperties("writer.feed")
public record FeedSettings(
        Boolean enabled,
        Integer port,
        String bind,
        String advertisedHost,
        Duration retention,
        Integer maxEvents,
        String token) {

    private static final int SHORTEST_TOKEN = 16;

    public FeedSettings {
        enabled = enabled == null || enabled;
        port = port == null ? 8089 : port;
        bind = bind == null || bind.isBlank() ? "0.0.0.0" : bind.strip();
        advertisedHost =
                advertisedHost == null || advertisedHost.isBlank()
                        ? InetAddress.getLoopbackAddress().getHostAddress()
                        : advertisedHost.strip();
        retention = retention == null ? Duration.ofSeconds(2) : retention;
        maxEvents = maxEvents == null ? 200_000 : maxEvents;
        token = token == null || token.isBlank() ? null : token.strip();
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(
                    "writer.feed.port must be between 0 (any free port) and 65535, was " + port);
        }
        // Query services read the store every 250 ms; a feed that forgets sooner serves nothing.
        if (retention.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException(
                    "writer.feed.retention must be at least 1s, was " + retention);
        }
        if (maxEvents < 1000) {
            throw new IllegalArgumentException(
                    "writer.feed.max-events must be at least 1000, was " + maxEvents);
        }
        if (token != null && token.length() < SHORTEST_TOKEN) {
            throw new IllegalArgumentException(
                    "writer.feed.token must be at least "
                            + SHORTEST_TOKEN
                            + " characters (or blank for none), was "
                            + token.length());
        }
    }

    /** The settings without the token's value, which never goes into a log. */
    @Override
    public String toString() {
        return Redacted.text(this, "token");
    }
}
