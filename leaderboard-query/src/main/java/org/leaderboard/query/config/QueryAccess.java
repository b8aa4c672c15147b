package org.leaderboard.query.config;

import java.util.ArrayList;
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
 * them needs the READER role (admins have it too). The live page's data (the board list, its stream
 * and its chart, all under {@code /boards}) follows the same rule; the page's HTML, scripts and
 * styles hold no data and are open, so that a browser can load the page and then send a key.
 */
@Configuration(proxyBeanMethods = false)
@Import(ApiSecurityConfig.class)
class QueryAccess {

    /** The live page's shell: the board list and board pages, and their static files. */
    static final List<String> PAGE =
            List.of("/", "/index.html", "/favicon.ico", "/live/**", "/webjars/**");

    @Bean
    AccessRules accessRules(ApiSecuritySettings settings) {
        if (settings.queryPublic()) {
            return new AccessRules(List.of(), true);
        }
        List<AccessRule> rules = new ArrayList<>();
        PAGE.forEach(path -> rules.add(AccessRule.open(HttpMethod.GET, path)));
        // Checked before the rule below: first match wins. One segment only, so that
        // /boards/{board}/leaderboard and the other data paths stay protected.
        rules.add(AccessRule.open(HttpMethod.GET, "/boards/{board}"));
        rules.add(AccessRule.of(HttpMethod.GET, "/boards", Role.READER));
        rules.add(AccessRule.of(HttpMethod.GET, "/boards/**", Role.READER));
        return new AccessRules(rules, false);
    }
}
