package org.leaderboard.security;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.http.HttpMethod;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;

/**
 * The security chain's API-key decision for one route, for a handler that answers that route
 * without the chain (the writer's direct single-vote route and the query service's direct read
 * route, where the chain's per-request work costs more than the answer). It only ever says
 * "admitted" for what the chain would admit with the same key; everything else (no key, a wrong
 * key, a bearer token, a missing role) is left to the chain, which answers it with its own 401 or
 * 403.
 */
public final class ApiKeyCheck {

    /**
     * The headers Spring Security's default header writers put on every answer (no HSTS: that is
     * only written over HTTPS), so that an answer given without the chain looks like one given
     * through it.
     */
    public static final Map<String, String> RESPONSE_HEADERS =
            Map.of(
                    "Cache-Control", "no-cache, no-store, max-age=0, must-revalidate",
                    "Pragma", "no-cache",
                    "Expires", "0",
                    "X-Content-Type-Options", "nosniff",
                    "X-Frame-Options", "DENY",
                    "X-XSS-Protection", "0",
                    "Referrer-Policy", "no-referrer");

    /**
     * The headers the Servlet chain's default header writers put on every answer: the same but for
     * {@code Referrer-Policy}, which only the reactive chain writes by default.
     */
    public static final Map<String, String> SERVLET_RESPONSE_HEADERS =
            RESPONSE_HEADERS.entrySet().stream()
                    .filter(header -> !header.getKey().equals("Referrer-Policy"))
                    .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue));

    private final boolean enabled;
    private final ApiKeys keys;
    private final AccessRules rules;
    private final RoleHierarchy hierarchy;

    ApiKeyCheck(ApiSecuritySettings settings, AccessRules rules, RoleHierarchy hierarchy) {
        this.enabled = settings.enabled();
        this.keys = new ApiKeys(settings.keys());
        this.rules = rules;
        this.hierarchy = hierarchy;
    }

    /**
     * The check for requests of {@code method} on {@code path} (a path the route serves, used once
     * to find the access rule that decides it).
     */
    public Route route(HttpMethod method, String path) {
        if (!enabled) {
            return (apiKey, authorization) -> true;
        }
        Optional<AccessRule> rule = rules.ruleFor(method.name(), path);
        if (rule.isPresent() ? rule.get().isPublic() : rules.othersPublic()) {
            // Open to anyone, but credentials a request does present are still checked by the
            // chain (a wrong key is a 401 there): admitted are no credentials, or a valid key.
            return (apiKey, authorization) ->
                    (apiKey == null && authorization == null)
                            || ApiKeys.presented(apiKey, authorization)
                                    .flatMap(keys::find)
                                    .isPresent();
        }
        // A path no rule names needs any valid credentials (unless the service makes such paths
        // public); a rule's role, any role carrying it.
        Set<Role> admitted =
                rule.isPresent()
                        ? Arrays.stream(ReactiveApiSecurity.holders(hierarchy, rule.get().role()))
                                .map(Role::valueOf)
                                .collect(Collectors.toUnmodifiableSet())
                        : Set.of(Role.values());
        return (apiKey, authorization) ->
                ApiKeys.presented(apiKey, authorization)
                        .flatMap(keys::find)
                        .map(key -> key.roles().stream().anyMatch(admitted::contains))
                        .orElse(false);
    }

    /** One route's decision. */
    @FunctionalInterface
    public interface Route {

        /**
         * True when a request with these headers (the {@code X-API-Key} and {@code Authorization}
         * values, either may be null) is admitted with an API key; false means the security chain
         * decides.
         */
        boolean admits(String apiKey, String authorization);
    }
}
