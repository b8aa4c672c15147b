package org.leaderboard.security;

import java.util.List;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.config.observation.SecurityObservationSettings;

/**
 * Spring Security for a service's HTTP API: stateless (no sessions, no cookies, so no CSRF), API
 * keys and, when an issuer, JWK set or public key is configured, OAuth2 bearer tokens. The service
 * says which requests need which role in its {@link AccessRules} bean; health, info and metrics
 * stay open for probes and scrapers.
 *
 * <p>A service imports this one class. What it shares (settings, roles, the rules, the words of
 * every refusal) lives once in this module; the chain itself comes in the service's web stack:
 * {@link ServletApiSecurity} for Spring MVC on Tomcat (the query service), {@link
 * ReactiveApiSecurity} for WebFlux on Reactor Netty (the writer).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ApiSecuritySettings.class)
@Import({ServletApiSecurity.class, ReactiveApiSecurity.class})
public class ApiSecurityConfig {

    /**
     * Kubernetes probes and Prometheus scrapes carry no credentials; {@code /actuator/metrics}
     * shows nothing {@code /actuator/prometheus} does not. Other actuator endpoints, if someone
     * exposes them, fall under the service's rules.
     */
    static final List<String> OPERATIONS =
            List.of(
                    "/actuator/health",
                    "/actuator/health/**",
                    "/actuator/info",
                    "/actuator/prometheus",
                    "/actuator/metrics",
                    "/actuator/metrics/**");

    /**
     * The OpenAPI document and Swagger UI describe the API and hold no data, so a developer can
     * read them before having a key; Swagger UI's "Authorize" then sends the key with each try.
     */
    static final List<String> API_DOCS =
            List.of(
                    "/v3/api-docs",
                    "/v3/api-docs/**",
                    "/v3/api-docs.yaml",
                    "/swagger-ui.html",
                    "/swagger-ui/**");

    /**
     * No Spring Security observations: with an ObservationRegistry present it otherwise wraps each
     * of its ~15 filters in an observation per request, which costs more than a vote's own work
     * (measured with JFR in a benchmark run). HTTP request metrics are unaffected.
     */
    @Bean
    static SecurityObservationSettings noSecurityObservations() {
        return SecurityObservationSettings.noObservations();
    }

    @Bean
    static RoleHierarchy roleHierarchy() {
        return RoleHierarchyImpl.withDefaultRolePrefix()
                .role(Role.ADMIN.name())
                .implies(Role.VOTER.name(), Role.READER.name())
                .build();
    }
}
