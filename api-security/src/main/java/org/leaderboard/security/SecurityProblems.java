package org.leaderboard.security;

import static org.leaderboard.security.Problems.problem;

import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;

/**
 * Security refusals in the same RFC 9457 form as every other refusal of the APIs: 401 when
 * credentials are missing or invalid (saying how to send them), 403 when they lack the role the
 * request needs (naming it), 400 when the URL itself is refused before any controller sees it. The
 * words live here once; {@link ServletProblems} and {@link ReactiveProblems} only write them.
 */
final class SecurityProblems {

    static final String HOW =
            "send an API key in the X-API-Key header (or Authorization: ApiKey <key>)"
                    + " or an OAuth2 bearer token (Authorization: Bearer <jwt>)";

    private final AccessRules rules;
    private final boolean jwtEnabled;

    SecurityProblems(AccessRules rules, boolean jwtEnabled) {
        this.rules = rules;
        this.jwtEnabled = jwtEnabled;
    }

    /** The {@code WWW-Authenticate} header of a 401: the schemes this service accepts. */
    String challenge() {
        return jwtEnabled ? "ApiKey, Bearer" : "ApiKey";
    }

    /** {@code authorization} is the request's Authorization header, null when it has none. */
    ProblemDetail unauthenticated(String authorization, AuthenticationException e) {
        return problem(HttpStatus.UNAUTHORIZED, "Unauthenticated", why(authorization, e));
    }

    private static String why(String authorization, AuthenticationException e) {
        if (e instanceof OAuth2AuthenticationException token) {
            return "the bearer token is not valid: " + token.getError().getDescription();
        }
        if (e instanceof BadCredentialsException) {
            return e.getMessage();
        }
        if (authorization == null) {
            return "this request needs credentials: " + HOW;
        }
        String scheme = authorization.strip().split("\\s+", 2)[0];
        if (scheme.equalsIgnoreCase("Bearer")) {
            return "bearer tokens are not accepted: no token issuer is configured"
                    + " (spring.security.oauth2.resourceserver.jwt.*); send an API key in the"
                    + " X-API-Key header";
        }
        return "the Authorization scheme '" + shown(scheme) + "' is not supported: " + HOW;
    }

    private static String shown(String text) {
        String shown = text.length() > 20 ? text.substring(0, 20) + "..." : text;
        return shown.replaceAll("[^\\x20-\\x7E]", "?");
    }

    /** {@code path} is the request's raw path; {@code caller} null when it is not known. */
    ProblemDetail forbidden(String method, String path, Authentication caller) {
        String needed =
                rules.ruleFor(method, path)
                        .filter(rule -> !rule.isPublic())
                        .map(rule -> "the role " + rule.role())
                        .orElse("another role");
        String detail =
                method
                        + " "
                        + path
                        + " needs "
                        + needed
                        + "; the credentials of '"
                        + (caller == null ? "?" : caller.getName())
                        + "' carry "
                        + roles(caller);
        return problem(HttpStatus.FORBIDDEN, "Forbidden", detail);
    }

    /** A URL the firewall refuses ({@code ;}, {@code %2F}, {@code ..}, ...). */
    ProblemDetail urlRejected(String reason) {
        return problem(
                HttpStatus.BAD_REQUEST,
                "Invalid request",
                "the request URL was refused: " + reason);
    }

    private static String roles(Authentication caller) {
        String roles =
                caller == null
                        ? ""
                        : caller.getAuthorities().stream()
                                .map(GrantedAuthority::getAuthority)
                                .filter(name -> name.startsWith("ROLE_"))
                                .map(name -> name.substring("ROLE_".length()))
                                .sorted()
                                .collect(Collectors.joining(", "));
        return roles.isEmpty() ? "no role" : roles;
    }
}
