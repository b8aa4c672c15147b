package org.leaderboard.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1Container;
import io.kubernetes.client.openapi.models.V1ContainerPort;
import io.kubernetes.client.openapi.models.V1Deployment;
import io.kubernetes.client.openapi.models.V1EnvFromSource;
import io.kubernetes.client.openapi.models.V1EnvVar;
import io.kubernetes.client.openapi.models.V1NetworkPolicy;
import io.kubernetes.client.openapi.models.V1PodDisruptionBudget;
import io.kubernetes.client.openapi.models.V1PodSecurityContext;
import io.kubernetes.client.openapi.models.V1PodSpec;
import io.kubernetes.client.openapi.models.V1ResourceRequirements;
import io.kubernetes.client.openapi.models.V1SecurityContext;
import io.kubernetes.client.openapi.models.V1Service;
import io.kubernetes.client.openapi.models.V2HorizontalPodAutoscaler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.leaderboard.local.ServiceJvm;
import org.leaderboard.query.config.QuerySettings;
import org.leaderboard.snapshot.config.SnapshotSettings;
import org.leaderboard.writer.config.FeedSettings;
import org.leaderboard.writer.config.WriterSettings;
import org.springframework.scheduling.support.CronExpression;

/**
 * Renders every overlay (and the prod overlay with the optional components) with {@code kubectl
 * kustomize} and checks every object against its schema, unknown fields rejected (built-in kinds:
 * the official Kubernetes Java client's models; ServiceMonitor: fabric8's models of the Prometheus
 * Operator's CRDs; CassandraDatacenter: {@link CassandraDatacenterRules}), and against the
 * project's own rules.
 */
class KustomizeManifestsTests {

    private static final String VERSION = System.getProperty("project.version", "0.1.0-SNAPSHOT");
    private static final Map<String, Class<? extends Record>> SERVICES =
            Map.of(
                    "writer-service", WriterSettings.class,
                    "leaderboard-query", QuerySettings.class,
                    "snapshot-worker", SnapshotSettings.class);

    /** The official image, pinned to the release the prod datacenter runs (no floating tag). */
    private static final String CASSANDRA_IMAGE = "cassandra:5.0.4";

    /** Variables the JVM itself reads: the heap and memory caps sized for the container. */
    private static final Set<String> JVM_ENV = Set.of("JAVA_TOOL_OPTIONS");

