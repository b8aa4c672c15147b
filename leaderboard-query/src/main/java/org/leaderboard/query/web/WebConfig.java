package org.leaderboard.query.web;

import com.fasterxml.jackson.databind.Module;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

@Configuration(proxyBeanMethods = false)
class WebConfig implements WebMvcConfigurer {

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new KnownParameters());
    }

    /** Entries many answers share are written once ({@link SharedEntriesJson}). */
    @Bean
    Module sharedEntriesModule() {
        return SharedEntriesJson.module();
    }
}
