package org.leaderboard.local;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

/** Driver sessions for tools and tests (the services use Spring Boot's auto-configured session). */
public final class Sessions {

    public static final String LOCAL_DATACENTER = "datacenter1";

    private Sessions() {}

    /** A session to a node at {@code host:port}, bound to {@code keyspace} unless it is null. */
    public static CqlSession connect(String contactPoint, String keyspace) {
        return connect(List.of(contactPoint), keyspace, ClientSecurity.NONE);
    }

    /**
     * A session to the nodes at {@code host:port} contact points, logged in and over TLS as {@code
     * security} says, bound to {@code keyspace} unless it is null.
     */
    public static CqlSession connect(
            List<String> contactPoints, String keyspace, ClientSecurity security) {
        CqlSessionBuilder builder =
                CqlSession.builder()
                        .withLocalDatacenter(LOCAL_DATACENTER)
                        .withConfigLoader(
                                DriverConfigLoader.programmaticBuilder()
                                        // Schema changes on a busy machine (a CI runner sharing
                                        // its cores) were seen to take over 20 s.
                                        .withDuration(
                                                DefaultDriverOption.REQUEST_TIMEOUT,
                                                Duration.ofSeconds(60))
                                        // Driver defaults wait ~1 s per schema change to debounce
                                        // metadata refreshes; creating a keyspace then took ~4.5 s.
                                        .withDuration(
                                                DefaultDriverOption.METADATA_SCHEMA_WINDOW,
                                                Duration.ZERO)
                                        .build());
        contactPoints.forEach(c -> builder.addContactPoint(address(c)));
        if (security.username() != null) {
            builder.withAuthCredentials(security.username(), security.password());
        }
        if (security.truststore() != null) {
            builder.withSslContext(security.sslContext());
        }
        return keyspace == null ? builder.build() : builder.withKeyspace(keyspace).build();
    }

    private static InetSocketAddress address(String contactPoint) {
        int colon = contactPoint.lastIndexOf(':');
        return new InetSocketAddress(
                contactPoint.substring(0, colon),
                Integer.parseInt(contactPoint.substring(colon + 1)));
    }
}
