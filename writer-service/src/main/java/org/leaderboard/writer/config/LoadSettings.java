package org.leaderboard.writer.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How much the writer takes on at once (prefix {@code writer.load}); defaults live in
 * application.yml.
 *
 * @param maxVotesInFlight votes received and not yet answered (a batch counts its votes); past it a
 *     request is answered 503 with {@code Retry-After} at once, nothing stored, instead of queueing
 *     without end
 * @param retryAfter the {@code Retry-After} of that 503 (whole seconds, at least 1)
 * @param maxVotesPerGroup most single votes written together by the group commit
 * @param maxGroupsInFlight group commits written at once; single votes arriving while all are in
 *     flight wait for the first to complete and go together in the next
 * @param maxRequestsPerConnection the Cassandra driver's limit of simultaneous requests on one
 *     connection ({@code advanced.connection.max-requests-per-connection})
 * @param listenBacklog the listening socket's backlog ({@code SO_BACKLOG}): connections the kernel
 *     holds until the server accepts them (the kernel caps it at {@code net.core.somaxconn})
 */
@ConfigurationProperties("writer.load")
public record LoadSettings(
        int maxVotesInFlight,
        Duration retryAfter,
        int maxVotesPerGroup,
        int maxGroupsInFlight,
        int maxRequestsPerConnection,
        int listenBacklog) {

    public LoadSettings {
        requireAtLeast("max-votes-in-flight", maxVotesInFlight, 1);
        if (retryAfter == null || retryAfter.toSeconds() < 1) {
            throw new IllegalArgumentException(
                    "writer.load.retry-after must be at least 1s, was " + retryAfter);
        }
        requireAtLeast("max-votes-per-group", maxVotesPerGroup, 1);
        requireAtLeast("max-groups-in-flight", maxGroupsInFlight, 1);
        requireAtLeast("max-requests-per-connection", maxRequestsPerConnection, 1);
        requireAtLeast("listen-backlog", listenBacklog, 1);
    }

    private static void requireAtLeast(String name, int value, int least) {
        if (value < least) {
            throw new IllegalArgumentException(
                    "writer.load." + name + " must be at least " + least + ", was " + value);
        }
    }
}
