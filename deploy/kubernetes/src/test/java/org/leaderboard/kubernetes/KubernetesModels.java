package org.leaderboard.kubernetes;

import com.google.gson.Gson;
import io.kubernetes.client.openapi.JSON;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1CronJob;
import io.kubernetes.client.openapi.models.V1Deployment;
import io.kubernetes.client.openapi.models.V1Job;
import io.kubernetes.client.openapi.models.V1Namespace;
import io.kubernetes.client.openapi.models.V1NetworkPolicy;
import io.kubernetes.client.openapi.models.V1PodDisruptionBudget;
import io.kubernetes.client.openapi.models.V1Secret;
import io.kubernetes.client.openapi.models.V1Service;
import io.kubernetes.client.openapi.models.V1StatefulSet;
import io.kubernetes.client.openapi.models.V2HorizontalPodAutoscaler;
import java.util.Map;

/**
 * Parses rendered objects into the official Kubernetes Java client's typed models (client-java-api
 * 24, generated from the OpenAPI schema of Kubernetes 1.32). The client's generated type adapters
 * check every object against that schema as they read it: a field the API does not define (a typo,
 * a field at the wrong level) or a missing required field fails.
 */
final class KubernetesModels {

    /** The built-in kinds these manifests may use, by apiVersion and kind. */
    private static final Map<String, Class<?>> TYPES =
            Map.ofEntries(
                    Map.entry("v1/Namespace", V1Namespace.class),
                    Map.entry("v1/ConfigMap", V1ConfigMap.class),
                    Map.entry("v1/Secret", V1Secret.class),
                    Map.entry("v1/Service", V1Service.class),
                    Map.entry("apps/v1/Deployment", V1Deployment.class),
                    Map.entry("apps/v1/StatefulSet", V1StatefulSet.class),
                    Map.entry("batch/v1/Job", V1Job.class),
                    Map.entry("batch/v1/CronJob", V1CronJob.class),
                    Map.entry("policy/v1/PodDisruptionBudget", V1PodDisruptionBudget.class),
                    Map.entry("networking.k8s.io/v1/NetworkPolicy", V1NetworkPolicy.class),
                    Map.entry(
                            "autoscaling/v2/HorizontalPodAutoscaler",
                            V2HorizontalPodAutoscaler.class));

    private static final Gson PLAIN = new Gson();

    private KubernetesModels() {}

    static boolean isBuiltIn(Map<String, Object> object) {
        return TYPES.containsKey(typeKey(object));
    }

    /** The object as its typed model; fails on an unknown kind or a schema violation. */
    static Object parse(Map<String, Object> object) {
        Class<?> type = TYPES.get(typeKey(object));
        if (type == null) {
            throw new AssertionError("not a kind these manifests may use: " + typeKey(object));
        }
        return parse(object, type);
    }

    /** Any part of a manifest (a whole object, a pod spec, a volume claim) as the given model. */
    static <T> T parse(Object yaml, Class<T> type) {
        String json = PLAIN.toJson(yaml);
        try {
            return JSON.getGson().fromJson(json, type);
        } catch (RuntimeException e) {
            throw new AssertionError(
                    "not a valid " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    private static String typeKey(Map<String, Object> object) {
        return object.get("apiVersion") + "/" + object.get("kind");
    }
}
