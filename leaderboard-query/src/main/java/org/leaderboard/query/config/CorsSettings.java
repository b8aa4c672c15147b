package org.leaderboard.query.config;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Cross-origin reads of the query API from web pages served elsewhere (prefix {@code query.cors}).
 * Off while {@code allowedOrigins} is empty, the default.
 *
 * @param allowedOrigins origins whose pages may read the API, e.g. {@code https://contest.example}
 *     (scheme, host and port, as the browser sends them; {@code *} allows every origin)
 * @param maxAge how long a browser may cache the answer to a preflight request
 */
@ConfigurationProperties("query.cors")
public record CorsSettings(List<String> allowedOrigins, Duration maxAge) {

    public CorsSettings {
        allowedOrigins = allowedOrigins == null ? List.of() : List.copyOf(allowedOrigins);
        for (String origin : allowedOrigins) {
            if (origin.isBlank() || (!origin.equals("*") && origin.endsWith("/"))) {
                throw new IllegalArgumentException(
                        "query.cors.allowed-origins: '"
                                + origin
                                + "' is not an origin; use scheme://host[:port] without a path");
            }
        }
        if (maxAge == null || maxAge.isNegative()) {
            throw new IllegalArgumentException(
                    "query.cors.max-age must be zero or positive, was " + maxAge);
        }
    }

    public boolean enabled() {
        return !allowedOrigins.isEmpty();
    }
}
