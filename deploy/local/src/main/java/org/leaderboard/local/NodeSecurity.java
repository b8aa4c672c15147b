package org.leaderboard.local;

import java.nio.file.Path;

/**
 * What a node demands of its clients: a password ({@code PasswordAuthenticator}; the default
 * superuser {@code cassandra}/{@code cassandra} creates further roles) and TLS on the CQL port
 * ({@code client_encryption_options}, with this PKCS#12 keystore holding the node's key and
 * certificate). {@link #NONE} is Cassandra's default: no login, plain text.
 */
public record NodeSecurity(
        boolean passwordAuthentication, Path tlsKeystore, String tlsKeystorePassword) {

    public static final NodeSecurity NONE = new NodeSecurity(false, null, null);

    public static NodeSecurity passwordAndTls(Path keystore, String keystorePassword) {
        return new NodeSecurity(true, keystore, keystorePassword);
    }

    public boolean tls() {
        return tlsKeystore != null;
    }
}
