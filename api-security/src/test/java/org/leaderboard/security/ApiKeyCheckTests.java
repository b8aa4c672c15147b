package org.leaderboard.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * A route answered without the security chain admits exactly the API keys the chain would admit,
 * and leaves every other request (no key, a wrong key, a bearer token, a missing role) to the
 * chain.
 */
class ApiKeyCheckTests {

    private static final String VOTER_KEY = "voter-key-0123456789";
    private static final String ADMIN_KEY = "admin-key-0123456789";
    private static final String READER_KEY = "reader-key-0123456789";

    private final AccessRules rules =
            new AccessRules(
                    List.of(
                            AccessRule.of(HttpMethod.POST, "/boards", Role.ADMIN),
                            AccessRule.of(HttpMethod.POST, "/boards/*/votes", Role.VOTER),
                            AccessRule.open(HttpMethod.GET, "/boards/*")),
                    false);

    private ApiKeyCheck check(boolean enabled) {
        return new ApiKeyCheck(
                new ApiSecuritySettings(
                        enabled,
                        List.of(
                                new ApiKey("voting-app", VOTER_KEY, Set.of(Role.VOTER)),
                                new ApiKey("ops", ADMIN_KEY, Set.of(Role.ADMIN)),
                                new ApiKey("dashboard", READER_KEY, Set.of(Role.READER))),
                        "roles",
                        true),
                rules,
                ApiSecurityConfig.roleHierarchy());
    }

    @Test
    void aKeyWithTheRuleRoleOrARoleCarryingItIsAdmitted() {
        ApiKeyCheck.Route votes = check(true).route(HttpMethod.POST, "/boards/b1/votes");

        assertThat(votes.admits(VOTER_KEY, null)).isTrue();
        assertThat(votes.admits(null, "ApiKey " + VOTER_KEY)).isTrue();
        assertThat(votes.admits(ADMIN_KEY, null)).as("ADMIN carries VOTER").isTrue();
    }

    @Test
    void everythingElseIsLeftToTheChain() {
        ApiKeyCheck.Route votes = check(true).route(HttpMethod.POST, "/boards/b1/votes");
        ApiKeyCheck.Route create = check(true).route(HttpMethod.POST, "/boards");

        assertThat(votes.admits(null, null)).as("no key").isFalse();
        assertThat(votes.admits("not-a-configured-key", null)).as("wrong key").isFalse();
        assertThat(votes.admits(READER_KEY, null)).as("role without VOTER").isFalse();
        assertThat(votes.admits(null, "Bearer eyJhbGciOi")).as("bearer token").isFalse();
        assertThat(create.admits(VOTER_KEY, null)).as("VOTER on an ADMIN route").isFalse();
        assertThat(create.admits(ADMIN_KEY, null)).isTrue();
    }

    @Test
    void publicRoutesAndADisabledChainAdmitEveryone() {
        assertThat(check(true).route(HttpMethod.GET, "/boards/b1").admits(null, null)).isTrue();
        assertThat(check(false).route(HttpMethod.POST, "/boards/b1/votes").admits(null, null))
                .isTrue();
    }

    @Test
    void aPathNoRuleNamesNeedsAnyValidKey() {
        ApiKeyCheck.Route other = check(true).route(HttpMethod.DELETE, "/boards/b1");

        assertThat(other.admits(READER_KEY, null)).isTrue();
        assertThat(other.admits(null, null)).isFalse();
        assertThat(other.admits("not-a-configured-key", null)).isFalse();
    }

    @Test
    void aPathNoRuleNamesIsOpenWhereTheServiceMakesSuchPathsPublic() {
        // The query service's rules while its reads are public: none, and every path open.
        ApiKeyCheck check =
                new ApiKeyCheck(
                        new ApiSecuritySettings(
                                true,
                                List.of(new ApiKey("ops", ADMIN_KEY, Set.of(Role.ADMIN))),
                                "roles",
                                true),
                        new AccessRules(List.of(), true),
                        ApiSecurityConfig.roleHierarchy());

        ApiKeyCheck.Route page = check.route(HttpMethod.GET, "/boards/b1/leaderboard");

        assertThat(page.admits(null, null)).isTrue();
        assertThat(page.admits(ADMIN_KEY, null)).isTrue();
        assertThat(page.admits(null, "ApiKey " + ADMIN_KEY)).isTrue();
        // Credentials presented are checked even where none are needed: the chain's 401 for a
        // wrong key, its own check of a bearer token.
        assertThat(page.admits("not-a-configured-key", null)).isFalse();
        assertThat(page.admits(null, "ApiKey not-a-configured-key")).isFalse();
        assertThat(page.admits(null, "Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln")).isFalse();
    }
}
