package org.leaderboard.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Grafana dashboard shows only series the services really export: every metric name in its
 * PromQL is one the services register (read from their sources) or Spring Boot binds, with
 * Micrometer's Prometheus suffixes. A renamed meter fails here instead of leaving an empty panel.
 */
class GrafanaDashboardTests {

    private static final Path DASHBOARD =
            Kustomize.ROOT.resolve("components/monitoring/leaderboard-dashboard.json");
    private static final Pattern LABEL_VALUES =
            Pattern.compile("label_values\\(\\s*([a-zA-Z_:][a-zA-Z0-9_:]*)");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Set<String> exported;

    @BeforeAll
    static void readTheServicesMeters() {
        Path root = Path.of(System.getProperty("project.root", "../.."));
        exported =
                ExportedMetrics.of(root, "writer-service", "leaderboard-query", "snapshot-worker");
    }

    @Test
    void everyMetricTheDashboardQueriesIsOneTheServicesExport() throws IOException {
        List<String> expressions = expressions(JSON.readTree(DASHBOARD.toFile()));
        Set<String> queried = new TreeSet<>();
        expressions.forEach(e -> queried.addAll(metricNames(e)));

        assertThat(expressions).hasSizeGreaterThan(15);
        assertThat(queried)
                .contains(
                        "votes_accepted_total",
                        "votes_refused_total",
                        "snapshot_lag_seconds",
                        "leaderboard_tail_events_count",
                        "http_server_requests_seconds_count",
                        "jvm_memory_used_bytes");
        assertThat(exported).containsAll(queried);
    }

    @Test
    void theCheckFindsAMetricNoServiceExports() {
        assertThat(
                        metricNames(
                                "sum by (status) (rate(votes_acepted_total{namespace=\"$namespace\"}[$__rate_interval]))"))
                .containsExactly("votes_acepted_total");
        assertThat(exported).doesNotContain("votes_acepted_total", "snapshot_lag");
        assertThat(exported).contains("votes_batch_size_votes_count", "snapshot_passes_total");
    }

    @Test
    void theMonitoringComponentShipsTheSameDashboardToGrafanasSidecar() throws IOException {
        Map<String, Object> configMap =
                Kustomize.render("prod-monitoring").stream()
                        .filter(o -> Yamls.name(o).equals("leaderboard-grafana-dashboard"))
                        .findFirst()
                        .orElseThrow();

        assertThat(Yamls.map(Yamls.at(configMap, "metadata.labels")))
                .containsEntry("grafana_dashboard", "1");
        assertThat(
                        JSON.readTree(
                                (String)
                                        Yamls.map(configMap.get("data"))
                                                .get("leaderboard-dashboard.json")))
                .isEqualTo(JSON.readTree(Files.readString(DASHBOARD)));
    }

    private static Set<String> metricNames(String expression) {
        Matcher labelValues = LABEL_VALUES.matcher(expression);
        return labelValues.find() ? Set.of(labelValues.group(1)) : PromQl.metricNames(expression);
    }

    /** Every panel target's expr and every templating query, anywhere in the dashboard. */
    private static List<String> expressions(JsonNode dashboard) {
        List<String> expressions = new ArrayList<>();
        for (JsonNode panel : dashboard.findValues("targets")) {
            panel.forEach(target -> expressions.add(target.path("expr").asText()));
        }
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            JsonNode query = variable.path("query");
            String text = query.isObject() ? query.path("query").asText() : query.asText();
            if (text.contains("(")) {
                expressions.add(text);
            }
        }
        return expressions;
    }
}
