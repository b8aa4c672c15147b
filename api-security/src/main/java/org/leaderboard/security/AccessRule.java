package org.leaderboard.security;

import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Requests of {@code method} on paths matching {@code pattern} need {@code role}; a null role makes
 * them public. Patterns are Spring's {@link PathPattern}s, read the same way by the Servlet and the
 * reactive security chain.
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

    /** For the Servlet chain; only touched there, so the reactive writer needs no Servlet API. */
    RequestMatcher matcher() {
        return PathPatternRequestMatcher.withDefaults().matcher(method, pattern);
    }

    boolean matches(String requestMethod, String path) {
        return (method == null || method.matches(requestMethod))
                && PathPatternParser.defaultInstance
                        .parse(pattern)
                        .matches(PathContainer.parsePath(path));
    }
}
