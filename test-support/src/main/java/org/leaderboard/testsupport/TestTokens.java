package org.leaderboard.testsupport;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;

/**
 * A token issuer for tests: an RSA key pair made for this JVM, its public key as a PEM file for
 * {@code spring.security.oauth2.resourceserver.jwt.public-key-location}, and RS256-signed JWTs
 * carrying roles in a claim, as an OAuth2 authorization server would issue them.
 */
public final class TestTokens {

    private static final RSAKey KEY = generate();
    private static final RSAKey STRANGER = generate();
    private static final Path PUBLIC_KEY = writePublicKey();

    private TestTokens() {}

    /** The value for {@code spring.security.oauth2.resourceserver.jwt.public-key-location}. */
    public static String publicKeyLocation() {
        return PUBLIC_KEY.toUri().toString();
    }

    /**
     * A token valid for 10 minutes for {@code subject} with {@code roles} in claim {@code roles}.
     */
    public static String token(String subject, String... roles) {
        return sign(KEY, subject, List.of(roles), Instant.now().plus(Duration.ofMinutes(10)));
    }

    /** A token whose expiry has passed (well beyond the decoder's clock-skew allowance). */
    public static String expiredToken(String subject, String... roles) {
        return sign(KEY, subject, List.of(roles), Instant.now().minus(Duration.ofHours(1)));
    }

    /** A token signed by a key the services do not trust. */
    public static String forgedToken(String subject, String... roles) {
        return sign(STRANGER, subject, List.of(roles), Instant.now().plus(Duration.ofMinutes(10)));
    }

    private static String sign(RSAKey key, String subject, List<String> roles, Instant expiry) {
        JWTClaimsSet claims =
                new JWTClaimsSet.Builder()
                        .subject(subject)
                        .issuer("test-issuer")
                        .issueTime(Date.from(expiry.minus(Duration.ofMinutes(10))))
                        .expirationTime(Date.from(expiry))
                        .claim("roles", roles)
                        .build();
        SignedJWT jwt =
                new SignedJWT(
                        new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
                        claims);
        try {
            jwt.sign(new RSASSASigner(key));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        return jwt.serialize();
    }

    private static RSAKey generate() {
        try {
            return new RSAKeyGenerator(2048).keyIDFromThumbprint(true).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path writePublicKey() {
        try {
            String pem =
                    "-----BEGIN PUBLIC KEY-----\n"
                            + Base64.getMimeEncoder(64, "\n".getBytes())
                                    .encodeToString(KEY.toRSAPublicKey().getEncoded())
                            + "\n-----END PUBLIC KEY-----\n";
            Path file = Files.createTempFile("test-issuer-", ".pem");
            file.toFile().deleteOnExit();
            return Files.writeString(file, pem);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }
}
