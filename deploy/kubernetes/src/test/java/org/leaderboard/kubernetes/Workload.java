package org.leaderboard.kubernetes;

import io.kubernetes.client.openapi.models.V1Container;
import io.kubernetes.client.openapi.models.V1CronJob;
import io.kubernetes.client.openapi.models.V1Deployment;
import io.kubernetes.client.openapi.models.V1Job;
import io.kubernetes.client.openapi.models.V1PodSpec;
import io.kubernetes.client.openapi.models.V1StatefulSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** An object that runs pods, with its pod spec. Jobs and CronJobs run to completion. */
record Workload(String kind, String name, V1PodSpec pod) {

    static Optional<Workload> of(Object model) {
        if (model instanceof V1Deployment d) {
            return Optional.of(
                    new Workload(
                            "Deployment",
                            d.getMetadata().getName(),
                            d.getSpec().getTemplate().getSpec()));
        }
        if (model instanceof V1StatefulSet s) {
            return Optional.of(
                    new Workload(
                            "StatefulSet",
                            s.getMetadata().getName(),
                            s.getSpec().getTemplate().getSpec()));
        }
        if (model instanceof V1Job j) {
            return Optional.of(
                    new Workload(
                            "Job", j.getMetadata().getName(), j.getSpec().getTemplate().getSpec()));
        }
        if (model instanceof V1CronJob c) {
            return Optional.of(
                    new Workload(
                            "CronJob",
                            c.getMetadata().getName(),
                            c.getSpec().getJobTemplate().getSpec().getTemplate().getSpec()));
        }
        return Optional.empty();
    }

    boolean runsToCompletion() {
        return kind.equals("Job") || kind.equals("CronJob");
    }

    List<V1Container> allContainers() {
        List<V1Container> all = new ArrayList<>(pod.getContainers());
        if (pod.getInitContainers() != null) {
            all.addAll(pod.getInitContainers());
        }
        return all;
    }

    String describe(V1Container container) {
        return kind + " " + name + ", container " + container.getName();
    }
}
