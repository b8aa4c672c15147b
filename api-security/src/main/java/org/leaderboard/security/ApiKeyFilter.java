package org.leaderboard.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates a request that carries an API key, in {@code X-API-Key: <key>} or {@code
 * Authorization: ApiKey <key>} (Servlet chain). A request without one passes on unauthenticated (a
 * bearer token or a public endpoint may still serve it); a key that is not configured is answered
 * 401 at once, rather than being treated as no key, so a client with a mistyped key learns why.
 */
final class ApiKeyFilter extends OncePerRequestFilter {

    private final ApiKeys keys;
    private final AuthenticationEntryPoint refusal;

    ApiKeyFilter(ApiKeys keys, AuthenticationEntryPoint refusal) {
        this.keys = keys;
        this.refusal = refusal;
    }

    @Override
    protected void doFilterInternal(
            HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<String> presented =
                ApiKeys.presented(
                        request.getHeader(ApiKeys.HEADER),
                        request.getHeader(HttpHeaders.AUTHORIZATION));
        if (presented.isPresent()) {
            Optional<ApiKey> key = keys.find(presented.get());
            if (key.isEmpty()) {
                SecurityContextHolder.clearContext();
                refusal.commence(request, response, new BadCredentialsException(ApiKeys.NOT_VALID));
                return;
            }
            var context = SecurityContextHolder.createEmptyContext();
            context.setAuthentication(new ApiKeyAuthentication(key.get()));
            SecurityContextHolder.setContext(context);
        }
        chain.doFilter(request, response);
    }
}
