package org.leaderboard.query.config;

import java.util.List;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;
import org.springframework.web.filter.CorsFilter;

/**
 * Cross-origin reads of the query API, for the origins in {@code query.cors.allowed-origins} (none
 * by default: then no CORS header is ever sent and browsers keep other origins out).
 *
 * <p>A servlet filter ahead of Spring Security rather than Spring MVC's CORS mappings: a preflight
 * request carries no credentials, so with key-protected reads it would be refused 401 before MVC
 * saw it; and a 401 or 403 needs the CORS headers too, or the page only sees "network error".
 */
@Configuration(proxyBeanMethods = false)
class QueryCors {

    @Bean
    FilterRegistrationBean<CorsFilter> queryCorsFilter(CorsSettings settings) {
        CorsConfiguration cors = new CorsConfiguration();
        cors.setAllowedOrigins(settings.allowedOrigins());
        cors.setAllowedMethods(List.of("GET", "HEAD"));
        // The page's credentials (see Security) and the header EventSource sends on reconnect.
        cors.setAllowedHeaders(List.of("X-API-Key", "Authorization", "Last-Event-ID"));
        cors.setAllowCredentials(false);
        cors.setMaxAge(settings.maxAge());
        UrlBasedCorsConfigurationSource source = new UrlBasedCorsConfigurationSource();
        source.registerCorsConfiguration("/boards", cors);
        source.registerCorsConfiguration("/boards/**", cors);
        FilterRegistrationBean<CorsFilter> filter =
                new FilterRegistrationBean<>(new CorsFilter(source));
        filter.setOrder(Ordered.HIGHEST_PRECEDENCE);
        filter.setEnabled(settings.enabled());
        return filter;
    }
}
