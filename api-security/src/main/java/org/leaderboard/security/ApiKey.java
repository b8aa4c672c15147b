package org.leaderboard.security;

import java.util.Set;

/**
 * One configured API key.
 *
 * @param name who holds the key: shown in logs and 403 answers, never the key itself
 * @param key the secret the client sends; at least {@link #MIN_KEY_LENGTH} characters
 * @param roles what requests with this key may do
 */
public record ApiKey(String name, String key, Set<Role> roles) {

    public static final int MIN_KEY_LENGTH = 16;

    public ApiKey {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("api.security.keys[].name is required");
        }
        if (key == null || key.length() < MIN_KEY_LENGTH) {
            throw new IllegalArgumentException(
                    "api.security.keys[].key of '"
                            + name
                            + "' must be at least "
                            + MIN_KEY_LENGTH
                            + " characters long");
        }
        if (roles == null || roles.isEmpty()) {
            throw new IllegalArgumentException(
                    "api.security.keys[].roles of '" + name + "' must name at least one role");
        }
        roles = Set.copyOf(roles);
    }

    /** Without the key: settings get logged (e.g. by a failed start), secrets must not be. */
    @Override
    public String toString() {
        return "ApiKey[name=" + name + ", roles=" + roles + "]";
    }
}
