package org.leaderboard.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.local.CassandraNode;
import org.leaderboard.local.ClientSecurity;
import org.leaderboard.local.FreePorts;
import org.leaderboard.local.NodeSecurity;
import org.leaderboard.local.NodeSpec;
import org.leaderboard.local.ServiceProcess;
import org.leaderboard.local.Sessions;
import org.leaderboard.model.cassandra.Schema;
import org.leaderboard.testsupport.HttpJson;
import org.leaderboard.testsupport.ServiceJvm;
import org.leaderboard.testsupport.Services;

/**
 * A node that demands a password (PasswordAuthenticator) and TLS on its CQL port
 * (client_encryption_options, not optional). A writer configured with Spring Boot's {@code
 * spring.cassandra.username/password} and {@code spring.cassandra.ssl} with an SSL bundle ({@code
 * spring.ssl.bundle.jks.*}) stores votes; with a wrong password, without credentials or without TLS
 * it does not start, and its log says why.
 */
class CassandraSecurityIntegrationTests {

    private static final String PASSWORD = "changeit-" + System.nanoTime();
    private static final String ROLE = "leaderboard";
    private static final String ROLE_PASSWORD = "role-secret";
    private static final String KEYSPACE = "secured";

    private static Path directory;
    private static Keystores keystores;
    private static CassandraNode node;

    @BeforeAll
    static void startSecuredNode() throws IOException {
        directory = Files.createTempDirectory(prepare(), "secured-");
        keystores = Keystores.generate(directory, PASSWORD);
        node =
                new CassandraNode(
                        NodeSpec.singleNode(
                                        directory.resolve("node"),
                                        FreePorts.any(),
                                        FreePorts.any(),
                                        FreePorts.any(),
                                        "512m")
                                .withSecurity(
                                        NodeSecurity.passwordAndTls(keystores.keystore(), PASSWORD))
                                .withJvmOptions(ServiceJvm.cassandraOptions()));
        node.start(Duration.ofMinutes(3));
        ClientSecurity superuser =
                new ClientSecurity("cassandra", "cassandra", keystores.truststore(), PASSWORD);
        // The default superuser is created shortly after the node opens its port.
        await().atMost(Duration.ofMinutes(1))
                .ignoreExceptions()
                .until(
                        () -> {
                            try (CqlSession admin = connect(superuser)) {
                                admin.execute(
                                        "CREATE ROLE IF NOT EXISTS "
                                                + ROLE
                                                + " WITH PASSWORD = '"
                                                + ROLE_PASSWORD
                                                + "' AND LOGIN = true");
                                Schema.apply(admin, KEYSPACE, Schema.SINGLE_NODE_REPLICATION);
                                return true;
                            }
                        });
    }

    private static Path prepare() throws IOException {
        Path parent = Path.of("target", "secured-cassandra").toAbsolutePath();
        CassandraNode.stopLeftovers(parent);
        return Files.createDirectories(parent);
    }

    @AfterAll
    static void stopNode() {
        node.stop();
    }

    @Test
    void aWriterWithTheRolesCredentialsOverTlsStoresVotes() {
        try (Services services = Faults.services(KEYSPACE, arguments(ROLE_PASSWORD, true))) {
            ServiceProcess writer = services.writer("writer-secured");
            Faults.createBoard(writer.baseUrl(), "secured");
            HttpJson.Answer vote =
                    Faults.HTTP.post(
                            writer.baseUrl() + "/boards/secured/votes",
                            Map.of("user", "u1", "voter", "v1", "votes", 3));
            assertThat(vote.status()).as(vote.body().toString()).isEqualTo(202);
        }
        try (CqlSession session =
                connect(
                        new ClientSecurity(
                                ROLE, ROLE_PASSWORD, keystores.truststore(), PASSWORD))) {
            assertThat(
                            session.execute("SELECT votes FROM " + KEYSPACE + ".vote_events")
                                    .one()
                                    .getInt("votes"))
                    .isEqualTo(3);
        }
    }

    @Test
    void aWrongPasswordStopsTheWriterWithAClearMessage() {
        assertThat(failedStart("writer-wrong-password", arguments("wrong", true)))
                .contains("Provided username " + ROLE + " and/or password are incorrect");
    }

    @Test
    void withoutCredentialsTheWriterIsToldTheNodeRequiresThem() {
        List<String> arguments = new ArrayList<>(arguments(ROLE_PASSWORD, true));
        arguments.removeIf(a -> a.startsWith("--spring.cassandra.username"));
        arguments.removeIf(a -> a.startsWith("--spring.cassandra.password"));
        assertThat(failedStart("writer-no-credentials", arguments))
                .contains("requires authentication");
    }

    @Test
    void withoutTlsTheWriterCannotReachTheNode() {
        assertThat(failedStart("writer-no-tls", arguments(ROLE_PASSWORD, false)))
                .contains("Could not reach any contact point");
    }

    /** Starts a writer that must not come up; returns its log once it has exited. */
    private static String failedStart(String name, List<String> arguments) {
        ServiceProcess writer =
                new ServiceProcess(
                        name,
                        Services.jar("writer-service"),
                        FreePorts.any(),
                        arguments,
                        directory.resolve("logs"),
                        ServiceJvm.options());
        writer.start();
        try {
            await().atMost(Duration.ofMinutes(3)).until(() -> !writer.isAlive());
            return Files.readString(writer.log());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } finally {
            writer.stop();
        }
    }

    private static List<String> arguments(String password, boolean tls) {
        List<String> arguments = new ArrayList<>();
        arguments.add("--spring.cassandra.contact-points=" + node.spec().contactPoint());
        arguments.add("--spring.cassandra.local-datacenter=" + Sessions.LOCAL_DATACENTER);
        arguments.add("--spring.cassandra.keyspace-name=" + KEYSPACE);
        arguments.add("--spring.cassandra.username=" + ROLE);
        arguments.add("--spring.cassandra.password=" + password);
        if (tls) {
            arguments.add("--spring.cassandra.ssl.enabled=true");
            arguments.add("--spring.cassandra.ssl.bundle=cassandra");
            arguments.add(
                    "--spring.ssl.bundle.jks.cassandra.truststore.location=file:"
                            + keystores.truststore());
            arguments.add("--spring.ssl.bundle.jks.cassandra.truststore.password=" + PASSWORD);
            arguments.add("--spring.ssl.bundle.jks.cassandra.truststore.type=PKCS12");
        }
        return arguments;
    }

    private static CqlSession connect(ClientSecurity security) {
        return Sessions.connect(List.of(node.spec().contactPoint()), null, security);
    }
}
