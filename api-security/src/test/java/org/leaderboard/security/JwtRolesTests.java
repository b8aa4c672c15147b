package org.leaderboard.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.oauth2.jwt.Jwt;

class JwtRolesTests {

    @Test
    void readsAListOrASpaceSeparatedStringAndUpperCasesTheNames() {
        assertThat(roles("roles", Map.of("roles", List.of("admin", "Voter"))))
                .containsExactly("ROLE_ADMIN", "ROLE_VOTER");
        assertThat(roles("scope", Map.of("scope", "reader voter")))
                .containsExactly("ROLE_READER", "ROLE_VOTER");
    }

    @Test
    void followsADottedPathIntoNestedClaimsAsKeycloakNestsThem() {
        assertThat(
                        roles(
                                "realm_access.roles",
                                Map.of("realm_access", Map.of("roles", List.of("ADMIN")))))
                .containsExactly("ROLE_ADMIN");
    }

    @Test
    void aMissingClaimGrantsNothing() {
        assertThat(roles("roles", Map.of("other", "x"))).isEmpty();
        assertThat(roles("a.b", Map.of("a", "not an object"))).isEmpty();
    }

    private static List<String> roles(String claim, Map<String, Object> claims) {
        Jwt jwt =
                Jwt.withTokenValue("t")
                        .header("alg", "RS256")
                        .subject("s")
                        .claims(c -> c.putAll(claims))
                        .issuedAt(Instant.now())
                        .build();
        return new JwtRoles(claim)
                .convert(jwt).stream().map(GrantedAuthority::getAuthority).toList();
    }
}
