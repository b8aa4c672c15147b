package org.leaderboard.security;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter;

/**
 * Reads the caller's roles from a JWT claim: a list ({@code ["ADMIN","VOTER"]}) or a string ({@code
 * "admin voter"}), at a claim name or a dotted path into nested claims ({@code realm_access.roles}
 * as Keycloak issues them). Names are upper-cased; roles this system does not know grant nothing.
 */
final class JwtRoles implements Converter<Jwt, Collection<GrantedAuthority>> {

    private final List<String> path;

    JwtRoles(String claim) {
        this.path = List.of(claim.split("\\."));
    }

    /** A token's authentication: its subject as the name, its roles from {@code claim}. */
    static JwtAuthenticationConverter converter(String claim) {
        JwtAuthenticationConverter converter = new JwtAuthenticationConverter();
        converter.setJwtGrantedAuthoritiesConverter(new JwtRoles(claim));
        return converter;
    }

    @Override
    public Collection<GrantedAuthority> convert(Jwt jwt) {
        Object value = jwt.getClaims();
        for (String step : path) {
            value = value instanceof Map<?, ?> map ? map.get(step) : null;
        }
        return names(value).stream()
                .map(name -> name.strip().toUpperCase(Locale.ROOT))
                .filter(name -> !name.isEmpty())
                .map(name -> (GrantedAuthority) new SimpleGrantedAuthority("ROLE_" + name))
                .toList();
    }

    private static List<String> names(Object value) {
        if (value instanceof Collection<?> list) {
            return list.stream().map(String::valueOf).toList();
        }
        if (value instanceof String text) {
            return Arrays.asList(text.split("[\\s,]+"));
        }
        return List.of();
    }
}
