package org.leaderboard.query.config;

import java.util.List;
import org.leaderboard.security.AccessRule;
import org.leaderboard.security.AccessRules;
import org.leaderboard.security.ApiSecurityConfig;
import org.leaderboard.security.ApiSecuritySettings;
import org.leaderboard.security.Role;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpMethod;

/**
 * Leaderboards are public by default ({@code api.security.query-public=true}); otherwise reading
 * them needs the READER role (admins have it too).
 */
@Configuration(proxyBeanMethods = false)
@Import(ApiSecurityConfig.class)
class QueryAccess {

    @Bean
    AccessRules accessRules(ApiSecuritySettings settings) {
        if (settings.queryPublic()) {
            return new AccessRules(List.of(), true);
        }
        return new AccessRules(
                List.of(AccessRule.of(HttpMethod.GET, "/boards/**", Role.READER)), false);
    }
}
