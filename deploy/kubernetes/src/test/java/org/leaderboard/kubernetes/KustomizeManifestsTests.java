package org.leaderboard.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1Container;
import io.kubernetes.client.openapi.models.V1CronJob;
import io.kubernetes.client.openapi.models.V1CronJobSpec;
import io.kubernetes.client.openapi.models.V1Deployment;
import io.kubernetes.client.openapi.models.V1EnvFromSource;
import io.kubernetes.client.openapi.models.V1EnvVar;
import io.kubernetes.client.openapi.models.V1PodSecurityContext;
import io.kubernetes.client.openapi.models.V1ResourceRequirements;
import io.kubernetes.client.openapi.models.V1SecurityContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.leaderboard.query.config.QuerySettings;
import org.leaderboard.snapshot.config.SnapshotSettings;
import org.leaderboard.writer.config.WriterSettings;

/**
 * Renders every overlay with {@code kubectl kustomize} and checks every object against the
 * Kubernetes API schema (the official Java client's typed models, unknown fields rejected) and
 * against the project's own rules.
 */
class KustomizeManifestsTests {

    private static final String VERSION = System.getProperty("project.version", "0.1.0-SNAPSHOT");
    private static final Map<String, Class<? extends Record>> SERVICES =
            Map.of(
                    "writer-service", WriterSettings.class,
                    "leaderboard-query", QuerySettings.class,
                    "snapshot-worker", SnapshotSettings.class);
    private static final String CASSANDRA_IMAGE = "cassandra:5.0";

    /** Variables the official cassandra image's entrypoint and cassandra-env.sh read. */
    private static final Set<String> CASSANDRA_IMAGE_ENV =
            Set.of(
                    "MAX_HEAP_SIZE",
                    "HEAP_NEWSIZE",
                    "CASSANDRA_CLUSTER_NAME",
                    "CASSANDRA_NUM_TOKENS",
                    "CASSANDRA_DC",
                    "CASSANDRA_RACK",
                    "CASSANDRA_ENDPOINT_SNITCH",
                    "CASSANDRA_SEEDS",
                    "CASSANDRA_LISTEN_ADDRESS",
                    "CASSANDRA_BROADCAST_ADDRESS",
                    "CASSANDRA_RPC_ADDRESS",
                    "CASSANDRA_BROADCAST_RPC_ADDRESS");

    private static final Pattern SECRET_KEY =
            Pattern.compile(
                    "(?i).*(password|passwd|secret|token|credential|private.?key|api.?key"
                            + "|username).*");
    private static final Pattern SECRET_VALUE =
            Pattern.compile("(?s).*(-----BEGIN|(?i)password\\s*[:=]|^[A-Za-z0-9+/]{32,}={0,2}$).*");

    private static final Map<String, List<Map<String, Object>>> RENDERED =
            new ConcurrentHashMap<>();
    private static final Map<String, ServiceProperties> PROPERTIES = new ConcurrentHashMap<>();

