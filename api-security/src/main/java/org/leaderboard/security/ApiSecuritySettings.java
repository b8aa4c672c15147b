package org.leaderboard.security;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Who may call the HTTP APIs (prefix {@code api.security}); the defaults live here because both
 * services share them. Bearer tokens are switched on by Spring Boot's own {@code
 * spring.security.oauth2.resourceserver.jwt.*} settings (issuer, JWK set or public key).
 *
 * @param enabled false lets every request through (only for a machine nobody else can reach)
 * @param keys the accepted API keys, e.g. from environment variables {@code
 *     API_SECURITY_KEYS_0_NAME}, {@code API_SECURITY_KEYS_0_KEY}, {@code
 *     API_SECURITY_KEYS_0_ROLES=ADMIN} filled from a Kubernetes Secret; none by default, so nothing
 *     but the public endpoints is reachable until keys or a token issuer are configured
 * @param rolesClaim the JWT claim holding the caller's roles (a list or a space- or comma-separated
 *     string; a dotted path such as {@code realm_access.roles} reaches into nested claims)
 * @param queryPublic whether the query service answers reads without credentials; when false they
 *     need the READER role
 */
@ConfigurationProperties("api.security")
public record ApiSecuritySettings(
        @DefaultValue("true") boolean enabled,
        List<ApiKey> keys,
        @DefaultValue("roles") String rolesClaim,
        @DefaultValue("true") boolean queryPublic) {

    public ApiSecuritySettings {
        keys = keys == null ? List.of() : List.copyOf(keys);
        Set<String> seen = new HashSet<>();
        for (ApiKey key : keys) {
            if (!seen.add(key.key())) {
                throw new IllegalArgumentException(
                        "api.security.keys: the key of '" + key.name() + "' is configured twice");
            }
        }
        if (rolesClaim == null || rolesClaim.isBlank()) {
            throw new IllegalArgumentException("api.security.roles-claim must not be blank");
        }
    }
}
