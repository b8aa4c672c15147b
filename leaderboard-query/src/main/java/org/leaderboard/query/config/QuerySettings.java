package org.leaderboard.query.config;

import java.time.Duration;
import org.leaderboard.model.cassandra.Consistency;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the query service (prefix {@code query}); the defaults live in application.yml.
 *
 * @param maxLimit largest page a leaderboard request may ask for
 * @param defaultLimit page size when the request names none
 * @param maxAround most neighbours above and below a user a request may ask for
 * @param defaultAround neighbours when the request names none
 * @param futureTolerance how far past "now" the tail is read: at least the writer's max clock skew,
 *     so a vote stamped slightly ahead by a fast clock is already counted
 * @param readConsistency consistency level of every read; with the writer's level it must overlap a
 *     majority of replicas for read-your-writes (LOCAL_QUORUM with LOCAL_QUORUM does)
 * @param writesConsistency the level writers store events and the snapshot worker its layers and
 *     heads at ({@code writer.write-consistency}, {@code snapshot.write-consistency}): the service
 *     refuses to start if its reads could miss such a write
 */
@ConfigurationProperties("query")
public record QuerySettings(
        int maxLimit,
        int defaultLimit,
        int maxAround,
        int defaultAround,
        Duration futureTolerance,
        String readConsistency,
        String writesConsistency) {

    public QuerySettings {
        requireBetween("query.max-limit", maxLimit, 1, Integer.MAX_VALUE);
        requireBetween("query.default-limit", defaultLimit, 1, maxLimit);
        requireBetween("query.max-around", maxAround, 0, Integer.MAX_VALUE);
        requireBetween("query.default-around", defaultAround, 0, maxAround);
        if (futureTolerance == null || futureTolerance.isNegative()) {
            throw new IllegalArgumentException(
                    "query.future-tolerance must be zero or positive, was " + futureTolerance);
        }
        Consistency.requireOverlap(
                "query.writes-consistency",
                writesConsistency,
                "query.read-consistency",
                readConsistency);
    }

    private static void requireBetween(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(
                    name + " is " + value + "; must be between " + min + " and " + max);
        }
    }
}
