package org.leaderboard.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.ProblemDetail;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.InsufficientAuthenticationException;

/**
 * The words of every security refusal, written once for the Servlet and the reactive chain, and the
 * roles that satisfy a rule in the reactive chain, which knows no role hierarchy by itself.
 */
class SecurityProblemsTests {

    private final AccessRules rules =
            new AccessRules(
                    List.of(
                            AccessRule.of(HttpMethod.POST, "/boards", Role.ADMIN),
                            AccessRule.of(HttpMethod.POST, "/boards/*/votes", Role.VOTER),
                            AccessRule.open(HttpMethod.GET, "/boards/*")),
                    false);
    private final SecurityProblems problems = new SecurityProblems(rules, true);

    @Test
    void a403NamesTheRoleTheRuleNeedsAndTheRolesTheCallerCarries() {
        ProblemDetail problem =
                problems.forbidden(
                        "POST",
                        "/boards",
                        new ApiKeyAuthentication(
                                new ApiKey(
                                        "voting-app",
                                        "k".repeat(16),
                                        java.util.Set.of(Role.VOTER))));

        assertThat(problem.getStatus()).isEqualTo(403);
        assertThat(problem.getTitle()).isEqualTo("Forbidden");
        assertThat(problem.getDetail())
                .isEqualTo(
                        "POST /boards needs the role ADMIN; the credentials of 'voting-app' carry"
                                + " VOTER");
        assertThat(problems.forbidden("POST", "/boards/b1/votes", null).getDetail())
                .isEqualTo(
                        "POST /boards/b1/votes needs the role VOTER; the credentials of '?'"
                                + " carry no role");
        assertThat(problems.forbidden("DELETE", "/boards", null).getDetail())
                .startsWith("DELETE /boards needs another role");
    }

    @Test
    void a401SaysHowToAuthenticateOrWhatWasWrong() {
        var missing = new InsufficientAuthenticationException("Full authentication is required");

        assertThat(problems.unauthenticated(null, missing).getDetail())
                .isEqualTo("this request needs credentials: " + SecurityProblems.HOW);
        assertThat(problems.unauthenticated("Basic dXNlcg==", missing).getDetail())
                .isEqualTo(
                        "the Authorization scheme 'Basic' is not supported: "
                                + SecurityProblems.HOW);
        assertThat(
                        problems.unauthenticated(
                                        "ApiKey nope",
                                        new BadCredentialsException(ApiKeys.NOT_VALID))
                                .getDetail())
                .isEqualTo("the API key is not valid");
        assertThat(
                        new SecurityProblems(rules, false)
                                .unauthenticated("Bearer x.y.z", missing)
                                .getDetail())
                .startsWith("bearer tokens are not accepted: no token issuer is configured");
        assertThat(problems.challenge()).isEqualTo("ApiKey, Bearer");
        assertThat(new SecurityProblems(rules, false).challenge()).isEqualTo("ApiKey");
    }

    @Test
    void bothHeadersPresentAKeyAndTheApiKeyHeaderWins() {
        assertThat(ApiKeys.presented(" k1 ", "ApiKey k2")).contains("k1");
        assertThat(ApiKeys.presented(null, "apikey k2")).contains("k2");
        assertThat(ApiKeys.presented(null, "Bearer t")).isEmpty();
        assertThat(ApiKeys.presented(null, null)).isEmpty();
    }

    @Test
    void theReactiveChainLetsEveryRoleThatImpliesTheNeededOneThrough() {
        var hierarchy = ApiSecurityConfig.roleHierarchy();

        assertThat(ReactiveApiSecurity.holders(hierarchy, Role.VOTER))
                .containsExactlyInAnyOrder("ADMIN", "VOTER");
        assertThat(ReactiveApiSecurity.holders(hierarchy, Role.READER))
                .containsExactlyInAnyOrder("ADMIN", "READER");
        assertThat(ReactiveApiSecurity.holders(hierarchy, Role.ADMIN)).containsExactly("ADMIN");
    }
}
