package org.leaderboard.local;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.net.InetSocketAddress;
import java.time.Duration;

/** Driver sessions for tools and tests (the services use Spring Boot's auto-configured session). */
public final class Sessions {

    public static final String LOCAL_DATACENTER = "datacenter1";

    private Sessions() {}

    /** A session to a node at {@code host:port}, bound to {@code keyspace} unless it is null. */
    public static CqlSession connect(String contactPoint, String keyspace) {
        int colon = contactPoint.lastIndexOf(':');
        CqlSessionBuilder builder =
                CqlSession.builder()
                        .addContactPoint(
                                new InetSocketAddress(
                                        contactPoint.substring(0, colon),
                                        Integer.parseInt(contactPoint.substring(colon + 1))))
                        .withLocalDatacenter(LOCAL_DATACENTER)
                        .withConfigLoader(
                                DriverConfigLoader.programmaticBuilder()
                                        .withDuration(
                                                DefaultDriverOption.REQUEST_TIMEOUT,
                                                Duration.ofSeconds(20))
                                        // Driver defaults wait ~1 s per schema change to debounce
                                        // metadata refreshes; creating a keyspace then took ~4.5 s.
                                        .withDuration(
                                                DefaultDriverOption.METADATA_SCHEMA_WINDOW,
                                                Duration.ZERO)
                                        .build());
        return keyspace == null ? builder.build() : builder.withKeyspace(keyspace).build();
    }
}
