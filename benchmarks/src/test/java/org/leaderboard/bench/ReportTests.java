package org.leaderboard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTests {

    @Test
    void theTableAndTheJsonHoldEveryFigureWithItsVerdict(@TempDir Path dir) throws Exception {
        Report report = new Report();
        report.run.put("mode", "full");
        report.figures.add(
                Figure.compared(
                        "1 write path",
                        "writer API, batch of 100",
                        "votes/s",
                        new Measurement(20_000, 1, 200, 0, 3.5, 12.0),
                        20_000,
                        "raw driver async INSERT",
                        30_000,
                        Target.atLeast(0.5),
                        null));
        report.figures.add(
                Figure.notAvailable(
                        "4 queries",
                        "top-100, bounded staleness",
                        "p50 ms",
                        Target.atMost(5),
                        "not offered yet"));
        report.scaling.add(
                new ScalingRow(
                        10_000, 100_000, 800, 12_500, 900, 80.0, 40, 90, 20, 41, 95, 19, null, null,
                        0.2, 0.05));

        ByteArrayOutputStream text = new ByteArrayOutputStream();
        report.print(new PrintStream(text, true, StandardCharsets.UTF_8));
        Path json = dir.resolve("out/bench.json");
        report.write(json);

        assertThat(text.toString(StandardCharsets.UTF_8))
                .contains(
                        "writer API, batch of 100",
                        "20,000",
                        "0.67x",
                        ">= 0.5x",
                        "PASS",
                        "NOT AVAILABLE",
                        "5 scaling curve",
                        "n/a");
        JsonNode root = new ObjectMapper().readTree(json.toFile());
        assertThat(root.path("figures").get(0).path("ratio").asDouble())
                .isEqualTo(20_000 / 30_000.0);
        assertThat(root.path("figures").get(1).path("verdict").asText()).isEqualTo("NOT AVAILABLE");
        assertThat(root.path("scaling").get(0).path("users").asLong()).isEqualTo(10_000);
        assertThat(root.path("run").path("mode").asText()).isEqualTo("full");
    }
}
