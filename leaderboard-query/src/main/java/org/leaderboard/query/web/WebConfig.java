package org.leaderboard.query.web;

import com.fasterxml.jackson.databind.Module;
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
     * The common reads answered first in the container's filter chain ({@link DirectReadRoute});
     * whatever it does not answer goes on through every other filter.
     */
    @Bean
    FilterRegistrationBean<DirectReadRoute> directReadRouteFilter(DirectReadRoute route) {
        FilterRegistrationBean<DirectReadRoute> filter = new FilterRegistrationBean<>(route);
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
