package org.leaderboard.security;

import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/** A request authenticated by an API key: its name is the principal, its roles the authorities. */
final class ApiKeyAuthentication extends AbstractAuthenticationToken {

    private final String name;

    ApiKeyAuthentication(ApiKey key) {
        super(
                key.roles().stream()
                        .map(role -> new SimpleGrantedAuthority(role.authority()))
                        .toList());
        this.name = key.name();
        setAuthenticated(true);
    }

    @Override
    public Object getCredentials() {
        return "";
    }

    @Override
    public Object getPrincipal() {
        return name;
    }
}
