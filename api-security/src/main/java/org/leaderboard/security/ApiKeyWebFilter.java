package org.leaderboard.security;

import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authentication.AuthenticationWebFilter;
import org.springframework.security.web.server.authentication.ServerAuthenticationEntryPointFailureHandler;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Authenticates a request that carries an API key, in {@code X-API-Key: <key>} or {@code
 * Authorization: ApiKey <key>} (reactive chain). As in the Servlet chain's {@link ApiKeyFilter}, a
 * request without one passes on unauthenticated and a key that is not configured is answered 401 at
 * once. Nothing is kept between requests: the API is stateless.
 */
final class ApiKeyWebFilter {

    private ApiKeyWebFilter() {}

    static AuthenticationWebFilter of(ApiKeys keys, ServerAuthenticationEntryPoint refusal) {
        AuthenticationWebFilter filter = new AuthenticationWebFilter(manager(keys));
        filter.setServerAuthenticationConverter(ApiKeyWebFilter::presented);
        filter.setAuthenticationFailureHandler(
                new ServerAuthenticationEntryPointFailureHandler(refusal));
        return filter;
    }

    /** The presented key as the credentials of a not yet authenticated token. */
    private static Mono<Authentication> presented(ServerWebExchange exchange) {
        HttpHeaders headers = exchange.getRequest().getHeaders();
        return Mono.justOrEmpty(
                ApiKeys.presented(
                                headers.getFirst(ApiKeys.HEADER),
                                headers.getFirst(HttpHeaders.AUTHORIZATION))
                        .map(key -> UsernamePasswordAuthenticationToken.unauthenticated("", key)));
    }

    private static ReactiveAuthenticationManager manager(ApiKeys keys) {
        return presented ->
                Mono.justOrEmpty(keys.find((String) presented.getCredentials()))
                        .<Authentication>map(ApiKeyAuthentication::new)
                        .switchIfEmpty(
                                Mono.error(() -> new BadCredentialsException(ApiKeys.NOT_VALID)));
    }
}
