package org.leaderboard.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Optional;

/**
 * Finds the configured key a request presents. Keys are compared as SHA-256 digests with {@link
 * MessageDigest#isEqual} (constant time, equal lengths), so response times do not reveal how much
 * of a guessed key was right.
 */
final class ApiKeys {

    static final String HEADER = "X-API-Key";
    static final String NOT_VALID = "the API key is not valid";
    private static final String SCHEME = "ApiKey ";

    private record Stored(byte[] digest, ApiKey key) {}

    private final List<Stored> stored;

    ApiKeys(List<ApiKey> keys) {
        this.stored = keys.stream().map(key -> new Stored(digest(key.key()), key)).toList();
    }

    Optional<ApiKey> find(String presented) {
        byte[] digest = digest(presented);
        ApiKey found = null;
        // No early exit: every key is compared whichever one matches.
        for (Stored candidate : stored) {
            if (MessageDigest.isEqual(candidate.digest(), digest)) {
                found = candidate.key();
            }
        }
        return Optional.ofNullable(found);
    }

    /**
     * The key a request presents, from its {@code X-API-Key} header or else its {@code
     * Authorization: ApiKey <key>} header (either may be null); empty when it presents none.
     */
    static Optional<String> presented(String header, String authorization) {
        if (header != null) {
            return Optional.of(header.strip());
        }
        if (authorization != null
                && authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return Optional.of(authorization.substring(SCHEME.length()).strip());
        }
        return Optional.empty();
    }

    private static byte[] digest(String text) {
        try {
            return MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
