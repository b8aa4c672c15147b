package org.leaderboard.query.web;

import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import org.leaderboard.query.config.CorsSettings;
import org.leaderboard.query.config.EventualSettings;
import org.leaderboard.query.config.QuerySettings;
import org.leaderboard.query.query.LeaderboardQueryHandler;
import org.leaderboard.security.ApiKeyCheck;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

@Configuration(proxyBeanMethods = false)
class WebConfig implements WebMvcConfigurer {

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new KnownParameters());
    }

    /**
     * Bounded-staleness reads answered first in the container's filter chain ({@link
     * DirectEventualRoute}); whatever it does not answer goes on through every other filter.
     */
    @Bean
    DirectEventualRoute directEventualRoute(
            EventualSettings eventual,
            CorsSettings cors,
            QuerySettings settings,
            LeaderboardQueryHandler handler,
            ApiKeyCheck keys,
            ObjectMapper json,
            MeterRegistry meters) {
        return new DirectEventualRoute(eventual, cors, settings, handler, keys, json, meters);
    }

    @Bean
    FilterRegistrationBean<DirectEventualRoute> directEventualRouteFilter(
            DirectEventualRoute route) {
        FilterRegistrationBean<DirectEventualRoute> filter = new FilterRegistrationBean<>(route);
        filter.setOrder(Ordered.HIGHEST_PRECEDENCE);
        filter.addUrlPatterns("/boards/*");
        return filter;
    }

    /** Entries many answers share are written once ({@link SharedEntriesJson}). */
    @Bean
    Module sharedEntriesModule() {
        return SharedEntriesJson.module();
    }
}
