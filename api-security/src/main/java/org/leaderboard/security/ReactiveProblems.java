package org.leaderboard.security;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authorization.ServerAccessDeniedHandler;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedException;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedHandler;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@link SecurityProblems} written by the reactive security chain and its firewall. */
final class ReactiveProblems
        implements ServerAuthenticationEntryPoint,
                ServerAccessDeniedHandler,
                ServerExchangeRejectedHandler {

    private final ObjectMapper json;
    private final SecurityProblems problems;

    ReactiveProblems(ObjectMapper json, SecurityProblems problems) {
        this.json = json;
        this.problems = problems;
    }

    @Override
    public Mono<Void> commence(ServerWebExchange exchange, AuthenticationException e) {
        ServerHttpRequest request = exchange.getRequest();
        exchange.getResponse().getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, problems.challenge());
        return write(
                exchange,
                problems.unauthenticated(
                        request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION), e));
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, AccessDeniedException e) {
        ServerHttpRequest request = exchange.getRequest();
        return exchange.getPrincipal()
                .map(Authentication.class::cast)
                .map(caller -> forbidden(request, caller))
                .defaultIfEmpty(forbidden(request, null))
                .flatMap(problem -> write(exchange, problem));
    }

    private ProblemDetail forbidden(ServerHttpRequest request, Authentication caller) {
        return problems.forbidden(request.getMethod().name(), request.getPath().value(), caller);
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, ServerExchangeRejectedException e) {
        return write(exchange, problems.urlRejected(e.getMessage()));
    }

    private Mono<Void> write(ServerWebExchange exchange, ProblemDetail problem) {
        ServerHttpResponse response = exchange.getResponse();
        byte[] body;
        try {
            body = json.writeValueAsBytes(problem);
        } catch (JsonProcessingException e) {
            return Mono.error(e);
        }
        response.setStatusCode(HttpStatus.valueOf(problem.getStatus()));
        response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        return response.writeWith(Mono.just(response.bufferFactory().wrap(body)));
    }
}
