package org.leaderboard.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.DispatcherType;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;

/**
 * {@link ApiSecurityConfig}'s rules as a Servlet filter chain (Spring MVC on Tomcat): bearer tokens
 * when Spring Boot has a {@link JwtDecoder}, and Tomcat's and the firewall's own refusals as
 * problem details too.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@EnableWebSecurity
class ServletApiSecurity {

    /** The chain without Spring MVC's handler lookup done once more in front of it. */
    @Bean
    static NoHandlerLookupCache noHandlerLookupCache() {
        return new NoHandlerLookupCache();
    }

    /** Refusals Tomcat makes before any filter runs, as problem details too. */
    @Bean
    static TomcatProblems tomcatProblems() {
        return new TomcatProblems();
    }

    /** Also the firewall's {@code RequestRejectedHandler}: Spring Security looks the bean up. */
    @Bean
    ServletProblems securityProblems(
            ObjectMapper json, AccessRules rules, ObjectProvider<JwtDecoder> jwt) {
        return new ServletProblems(json, new SecurityProblems(rules, jwt.getIfAvailable() != null));
    }

    @Bean
    SecurityFilterChain apiSecurity(
            HttpSecurity http,
            ApiSecuritySettings settings,
            AccessRules rules,
            ServletProblems problems,
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
                    ApiSecurityConfig.OPERATIONS.forEach(
                            path ->
                                    a.requestMatchers(
                                                    PathPatternRequestMatcher.withDefaults()
                                                            .matcher(path))
                                            .permitAll());
                    ApiSecurityConfig.API_DOCS.forEach(
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
                                                                    JwtRoles.converter(
                                                                            settings
                                                                                    .rolesClaim()))));
        }
        return http.build();
    }
}