    private static List<Map<String, Object>> rendered(String overlay) {
        return RENDERED.computeIfAbsent(overlay, Kustomize::render);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void everyBuiltInObjectParsesIntoTheKubernetesClientsTypedModel(String overlay) {
        List<Map<String, Object>> objects = rendered(overlay);

        assertThat(objects).hasSizeGreaterThan(15);
        for (Map<String, Object> object : objects) {
            if (Yamls.kind(object).equals("CassandraDatacenter")) {
                CassandraDatacenterRules.check(object);
            } else {
                assertThat(KubernetesModels.parse(object)).isNotNull();
            }
        }
    }

    @Test
    void theTypedModelsRejectAFieldTheApiDoesNotDefine() {
        Map<String, Object> deployment = firstOfKind(rendered("dev"), "Deployment");
        Map<String, Object> misspelt = new LinkedHashMap<>(deployment);
        Map<String, Object> spec = new LinkedHashMap<>(Yamls.map(deployment.get("spec")));
        spec.put("replica", 3);
        misspelt.put("spec", spec);

        assertThatThrownBy(() -> KubernetesModels.parse(misspelt))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("replica");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void everyContainerHasProbesRequestsAndLimitsAndRunsAsNonRootOnAReadOnlyRoot(String overlay) {
        List<Workload> workloads = workloads(overlay);

        assertThat(workloads).extracting(Workload::name).containsAll(SERVICES.keySet());
        for (Workload workload : workloads) {
            for (V1Container container : workload.pod().getContainers()) {
                if (!workload.runsToCompletion()) {
                    assertThat(container.getReadinessProbe())
                            .as(workload.describe(container) + " readiness probe")
                            .isNotNull();
                    assertThat(container.getLivenessProbe())
                            .as(workload.describe(container) + " liveness probe")
                            .isNotNull();
                }
            }
            for (V1Container container : workload.allContainers()) {
                assertResources(workload.describe(container), container.getResources());
                assertHardened(workload, container);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"writer-service", "leaderboard-query"})
    void theHttpServicesProbeReadinessWithCassandraAndLivenessWithout(String service) {
        for (String overlay : List.of("dev", "prod")) {
            V1Deployment deployment =
                    KubernetesModels.parse(
                            named(rendered(overlay), "Deployment", service), V1Deployment.class);
            V1Container container =
                    deployment.getSpec().getTemplate().getSpec().getContainers().get(0);

            assertThat(container.getReadinessProbe().getHttpGet().getPath())
                    .isEqualTo("/actuator/health/readiness");
            assertThat(container.getLivenessProbe().getHttpGet().getPath())
                    .isEqualTo("/actuator/health/liveness");
            assertThat(kinds(rendered(overlay), service))
                    .contains("Service", "PodDisruptionBudget", "HorizontalPodAutoscaler");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void noConfigMapHoldsASecretLookingKeyOrValue(String overlay) {
        for (Map<String, Object> object : ofKind(rendered(overlay), "ConfigMap")) {
            V1ConfigMap configMap = KubernetesModels.parse(object, V1ConfigMap.class);
            configMap
                    .getData()
                    .forEach(
                            (key, value) -> {
                                String where = "ConfigMap " + Yamls.name(object) + " key " + key;
                                assertThat(key).as(where).doesNotMatch(SECRET_KEY);
                                assertThat(value).as(where).doesNotMatch(SECRET_VALUE);
                            });
        }
    }

    @Test
    void prodCommitsNoSecretTheUserCreatesThemAndEveryReferencedOneIsNamedInTheReadme() {
        assertThat(ofKind(rendered("prod"), "Secret")).isEmpty();
        Set<String> referenced = new TreeSet<>();
        for (Workload workload : workloads("prod")) {
            for (V1Container container : workload.allContainers()) {
                for (V1EnvVar env : Optional.ofNullable(container.getEnv()).orElse(List.of())) {
                    if (env.getValueFrom() != null
                            && env.getValueFrom().getSecretKeyRef() != null) {
                        referenced.add(env.getValueFrom().getSecretKeyRef().getName());
                    }
                }
            }
        }
        assertThat(referenced)
                .containsExactly(
                        "leaderboard-api-keys",
                        "leaderboard-cassandra",
                        "leaderboard-cassandra-admin");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void everyImageIsABuiltServiceAtTheProjectVersionOrCassandra5(String overlay) {
        Set<String> services = new TreeSet<>();
        for (Workload workload : workloads(overlay)) {
            for (V1Container container : workload.allContainers()) {
                String image = container.getImage();
                Optional<String> service = serviceOf(image);
                if (service.isPresent()) {
                    assertThat(image).endsWith("/" + service.get() + ":" + VERSION);
                    assertThat(workload.name()).isEqualTo(service.get());
                    services.add(service.get());
                } else {
                    assertThat(image).as(workload.describe(container)).isEqualTo(CASSANDRA_IMAGE);
                }
            }
        }
        assertThat(services).containsExactlyInAnyOrderElementsOf(SERVICES.keySet());
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void everyEnvironmentVariableMapsToAConfigurationPropertyOfItsService(String overlay) {
        List<Map<String, Object>> objects = rendered(overlay);
        for (Workload workload : workloads(overlay)) {
            for (V1Container container : workload.allContainers()) {
                List<String> variables = environment(objects, container);
                Optional<String> service = serviceOf(container.getImage());
                for (String variable : variables) {
                    String where = workload.describe(container) + " variable " + variable;
                    if (service.isPresent()) {
                        assertThat(properties(service.get()).binds(variable))
                                .as(where + " binds to a property of " + service.get())
                                .isTrue();
                    } else {
                        assertThat(readByCassandraImage(container, variable))
                                .as(where + " is read by the cassandra image or the script")
                                .isTrue();
                    }
                }
            }
        }
    }

    @Test
    void propertyCheckTellsARealSettingFromAMisspeltOne() {
        ServiceProperties writer = properties("writer-service");

        assertThat(writer.size()).isGreaterThan(1000);
        assertThat(writer.binds("WRITER_WRITECONSISTENCY")).isTrue();
        assertThat(writer.binds("SPRING_CASSANDRA_CONTACTPOINTS")).isTrue();
        assertThat(writer.binds("LOGGING_STRUCTURED_FORMAT_CONSOLE")).isTrue();
        assertThat(writer.binds("LOGGING_LEVEL_ORG_LEADERBOARD")).isTrue();
        assertThat(writer.binds("WRITER_WRITECONSISTENCE")).isFalse();
        assertThat(writer.binds("QUERY_READCONSISTENCY")).isFalse();
        assertThat(writer.binds("SPRING_CASANDRA_CONTACTPOINTS")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void theSchemaJobAppliesTheSameSchemaCqlAsEverythingElse(String overlay) throws IOException {
        String original = Files.readString(Path.of(System.getProperty("schema.cql")));
        Map<String, Object> schema =
                ofKind(rendered(overlay), "ConfigMap").stream()
                        .filter(c -> Yamls.name(c).startsWith("leaderboard-schema-"))
                        .filter(c -> Yamls.map(c.get("data")).containsKey("schema.cql"))
                        .findFirst()
                        .orElseThrow();

        assertThat(Yamls.map(schema.get("data")).get("schema.cql")).isEqualTo(original);
        Map<String, Object> job = named(rendered(overlay), "Job", "leaderboard-schema");
        assertThat(job.toString()).contains(Yamls.name(schema));
    }

    @Test
    void theSnapshotWorkerIsACronJobRunningOncePassesThatCannotPileUp() {
        for (String overlay : List.of("dev", "prod")) {
            V1CronJob cronJob =
                    KubernetesModels.parse(
                            named(rendered(overlay), "CronJob", "snapshot-worker"),
                            V1CronJob.class);
            V1CronJobSpec spec = cronJob.getSpec();

            assertThat(spec.getConcurrencyPolicy()).isEqualTo("Forbid");
            assertThat(spec.getStartingDeadlineSeconds()).isPositive();
            assertThat(spec.getSuccessfulJobsHistoryLimit()).isPositive();
            assertThat(spec.getFailedJobsHistoryLimit()).isPositive();
            assertThat(spec.getJobTemplate().getSpec().getBackoffLimit()).isNotNull();
            assertThat(
                            spec.getJobTemplate()
                                    .getSpec()
                                    .getTemplate()
                                    .getSpec()
                                    .getContainers()
                                    .get(0)
                                    .getArgs())
                    .containsExactly("--once");
        }
    }

    @Test
    void prodRunsThreeCassandra5NodesAndAKeyspaceWithReplicationFactorThreeInThatDatacenter() {
        List<Map<String, Object>> prod = rendered("prod");
        Map<String, Object> datacenter = firstOfKind(prod, "CassandraDatacenter");
        String dc = Yamls.name(datacenter);
        String cluster = (String) Yamls.at(datacenter, "spec.clusterName");
        Map<String, Object> cassandra = configMapData(prod, "leaderboard-cassandra-config");
        Map<String, Object> schema = configMapData(prod, "leaderboard-schema-config");

        assertThat(CassandraDatacenterRules.size(datacenter)).isEqualTo(3);
        assertThat(cassandra.get("SPRING_CASSANDRA_LOCALDATACENTER")).isEqualTo(dc);
        assertThat(cassandra.get("SPRING_CASSANDRA_CONTACTPOINTS"))
                .isEqualTo(cluster + "-" + dc + "-service:9042");
        assertThat(schema.get("REPLICATION"))
                .isEqualTo("{'class': 'NetworkTopologyStrategy', '" + dc + "': 3}");
        assertThat(cassandra.get("LOGGING_STRUCTURED_FORMAT_CONSOLE")).isEqualTo("ecs");
        assertThat(firstOfKind(rendered("dev"), "StatefulSet").toString())
                .contains("cassandra:5.0");
    }

    private static void assertResources(String where, V1ResourceRequirements resources) {
        assertThat(resources).as(where + " resources").isNotNull();
        assertThat(resources.getRequests()).as(where + " requests").containsKeys("cpu", "memory");
        assertThat(resources.getLimits()).as(where + " limits").containsKeys("cpu", "memory");
    }

    private static void assertHardened(Workload workload, V1Container container) {
        String where = workload.describe(container);
        V1PodSecurityContext pod = workload.pod().getSecurityContext();
        V1SecurityContext own = container.getSecurityContext();
        assertThat(own).as(where + " securityContext").isNotNull();
        boolean nonRoot =
                Boolean.TRUE.equals(own.getRunAsNonRoot())
                        || (own.getRunAsNonRoot() == null
                                && pod != null
                                && Boolean.TRUE.equals(pod.getRunAsNonRoot()));
        Long user =
                own.getRunAsUser() != null
                        ? own.getRunAsUser()
                        : pod == null ? null : pod.getRunAsUser();
        assertThat(nonRoot).as(where + " runAsNonRoot").isTrue();
        assertThat(user).as(where + " runAsUser").isNotNull().isNotZero();
        assertThat(own.getReadOnlyRootFilesystem()).as(where + " readOnlyRootFilesystem").isTrue();
        assertThat(own.getAllowPrivilegeEscalation())
                .as(where + " allowPrivilegeEscalation")
                .isFalse();
    }

    private static boolean readByCassandraImage(V1Container container, String variable) {
        if (CASSANDRA_IMAGE_ENV.contains(variable) || variable.equals("HOME")) {
            return true;
        }
        String script =
                String.join("\n", Optional.ofNullable(container.getArgs()).orElse(List.of()));
        return Pattern.compile("\\$\\{?" + variable + "\\b").matcher(script).find();
    }

    /** Variable names a container gets: its own env and every key of the maps it loads whole. */
    private static List<String> environment(
            List<Map<String, Object>> objects, V1Container container) {
        List<String> names = new ArrayList<>();
        Optional.ofNullable(container.getEnv())
                .orElse(List.of())
                .forEach(e -> names.add(e.getName()));
        for (V1EnvFromSource from : Optional.ofNullable(container.getEnvFrom()).orElse(List.of())) {
            assertThat(from.getSecretRef())
                    .as("envFrom a whole Secret hides what it sets")
                    .isNull();
            String prefix = Optional.ofNullable(from.getPrefix()).orElse("");
            configMapData(objects, from.getConfigMapRef().getName())
                    .keySet()
                    .forEach(key -> names.add(prefix + key));
        }
        return names;
    }

    private static Optional<String> serviceOf(String image) {
        String repository =
                image.contains(":") ? image.substring(0, image.lastIndexOf(':')) : image;
        String last = repository.substring(repository.lastIndexOf('/') + 1);
        return SERVICES.containsKey(last) && repository.contains("/")
                ? Optional.of(last)
                : Optional.empty();
    }

    private static ServiceProperties properties(String service) {
        return PROPERTIES.computeIfAbsent(service, s -> ServiceProperties.of(s, SERVICES.get(s)));
    }

    private static List<Workload> workloads(String overlay) {
        List<Workload> workloads = new ArrayList<>();
        for (Map<String, Object> object : rendered(overlay)) {
            if (KubernetesModels.isBuiltIn(object)) {
                Workload.of(KubernetesModels.parse(object)).ifPresent(workloads::add);
            }
        }
        return workloads;
    }

    private static Map<String, Object> configMapData(
            List<Map<String, Object>> objects, String name) {
        return Yamls.map(named(objects, "ConfigMap", name).get("data"));
    }

    private static Map<String, Object> named(
            List<Map<String, Object>> objects, String kind, String name) {
        return ofKind(objects, kind).stream()
                .filter(o -> Yamls.name(o).equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " named " + name));
    }

    private static Set<String> kinds(List<Map<String, Object>> objects, String name) {
        Set<String> kinds = new TreeSet<>();
        objects.stream()
                .filter(o -> Yamls.name(o).equals(name))
                .forEach(o -> kinds.add(Yamls.kind(o)));
        return kinds;
    }

    private static Map<String, Object> firstOfKind(List<Map<String, Object>> objects, String kind) {
        return ofKind(objects, kind).stream().findFirst().orElseThrow();
    }

    private static List<Map<String, Object>> ofKind(
            List<Map<String, Object>> objects, String kind) {
        return objects.stream().filter(o -> Yamls.kind(o).equals(kind)).toList();
    }
}
