package org.leaderboard.testsupport;

import org.testcontainers.cassandra.CassandraContainer;

/**
 * The Testcontainers path, taken only where a Docker engine answers (never on the CI machines
 * here).
 */
final class ContainerCassandra {

    private ContainerCassandra() {}

    static TestCassandra start() {
        CassandraContainer container = new CassandraContainer("cassandra:5.0");
        container.start();
        Runtime.getRuntime()
                .addShutdownHook(new Thread(container::stop, "test-cassandra-container-stop"));
        return TestCassandra.of(container.getHost() + ":" + container.getMappedPort(9042));
    }
}
