package org.leaderboard.security;

import org.springframework.http.HttpMethod;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * Requests of {@code method} on paths matching {@code pattern} need {@code role}; a null role makes
 * them public.
 */
public record AccessRule(HttpMethod method, String pattern, Role role) {

    public static AccessRule of(HttpMethod method, String pattern, Role role) {
        return new AccessRule(method, pattern, role);
    }

    public static AccessRule open(HttpMethod method, String pattern) {
        return new AccessRule(method, pattern, null);
    }

    boolean isPublic() {
        return role == null;
    }

    RequestMatcher matcher() {
        return PathPatternRequestMatcher.withDefaults().matcher(method, pattern);
    }
}
