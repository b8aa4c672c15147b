package org.leaderboard.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.DispatcherType;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;

/**
 * Spring Security for a service's HTTP API: stateless (no sessions, no cookies, so no CSRF), API
 * keys and, when Spring Boot has a {@link JwtDecoder} (an issuer, JWK set or public key is
 * configured), OAuth2 bearer tokens. The service says which requests need which role in its {@link
 * AccessRules} bean; health, info and metrics stay open for probes and scrapers.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
@EnableConfigurationProperties(ApiSecuritySettings.class)
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

    /** Refusals Tomcat makes before any filter runs, as problem details too. */
    @Bean
    static TomcatProblems tomcatProblems() {
        return new TomcatProblems();
    }

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

    /** Also the firewall's {@code RequestRejectedHandler}: Spring Security looks the bean up. */
    @Bean
    ProblemResponses securityProblems(
            ObjectMapper json, AccessRules rules, ObjectProvider<JwtDecoder> jwt) {
        return new ProblemResponses(json, rules, jwt.getIfAvailable() != null);
    }

    @Bean
    SecurityFilterChain apiSecurity(
            HttpSecurity http,
            ApiSecuritySettings settings,
            AccessRules rules,
            ProblemResponses problems,
            ObjectProvider<JwtDecoder> jwt)
            throws Exception {
        http.csrf(AbstractHttpConfigurer::disable)
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .httpBasic(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .exceptionHandling(
                        e -> e.authenticationEntryPoint(problems).accessDeniedHandler(problems));
        if (!settings.enabled()) {
            return http.authorizeHttpRequests(a -> a.anyRequest().permitAll()).build();
        }
        http.addFilterBefore(
                new ApiKeyFilter(new ApiKeys(settings.keys()), problems),
                AnonymousAuthenticationFilter.class);
        http.authorizeHttpRequests(
                a -> {
                    // Error dispatches render a refusal already decided; async dispatches render
                    // the result of a request authorized on its first dispatch (the filters that
                    // read credentials run once per request): neither must turn into a 401.
                    a.dispatcherTypeMatchers(DispatcherType.ERROR, DispatcherType.ASYNC)
                            .permitAll();
                    OPERATIONS.forEach(path -> a.requestMatchers(path(path)).permitAll());
                    API_DOCS.forEach(
                            path ->
                                    a.requestMatchers(
                                                    PathPatternRequestMatcher.withDefaults()
                                                            .matcher(HttpMethod.GET, path))
                                            .permitAll());
                    for (AccessRule rule : rules.rules()) {
                        if (rule.isPublic()) {
                            a.requestMatchers(rule.matcher()).permitAll();
                        } else {
                            a.requestMatchers(rule.matcher()).hasRole(rule.role().name());
                        }
                    }
                    if (rules.othersPublic()) {
                        a.anyRequest().permitAll();
                    } else {
                        a.anyRequest().authenticated();
                    }
                });
        JwtDecoder decoder = jwt.getIfAvailable();
        if (decoder != null) {
            http.oauth2ResourceServer(
                    o ->
                            o.authenticationEntryPoint(problems)
                                    .accessDeniedHandler(problems)
                                    .jwt(
                                            j ->
                                                    j.decoder(decoder)
                                                            .jwtAuthenticationConverter(
                                                                    roles(settings))));
        }
        return http.build();
    }

    private static JwtAuthenticationConverter roles(ApiSecuritySettings settings) {
        JwtAuthenticationConverter converter = new JwtAuthenticationConverter();
        converter.setJwtGrantedAuthoritiesConverter(new JwtRoles(settings.rolesClaim()));
        return converter;
    }

    private static PathPatternRequestMatcher path(String pattern) {
        return PathPatternRequestMatcher.withDefaults().matcher(pattern);
    }
}
