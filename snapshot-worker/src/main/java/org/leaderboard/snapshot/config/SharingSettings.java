package org.leaderboard.snapshot.config;

import java.time.Duration;
import java.util.UUID;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How scheduled workers share the boards (prefix {@code snapshot.sharing}); {@code --once} always
 * passes every board.
 *
 * @param enabled whether scheduled rounds pass only the boards this worker owns among the live
 *     workers; off, every worker passes every board (safe, only more work)
 * @param heartbeatTtl how long a worker counts as alive after its last heartbeat (renewed every
 *     third of it, on a thread of its own). A killed worker's boards are taken over by the others
 *     within this time plus one round; a worker stopped gracefully leaves at once
 * @param workerId this worker's name among the live ones; default the host name plus a random
 *     suffix, so that a restarted pod is a new worker
 */
@ConfigurationProperties("snapshot.sharing")
public record SharingSettings(boolean enabled, Duration heartbeatTtl, String workerId) {

    public SharingSettings {
        if (heartbeatTtl == null || heartbeatTtl.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException(
                    "snapshot.sharing.heartbeat-ttl must be at least 1s, was " + heartbeatTtl);
        }
        if (workerId == null || workerId.isBlank()) {
            workerId = hostName() + "-" + UUID.randomUUID().toString().substring(0, 8);
        }
    }

    private static String hostName() {
        String host = System.getenv("HOSTNAME");
        return host == null || host.isBlank() ? "worker" : host;
    }
}
