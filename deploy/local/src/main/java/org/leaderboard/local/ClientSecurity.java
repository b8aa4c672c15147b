package org.leaderboard.local;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * How a tool or test logs in to a node that demands it (see {@link NodeSecurity}): a username and
 * password, and a PKCS#12 truststore holding the node's certificate for TLS. Either may be null.
 */
public record ClientSecurity(
        String username, String password, Path truststore, String truststorePassword) {

    public static final ClientSecurity NONE = new ClientSecurity(null, null, null, null);

    /** The TLS context trusting the truststore's certificates, or null without a truststore. */
    public SSLContext sslContext() {
        if (truststore == null) {
            return null;
        }
        try (InputStream in = Files.newInputStream(truststore)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, truststorePassword.toCharArray());
            TrustManagerFactory trust =
                    TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot read truststore " + truststore, e);
        }
    }
}
