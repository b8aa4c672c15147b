package org.leaderboard.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.kubernetes.client.openapi.models.V1PersistentVolumeClaimSpec;
import io.kubernetes.client.openapi.models.V1ResourceRequirements;
import java.util.Map;
import java.util.Set;

/**
 * Checks a cass-operator {@code CassandraDatacenter}. It is a custom resource, so the Kubernetes
 * client has no model for it, and cass-operator's CRD is not published on Maven Central or npm:
 * instead of its schema, these rules check the fields the CRD requires (clusterName, serverType,
 * serverVersion, size), reject spec fields these manifests do not mean to use (so a typo fails, as
 * the API server's pruning would silently drop it), and parse the embedded Kubernetes types (volume
 * claim, resources) into the client's typed models.
 */
final class CassandraDatacenterRules {

    static final String API_VERSION = "cassandra.datastax.com/v1beta1";

    private static final Set<String> SPEC_FIELDS =
            Set.of(
                    "clusterName",
                    "serverType",
                    "serverVersion",
                    "size",
                    "racks",
                    "superuserSecretName",
                    "users",
                    "storageConfig",
                    "resources",
                    "config");

    private CassandraDatacenterRules() {}

    static void check(Map<String, Object> datacenter) {
        assertThat(datacenter.get("apiVersion")).isEqualTo(API_VERSION);
        assertThat(Yamls.map(datacenter.get("metadata"))).containsKey("name");
        Map<String, Object> spec = Yamls.map(datacenter.get("spec"));
        assertThat(SPEC_FIELDS).as("known spec fields").containsAll(spec.keySet());
        assertThat(spec.get("clusterName")).isInstanceOf(String.class);
        assertThat(spec.get("serverType")).isEqualTo("cassandra");
        assertThat(String.valueOf(spec.get("serverVersion"))).matches("5\\.0\\.\\d+");
        assertThat(spec.get("size")).isInstanceOf(Integer.class);
        for (Object rack : Yamls.list(spec.getOrDefault("racks", java.util.List.of()))) {
            assertThat(Yamls.map(rack).keySet()).containsExactly("name");
        }
        for (Object user : Yamls.list(spec.getOrDefault("users", java.util.List.of()))) {
            assertThat(Yamls.map(user).keySet()).containsOnly("secretName", "superuser");
        }
        Map<String, Object> storage = Yamls.map(spec.get("storageConfig"));
        assertThat(storage.keySet()).containsExactly("cassandraDataVolumeClaimSpec");
        KubernetesModels.parse(
                storage.get("cassandraDataVolumeClaimSpec"), V1PersistentVolumeClaimSpec.class);
        V1ResourceRequirements resources =
                KubernetesModels.parse(spec.get("resources"), V1ResourceRequirements.class);
        assertThat(resources.getRequests()).containsKeys("cpu", "memory");
        assertThat(resources.getLimits()).containsKeys("cpu", "memory");
    }

    static int size(Map<String, Object> datacenter) {
        return (Integer) Yamls.at(datacenter, "spec.size");
    }
}
