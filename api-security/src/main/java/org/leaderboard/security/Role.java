package org.leaderboard.security;

/**
 * What a caller may do. ADMIN creates boards and retracts votes, VOTER casts votes, READER reads
 * leaderboards when the query API is not public. ADMIN implies the other two (see {@link
 * ApiSecurityConfig#roleHierarchy()}).
 */
public enum Role {
    ADMIN,
    VOTER,
    READER;

    /** Spring Security's name for the role, as {@code hasRole} expects it. */
    public String authority() {
        return "ROLE_" + name();
    }
}
