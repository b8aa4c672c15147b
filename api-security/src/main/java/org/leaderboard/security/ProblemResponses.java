package org.leaderboard.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;

/**
 * Security refusals in the same RFC 9457 form as every other refusal of the APIs: 401 when
 * credentials are missing or invalid (saying how to send them), 403 when they lack the role the
 * request needs (naming it), 400 when the URL itself is refused before any controller sees it.
 */
final class ProblemResponses
        implements AuthenticationEntryPoint, AccessDeniedHandler, RequestRejectedHandler {

    static final String HOW =
            "send an API key in the X-API-Key header (or Authorization: ApiKey <key>)"
                    + " or an OAuth2 bearer token (Authorization: Bearer <jwt>)";

    private final ObjectMapper json;
    private final AccessRules rules;
    private final boolean jwtEnabled;

    ProblemResponses(ObjectMapper json, AccessRules rules, boolean jwtEnabled) {
        this.json = json;
        this.rules = rules;
        this.jwtEnabled = jwtEnabled;
    }

    @Override
    public void commence(
            HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
            throws IOException {
        response.setHeader("WWW-Authenticate", jwtEnabled ? "ApiKey, Bearer" : "ApiKey");
        write(request, response, HttpStatus.UNAUTHORIZED, "Unauthenticated", why(request, e));
    }

    private String why(HttpServletRequest request, AuthenticationException e) {
        if (e instanceof OAuth2AuthenticationException token) {
            return "the bearer token is not valid: " + token.getError().getDescription();
        }
        if (e instanceof BadCredentialsException) {
            return e.getMessage();
        }
        String authorization = request.getHeader("Authorization");
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

    @Override
    public void handle(
            HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
            throws IOException {
        Authentication caller = SecurityContextHolder.getContext().getAuthentication();
        String needed =
                rules.ruleFor(request)
                        .filter(rule -> !rule.isPublic())
                        .map(rule -> "the role " + rule.role())
                        .orElse("another role");
        String detail =
                request.getMethod()
                        + " "
                        + request.getRequestURI()
                        + " needs "
                        + needed
                        + "; the credentials of '"
                        + (caller == null ? "?" : caller.getName())
                        + "' carry "
                        + roles(caller);
        write(request, response, HttpStatus.FORBIDDEN, "Forbidden", detail);
    }

    @Override
    public void handle(
            HttpServletRequest request, HttpServletResponse response, RequestRejectedException e)
            throws IOException {
        write(
                request,
                response,
                HttpStatus.BAD_REQUEST,
                "Invalid request",
                "the request URL was refused: " + e.getMessage());
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

    private void write(
            HttpServletRequest request,
            HttpServletResponse response,
            HttpStatus status,
            String title,
            String detail)
            throws IOException {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        json.writeValue(response.getOutputStream(), problem);
    }
}
