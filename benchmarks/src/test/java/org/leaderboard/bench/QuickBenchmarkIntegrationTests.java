package org.leaderboard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The smoke test of the harness: {@code --quick} starts a real Cassandra node, the writer and query
 * services from their jars and redis-server (installed with apt-get if missing; the test fails, not
 * skips, when that is impossible), runs every scenario at tiny sizes and must produce a complete
 * report. No timing is asserted: the numbers of a quick run on a CI machine mean nothing.
 */
class QuickBenchmarkIntegrationTests {

    @Test
    void aQuickRunReportsEveryScenarioWithItsBaselinesAndTargets() throws Exception {
        Path out = Path.of("target", "bench-quick.json").toAbsolutePath();

        Report report = Benchmarks.run(BenchOptions.parse("--quick", "--out", out.toString()));

        assertThat(report.failures).isEmpty();
        JsonNode json = new ObjectMapper().readTree(out.toFile());
        List<String> scenarios = new ArrayList<>();
        for (JsonNode figure : json.path("figures")) {
            scenarios.add(figure.path("scenario").asText());
            boolean available = !"NOT AVAILABLE".equals(figure.path("verdict").asText());
            assertThat(figure.path("value").isNumber())
                    .as("value of %s", figure.path("name").asText())
                    .isEqualTo(available);
            if (!figure.path("target").isNull()) {
                assertThat(figure.path("verdict").asText()).isIn("PASS", "MISS", "NOT AVAILABLE");
            }
        }
        assertThat(scenarios)
                .contains(
                        WritePathScenarios.WRITE,
                        WritePathScenarios.CONTENTION,
                        SnapshotScenario.NAME,
                        QueryScenarios.QUERIES,
                        QueryScenarios.TAIL,
                        ReadsUnderWrites.NAME,
                        TailRankingReplay.NAME);
        assertThat(json.path("figures").findValuesAsText("target"))
                .contains(">= 1.0x", ">= 1.5x", ">= 0.4x", ">= 0.9x", "<= 1.2x", "<= 5.0x");
        // Scenario 6's search for the highest rate held, with the probes it ran; a row at that
        // rate when one held.
        JsonNode held = null;
        for (JsonNode figure : json.path("figures")) {
            if (figure.path("name")
                    .asText()
                    .equals("the highest write rate held with read-your-writes reads served")) {
                held = figure;
            }
        }
        assertThat(held).isNotNull();
        assertThat(held.path("note").asText()).contains("probes: [250 votes/s: ");
        int rows = held.path("value").asInt() > 0 ? 4 : 3;
        // Scenario 6's floor under a strong query, measured at every rate (0, 200, the highest
        // held, flat out).
        // ... the same requests without the held rows (what they cost the replicas), and the load
        // generator's CPU beside the query service's and Cassandra's.
        List<Double> roundTrips = new ArrayList<>();
        List<JsonNode> unheld = new ArrayList<>();
        List<JsonNode> generatorCpu = new ArrayList<>();
        for (JsonNode figure : json.path("figures")) {
            String name = figure.path("name").asText();
            if (name.startsWith("the replicas' round trip without the held rows")) {
                unheld.add(figure);
            } else if (name.startsWith("the replicas' round trip")) {
                roundTrips.add(figure.path("value").asDouble());
            }
            if (figure.path("name").asText().startsWith("load generator's CPU")) {
                generatorCpu.add(figure);
            }
        }
        assertThat(roundTrips).hasSize(rows).allSatisfy(p50 -> assertThat(p50).isPositive());
        assertThat(unheld)
                .hasSize(rows)
                .allSatisfy(
                        figure -> {
                            assertThat(figure.path("value").asDouble()).isPositive();
                            assertThat(figure.path("baseline").asText())
                                    .isEqualTo("the replicas' round trip p50");
                            assertThat(figure.path("note").asText())
                                    .contains(TailLags.HELD_LAG.toMillis() + " ms");
                        });
        assertThat(generatorCpu)
                .hasSize(rows)
                .allSatisfy(
                        figure -> {
                            assertThat(figure.path("value").asDouble()).isBetween(0.0, 100.0);
                            assertThat(figure.path("note").asText())
                                    .contains("query service ")
                                    .contains("Cassandra ")
                                    .endsWith("of the machine");
                        });
        assertThat(json.path("scaling").findValuesAsText("users")).containsExactly("1000", "2000");
        assertThat(json.path("run").path("redisVersion").asText()).isNotBlank();
    }
}
