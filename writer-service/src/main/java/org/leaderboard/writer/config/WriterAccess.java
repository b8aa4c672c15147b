package org.leaderboard.writer.config;

import java.util.List;
import org.leaderboard.security.AccessRule;
import org.leaderboard.security.AccessRules;
import org.leaderboard.security.ApiSecurityConfig;
import org.leaderboard.security.Role;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpMethod;

/**
 * Who may send which command: boards are created, listed, inspected, closed and reopened and votes
 * retracted by admins, votes cast by voters (admins may too). Any other request needs valid
 * credentials of any role.
 */
@Configuration(proxyBeanMethods = false)
@Import(ApiSecurityConfig.class)
class WriterAccess {

    @Bean
    AccessRules accessRules() {
        return new AccessRules(
                List.of(
                        AccessRule.of(HttpMethod.POST, "/boards", Role.ADMIN),
                        AccessRule.of(HttpMethod.GET, "/boards", Role.ADMIN),
                        AccessRule.of(HttpMethod.GET, "/boards/*", Role.ADMIN),
                        AccessRule.of(HttpMethod.POST, "/boards/*/close", Role.ADMIN),
                        AccessRule.of(HttpMethod.POST, "/boards/*/reopen", Role.ADMIN),
                        AccessRule.of(HttpMethod.POST, "/boards/*/votes/*/retraction", Role.ADMIN),
                        AccessRule.of(HttpMethod.POST, "/boards/*/votes", Role.VOTER),
                        AccessRule.of(HttpMethod.POST, "/boards/*/votes/batch", Role.VOTER)),
                false);
    }
}