    private static final Set<String> HTTP_SERVICES = Set.of("writer-service", "leaderboard-query");

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
    @ValueSource(strings = {"dev", "prod", "prod-monitoring"})
    void everyObjectValidatesAgainstItsSchemaWithUnknownFieldsRejected(String overlay) {
        List<Map<String, Object>> objects = rendered(overlay);

        assertThat(objects).hasSizeGreaterThan(15);
        for (Map<String, Object> object : objects) {
            if (Yamls.kind(object).equals("CassandraDatacenter")) {
                CassandraDatacenterRules.check(object);
            } else if (Yamls.kind(object).equals("ServiceMonitor")) {
                assertThat(PrometheusOperatorModels.parseServiceMonitor(object)).isNotNull();
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

    @Test
    void theServiceMonitorModelRejectsAFieldTheCrdDoesNotDefine() {
        Map<String, Object> monitor = firstOfKind(rendered("prod-monitoring"), "ServiceMonitor");
        Map<String, Object> endpoint =
                new LinkedHashMap<>(
                        Yamls.map(Yamls.list(Yamls.at(monitor, "spec.endpoints")).get(0)));
        endpoint.put("scrapeIntervall", "15s");
        Map<String, Object> spec = new LinkedHashMap<>(Yamls.map(monitor.get("spec")));
        spec.put("endpoints", List.of(endpoint));
        Map<String, Object> misspelt = new LinkedHashMap<>(monitor);
        misspelt.put("spec", spec);

        assertThat(PrometheusOperatorModels.parseServiceMonitor(monitor)).isNotNull();
        assertThatThrownBy(() -> PrometheusOperatorModels.parseServiceMonitor(misspelt))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("scrapeIntervall");
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

    /**
     * Actuator answers on its own port (management.server.port from the environment), which the
     * probes use and the public Service does not expose: /actuator/prometheus is not reachable
     * through the API's Service.
     */
    @ParameterizedTest
    @ValueSource(strings = {"writer-service", "leaderboard-query"})
    void actuatorIsOnAManagementPortThatThePublicServiceDoesNotExpose(String service) {
        for (String overlay : List.of("dev", "prod")) {
            V1Container container = container(overlay, service);
            int management = containerPort(container, "management");
            String managementEnv =
                    container.getEnv().stream()
                            .filter(e -> e.getName().equals("MANAGEMENT_SERVER_PORT"))
                            .map(V1EnvVar::getValue)
                            .findFirst()
                            .orElseThrow();

            assertThat(Integer.parseInt(managementEnv)).isEqualTo(management);
            assertThat(management).isNotEqualTo(containerPort(container, "http"));
            for (var probe :
                    List.of(
                            container.getStartupProbe(),
                            container.getReadinessProbe(),
                            container.getLivenessProbe())) {
                assertThat(probe.getHttpGet().getPort().toString()).isEqualTo("management");
            }
            V1Service publicService =
                    KubernetesModels.parse(
                            named(rendered(overlay), "Service", service), V1Service.class);
            assertThat(publicService.getSpec().getPorts())
                    .extracting(p -> p.getTargetPort().toString())
                    .containsExactly("http");
            Map<String, String> annotations =
                    deployment(overlay, service)
                            .getSpec()
                            .getTemplate()
                            .getMetadata()
                            .getAnnotations();
            assertThat(annotations).containsEntry("prometheus.io/port", String.valueOf(management));
        }
        assertThat(properties(service).binds("MANAGEMENT_SERVER_PORT")).isTrue();
    }

    /**
     * The HPA owns the replica count (a replicas field would reset it on every apply); replicas are
     * spread over nodes, and drains evict one at a time.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void everyAutoscaledDeploymentLeavesReplicasToItsHpaSpreadsOverNodesAndHasABudget(
            String overlay) {
        List<Map<String, Object>> objects = rendered(overlay);
        Set<String> scaled = new TreeSet<>();
        for (Map<String, Object> hpa : ofKind(objects, "HorizontalPodAutoscaler")) {
            String target =
                    KubernetesModels.parse(hpa, V2HorizontalPodAutoscaler.class)
                            .getSpec()
                            .getScaleTargetRef()
                            .getName();
            scaled.add(target);
            V1Deployment deployment = deployment(overlay, target);
            V1PodSpec pod = deployment.getSpec().getTemplate().getSpec();

            assertThat(deployment.getSpec().getReplicas()).as(target + " replicas").isNull();
            assertThat(pod.getTopologySpreadConstraints())
                    .as(target + " spread")
                    .anySatisfy(
                            c -> {
                                assertThat(c.getTopologyKey()).isEqualTo("kubernetes.io/hostname");
                                assertThat(c.getMaxSkew()).isEqualTo(1);
                                assertThat(c.getLabelSelector().getMatchLabels())
                                        .containsEntry("app.kubernetes.io/name", target);
                            });
            V1PodDisruptionBudget budget =
                    KubernetesModels.parse(
                            named(objects, "PodDisruptionBudget", target),
                            V1PodDisruptionBudget.class);
            assertThat(budget.getSpec().getSelector().getMatchLabels())
                    .containsEntry("app.kubernetes.io/name", target);
            assertThat(budget.getSpec().getMaxUnavailable().toString()).isEqualTo("1");
        }
        assertThat(scaled).containsExactlyInAnyOrderElementsOf(HTTP_SERVICES);
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
                        "leaderboard-cassandra-admin",
                        "leaderboard-feed-token");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void everyImageIsABuiltServiceAtTheProjectVersionOrAPinnedCassandra(String overlay) {
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
                    assertThat(image)
                            .as(
                                    workload.describe(container)
                                            + ": an exact release, no floating tag")
                            .isEqualTo(CASSANDRA_IMAGE)
                            .matches(".+:\\d+\\.\\d+\\.\\d+");
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
                    if (service.isPresent() && JVM_ENV.contains(variable)) {
                        continue;
                    } else if (service.isPresent()) {
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

    /**
     * The worker runs as a Deployment in its scheduled mode, passing every 2 s: no CronJob, whose
     * minute cadence and cold starts kept the snapshot lag above a minute and left nothing to
     * scrape. Two replicas share the boards, on different nodes, drained one at a time.
     */
    @Test
    void theSnapshotWorkersAreTwoScheduledWorkersPassingEveryTwoSecondsNotACronJob() {
        for (String overlay : List.of("dev", "prod")) {
            List<Map<String, Object>> objects = rendered(overlay);
            V1Deployment worker = deployment(overlay, "snapshot-worker");
            V1Container container = container(overlay, "snapshot-worker");
            String cron =
                    (String) configMapData(objects, "snapshot-worker-config").get("SNAPSHOT_CRON");
            LocalDateTime first =
                    CronExpression.parse(cron).next(LocalDateTime.of(2026, 1, 1, 0, 0));
            LocalDateTime second = CronExpression.parse(cron).next(first);

            assertThat(ofKind(objects, "CronJob")).isEmpty();
            assertThat(worker.getSpec().getReplicas()).isEqualTo(2);
            assertThat(worker.getSpec().getTemplate().getSpec().getTopologySpreadConstraints())
                    .anySatisfy(
                            c -> {
                                assertThat(c.getTopologyKey()).isEqualTo("kubernetes.io/hostname");
                                assertThat(c.getWhenUnsatisfiable()).isEqualTo("DoNotSchedule");
                            });
            assertThat(
                            KubernetesModels.parse(
                                            named(
                                                    objects,
                                                    "PodDisruptionBudget",
                                                    "snapshot-worker"),
                                            V1PodDisruptionBudget.class)
                                    .getSpec()
                                    .getMaxUnavailable()
                                    .toString())
                    .isEqualTo("1");
            assertThat(properties("snapshot-worker").binds("SNAPSHOT_SHARING_ENABLED"))
                    .as("sharing can be switched off without a rebuild")
                    .isTrue();
            assertThat(container.getArgs()).isNullOrEmpty();
            assertThat(Duration.between(first, second)).isEqualTo(Duration.ofSeconds(2));
            assertThat(properties("snapshot-worker").binds("SNAPSHOT_CRON")).isTrue();
            assertThat(container.getReadinessProbe().getHttpGet().getPort().toString())
                    .isEqualTo("management");
            assertThat(
                            worker.getSpec()
                                    .getStrategy()
                                    .getRollingUpdate()
                                    .getMaxUnavailable()
                                    .toString())
                    .as("a pass keeps running while a new worker starts")
                    .isEqualTo("0");
        }
    }

    /**
     * The API ports accept anyone; actuator only the monitoring namespace; out of the pods only
     * Cassandra's CQL port and DNS. In prod the Cassandra pods are cass-operator's, selected by
     * their datacenter.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void networkPoliciesOpenTheApiToAllActuatorToMonitoringAndEgressToCassandraAndDns(
            String overlay) {
        List<Map<String, Object>> objects = rendered(overlay);
        V1NetworkPolicy api = policy(objects, "leaderboard-api");
        V1NetworkPolicy management = policy(objects, "leaderboard-management");
        V1NetworkPolicy egress = policy(objects, "leaderboard-egress");

        assertThat(selected(api)).containsExactlyInAnyOrderElementsOf(HTTP_SERVICES);
        assertThat(api.getSpec().getIngress())
                .singleElement()
                .satisfies(
                        rule -> {
                            assertThat(rule.getFrom()).as("from anywhere").isNullOrEmpty();
                            assertThat(rule.getPorts())
                                    .extracting(p -> p.getPort().toString())
                                    .containsExactly("http");
                        });
        assertThat(selected(management)).containsExactlyInAnyOrderElementsOf(SERVICES.keySet());
        assertThat(management.getSpec().getIngress())
                .singleElement()
                .satisfies(
                        rule -> {
                            assertThat(rule.getFrom())
                                    .singleElement()
                                    .satisfies(
                                            peer ->
                                                    assertThat(
                                                                    peer.getNamespaceSelector()
                                                                            .getMatchLabels())
                                                            .containsEntry(
                                                                    "kubernetes.io/metadata.name",
                                                                    "monitoring"));
                            assertThat(rule.getPorts())
                                    .extracting(p -> p.getPort().toString())
                                    .containsExactly("management");
                        });
        for (String service : SERVICES.keySet()) {
            assertThat(containerPort(container(overlay, service), "management")).isPositive();
        }
        assertThat(selected(egress)).containsAll(SERVICES.keySet()).contains("leaderboard-schema");
        assertThat(egress.getSpec().getPolicyTypes()).containsExactly("Egress");
        assertThat(egress.getSpec().getEgress())
                .flatExtracting(rule -> rule.getPorts())
                .extracting(p -> p.getPort().toString())
                .containsExactlyInAnyOrder("9042", "53", "53");
        Map<String, String> cassandraPods =
                egress.getSpec()
                        .getEgress()
                        .get(0)
                        .getTo()
                        .get(0)
                        .getPodSelector()
                        .getMatchLabels();
        if (overlay.equals("prod")) {
            String dc = Yamls.name(firstOfKind(objects, "CassandraDatacenter"));
            assertThat(cassandraPods)
                    .containsExactly(Map.entry("cassandra.datastax.com/datacenter", dc));
        } else {
            Map<String, Object> statefulSet = named(objects, "StatefulSet", "cassandra");
            assertThat(Yamls.map(Yamls.at(statefulSet, "spec.template.metadata.labels")))
                    .containsAllEntriesOf(cassandraPods);
        }
    }

    /**
     * The writers' acknowledged-events feed: a container port of its own at writer.feed.port's
     * default, the pod's IP from the downward API as the host the writer publishes with it (a
     * variable its application.yml reads), no Service, and open only to the query pods, which may
     * reach it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void theWritersFeedIsOnItsOwnPortAtThePodsIpAndOpenOnlyToTheQueryPods(String overlay) {
        List<Map<String, Object>> objects = rendered(overlay);
        V1Container writer = container(overlay, "writer-service");
        V1EnvVar podIp =
                writer.getEnv().stream()
                        .filter(e -> e.getName().equals("POD_IP"))
                        .findFirst()
                        .orElseThrow();
        V1NetworkPolicy ingress = policy(objects, "leaderboard-writer-feed");
        V1NetworkPolicy egress = policy(objects, "leaderboard-query-to-writer-feed");
        Map<String, String> writers = Map.of("app.kubernetes.io/name", "writer-service");
        Map<String, String> queries = Map.of("app.kubernetes.io/name", "leaderboard-query");

        assertThat(containerPort(writer, "feed"))
                .isEqualTo(new FeedSettings(null, null, null, null, null, null, null).port());
        assertThat(podIp.getValueFrom().getFieldRef().getFieldPath()).isEqualTo("status.podIP");
        assertThat(properties("writer-service").binds("POD_IP")).isTrue();
        assertThat(ingress.getSpec().getPodSelector().getMatchLabels()).isEqualTo(writers);
        assertThat(ingress.getSpec().getPolicyTypes()).containsExactly("Ingress");
        assertThat(ingress.getSpec().getIngress())
                .singleElement()
                .satisfies(
                        rule -> {
                            assertThat(rule.getFrom())
                                    .singleElement()
                                    .satisfies(
                                            peer -> {
                                                assertThat(peer.getNamespaceSelector()).isNull();
                                                assertThat(peer.getPodSelector().getMatchLabels())
                                                        .isEqualTo(queries);
                                            });
                            assertThat(rule.getPorts())
                                    .extracting(p -> p.getPort().toString())
                                    .containsExactly("feed");
                        });
        assertThat(egress.getSpec().getPodSelector().getMatchLabels()).isEqualTo(queries);
        assertThat(egress.getSpec().getPolicyTypes()).containsExactly("Egress");
        assertThat(egress.getSpec().getEgress())
                .singleElement()
                .satisfies(
                        rule -> {
                            assertThat(rule.getTo())
                                    .singleElement()
                                    .satisfies(
                                            peer ->
                                                    assertThat(
                                                                    peer.getPodSelector()
                                                                            .getMatchLabels())
                                                            .isEqualTo(writers));
                            assertThat(rule.getPorts())
                                    .extracting(p -> p.getPort().toString())
                                    .containsExactly("feed");
                        });
        for (Map<String, Object> service : ofKind(objects, "Service")) {
            assertThat(KubernetesModels.parse(service, V1Service.class).getSpec().getPorts())
                    .as("Service " + Yamls.name(service))
                    .extracting(p -> String.valueOf(p.getTargetPort()))
                    .doesNotContain("feed", "8089");
        }
    }

    /**
     * The feed's token: the writer pods and the query pods read the same key of the same Secret
     * (optional, so a cluster without it still starts), each into the variable its application.yml
     * reads; the dev overlay generates that Secret.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void theWritersAndTheQueryPodsReadTheFeedsTokenFromOneSecret(String overlay) {
        V1EnvVar writerToken = env(container(overlay, "writer-service"), "WRITER_FEED_TOKEN");
        V1EnvVar queryToken = env(container(overlay, "leaderboard-query"), "QUERY_TAIL_FEED_TOKEN");

        String secret = writerToken.getValueFrom().getSecretKeyRef().getName();
        for (V1EnvVar token : List.of(writerToken, queryToken)) {
            assertThat(token.getValue()).isNull();
            assertThat(token.getValueFrom().getSecretKeyRef().getName()).isEqualTo(secret);
            assertThat(token.getValueFrom().getSecretKeyRef().getKey()).isEqualTo("token");
            assertThat(token.getValueFrom().getSecretKeyRef().getOptional()).isTrue();
        }
        assertThat(properties("writer-service").binds("WRITER_FEED_TOKEN")).isTrue();
        assertThat(properties("leaderboard-query").binds("QUERY_TAIL_FEED_TOKEN")).isTrue();
        if (overlay.equals("dev")) {
            // The generated Secret, under the name with its content hash the references now carry.
            assertThat(secret).startsWith("leaderboard-feed-token-");
            assertThat(ofKind(rendered(overlay), "Secret"))
                    .extracting(Yamls::name)
                    .contains(secret);
        } else {
            assertThat(secret).isEqualTo("leaderboard-feed-token");
        }
    }

    private static V1EnvVar env(V1Container container, String name) {
        return container.getEnv().stream()
                .filter(e -> e.getName().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError(container.getName() + " has no " + name));
    }

    /**
     * The JVM's fixed memory budgets (heap, metaspace, code cache, direct buffers) leave room in
     * the container's memory limit for thread stacks, GC structures and native allocations, so the
     * kernel does not kill the pod before the JVM reports an OutOfMemoryError.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void everyServicesJvmIsSizedToLeaveHeadroomInItsContainersMemoryLimit(String overlay) {
        for (String service : SERVICES.keySet()) {
            V1Container container = container(overlay, service);
            String options =
                    environment(rendered(overlay), container).contains("JAVA_TOOL_OPTIONS")
                            ? jvmOptions(overlay, service)
                            : "";
            long limitMib =
                    container.getResources().getLimits().get("memory").getNumber().longValue()
                            >> 20;
            long heap = mebibytes(options, "-Xmx");
            long fixed =
                    heap
                            + mebibytes(options, "-XX:MaxMetaspaceSize=")
                            + mebibytes(options, "-XX:ReservedCodeCacheSize=")
                            + mebibytes(options, "-XX:MaxDirectMemorySize=");

            assertThat(limitMib - fixed).as(service + " headroom (MiB)").isGreaterThanOrEqualTo(96);
            assertThat(heap).as(service + " heap (MiB)").isGreaterThanOrEqualTo(limitMib / 2);
            // A fixed heap, touched at start: one that G1 shrinks and grows again makes requests
            // fault in fresh pages (Performance, "a fixed heap").
            assertThat(mebibytes(options, "-Xms")).as(service + " initial heap").isEqualTo(heap);
            assertThat(options.split("\\s+")).as(service).contains("-XX:+AlwaysPreTouch");
        }
    }

    /**
     * The query service ranks newer snapshot heads at the lowest Java priority; only these flags
     * make that a nice value (10) on Linux, and they keep every other thread at 0: the same flags
     * as the local run and the benchmarks start it with.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void theQueryServiceRanksNewerHeadsAtALowerOsPriorityThanItsAnswers(String overlay) {
        List<String> options = List.of(jvmOptions(overlay, "leaderboard-query").split("\\s+"));

        assertThat(options).containsAll(ServiceJvm.PRIORITIES);
    }

    /** With the request-rate component, the writer scales on requests per pod as well as CPU. */
    @Test
    void theRequestRateComponentScalesTheWriterOnRequestsPerPodBesideCpu() {
        V2HorizontalPodAutoscaler writer =
                KubernetesModels.parse(
                        named(
                                rendered("prod-monitoring"),
                                "HorizontalPodAutoscaler",
                                "writer-service"),
                        V2HorizontalPodAutoscaler.class);
        V2HorizontalPodAutoscaler base =
                KubernetesModels.parse(
                        named(rendered("prod"), "HorizontalPodAutoscaler", "writer-service"),
                        V2HorizontalPodAutoscaler.class);

        assertThat(base.getSpec().getMetrics())
                .extracting(m -> m.getType())
                .containsExactly("Resource");
        assertThat(writer.getSpec().getMetrics())
                .extracting(m -> m.getType())
                .containsExactly("Resource", "Pods");
        assertThat(writer.getSpec().getMetrics().get(1).getPods().getMetric().getName())
                .isEqualTo("http_server_requests_per_second");
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

    private static V1Deployment deployment(String overlay, String name) {
        return KubernetesModels.parse(
                named(rendered(overlay), "Deployment", name), V1Deployment.class);
    }

    private static V1Container container(String overlay, String name) {
        return deployment(overlay, name).getSpec().getTemplate().getSpec().getContainers().get(0);
    }

    private static int containerPort(V1Container container, String portName) {
        return container.getPorts().stream()
                .filter(p -> portName.equals(p.getName()))
                .map(V1ContainerPort::getContainerPort)
                .findFirst()
                .orElseThrow(
                        () -> new AssertionError(container.getName() + " has no port " + portName));
    }

    private static V1NetworkPolicy policy(List<Map<String, Object>> objects, String name) {
        return KubernetesModels.parse(named(objects, "NetworkPolicy", name), V1NetworkPolicy.class);
    }

    private static List<String> selected(V1NetworkPolicy policy) {
        return policy.getSpec().getPodSelector().getMatchExpressions().get(0).getValues();
    }

    private static String jvmOptions(String overlay, String service) {
        return (String)
                configMapData(rendered(overlay), service + "-config").get("JAVA_TOOL_OPTIONS");
    }

    /** The size a JVM option gives, in MiB ({@code -Xmx384m}, {@code -XX:...=1g}); 0 if absent. */
    private static long mebibytes(String options, String option) {
        Matcher size =
                Pattern.compile("(?:^|\\s)" + Pattern.quote(option) + "(\\d+)([kKmMgG])")
                        .matcher(options);
        if (!size.find()) {
            throw new AssertionError(option + " is not set in JAVA_TOOL_OPTIONS: " + options);
        }
        long value = Long.parseLong(size.group(1));
        return switch (Character.toLowerCase(size.group(2).charAt(0))) {
            case 'k' -> value / 1024;
            case 'g' -> value * 1024;
            default -> value;
        };
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
