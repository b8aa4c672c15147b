package org.leaderboard.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.web.server.SecurityWebFiltersOrder;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.ReactiveJwtAuthenticationConverterAdapter;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.savedrequest.NoOpServerRequestCache;

/**
 * {@link ApiSecurityConfig}'s rules as a reactive security chain (WebFlux on Reactor Netty): the
 * same keys, tokens, roles and refusals as {@link ServletApiSecurity}, with bearer tokens when
 * Spring Boot has a {@link ReactiveJwtDecoder}. Stateless: no security context is saved between
 * requests and no request is cached for a later login.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@EnableWebFluxSecurity
class ReactiveApiSecurity {

    /** Also the firewall's {@code ServerExchangeRejectedHandler}: Spring Security looks it up. */
    @Bean
    ReactiveProblems securityProblems(
            ObjectMapper json, AccessRules rules, ObjectProvider<ReactiveJwtDecoder> jwt) {
        return new ReactiveProblems(
                json, new SecurityProblems(rules, jwt.getIfAvailable() != null));
    }

    @Bean
    SecurityWebFilterChain apiSecurity(
            ServerHttpSecurity http,
            ApiSecuritySettings settings,
            AccessRules rules,
            RoleHierarchy roles,
            ReactiveProblems problems,
            ObjectProvider<ReactiveJwtDecoder> jwt) {
        http.csrf(ServerHttpSecurity.CsrfSpec::disable)
                .httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
                .formLogin(ServerHttpSecurity.FormLoginSpec::disable)
                .logout(ServerHttpSecurity.LogoutSpec::disable)
                .requestCache(c -> c.requestCache(NoOpServerRequestCache.getInstance()))
                .securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
                .exceptionHandling(
                        e -> e.authenticationEntryPoint(problems).accessDeniedHandler(problems));
        if (!settings.enabled()) {
            return http.authorizeExchange(a -> a.anyExchange().permitAll()).build();
        }
        http.addFilterAt(
                ApiKeyWebFilter.of(new ApiKeys(settings.keys()), problems),
                SecurityWebFiltersOrder.AUTHENTICATION);
        http.authorizeExchange(
                a -> {
                    a.pathMatchers(ApiSecurityConfig.OPERATIONS.toArray(String[]::new)).permitAll();
                    a.pathMatchers(
                                    HttpMethod.GET,
                                    ApiSecurityConfig.API_DOCS.toArray(String[]::new))
                            .permitAll();
                    for (AccessRule rule : rules.rules()) {
                        if (rule.isPublic()) {
                            a.pathMatchers(rule.method(), rule.pattern()).permitAll();
                        } else {
                            a.pathMatchers(rule.method(), rule.pattern())
                                    .hasAnyRole(holders(roles, rule.role()));
                        }
                    }
                    if (rules.othersPublic()) {
                        a.anyExchange().permitAll();
                    } else {
                        a.anyExchange().authenticated();
                    }
                });
        ReactiveJwtDecoder decoder = jwt.getIfAvailable();
        if (decoder != null) {
            http.oauth2ResourceServer(
                    o ->
                            o.authenticationEntryPoint(problems)
                                    .accessDeniedHandler(problems)
                                    .jwt(
                                            j ->
                                                    j.jwtDecoder(decoder)
                                                            .jwtAuthenticationConverter(
                                                                    new ReactiveJwtAuthenticationConverterAdapter(
                                                                            JwtRoles.converter(
                                                                                    settings
                                                                                            .rolesClaim())))));
        }
        return http.build();
    }

    /**
     * The roles that carry {@code role}, itself included (ADMIN carries VOTER): the reactive {@code
     * hasRole} knows no role hierarchy, so the hierarchy is applied here, once.
     */
    static String[] holders(RoleHierarchy hierarchy, Role role) {
        return Arrays.stream(Role.values())
                .filter(
                        holder ->
                                hierarchy
                                        .getReachableGrantedAuthorities(
                                                List.of(
                                                        new SimpleGrantedAuthority(
                                                                holder.authority())))
                                        .stream()
                                        .anyMatch(
                                                granted ->
                                                        role.authority()
                                                                .equals(granted.getAuthority())))
                .map(Role::name)
                .toArray(String[]::new);
    }
}
