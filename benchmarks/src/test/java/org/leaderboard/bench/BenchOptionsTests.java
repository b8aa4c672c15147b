package org.leaderboard.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class BenchOptionsTests {

    @Test
    void theFullRunHasTheDocumentedSizes() {
        BenchOptions options = BenchOptions.parse();

        assertThat(options.quick()).isFalse();
        assertThat(options.users()).containsExactly(10_000, 100_000, 1_000_000);
        assertThat(options.tailEvents()).isEqualTo(100_000);
        assertThat(options.newEvents()).isEqualTo(100_000);
        assertThat(options.historyFactor()).isEqualTo(10);
        assertThat(options.out()).isEqualTo(Path.of("target/bench.json"));
        assertThat(options.scenarios()).containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6, 7);
        assertThat(options.writeRates())
                .containsExactly(0, 1_000, 5_000, BenchOptions.HELD, BenchOptions.FLAT_OUT);
    }

    @Test
    void writeRatesStartAtZeroAndMaxIsFlatOut() {
        assertThat(BenchOptions.parse("--rates", "0, 1_000,max").writeRates())
                .containsExactly(0, 1_000, BenchOptions.FLAT_OUT);
        assertThat(BenchOptions.parse("--rates", "0,held").writeRates())
                .containsExactly(0, BenchOptions.HELD);
        assertThatThrownBy(() -> BenchOptions.parse("--rates", "1000,0"))
                .hasMessageContaining("--rates must start with 0");
        assertThatThrownBy(() -> BenchOptions.parse("--rates", "0,-5"))
                .hasMessageContaining("--rates must be a positive integer, was '-5'");
    }

    @Test
    void quickShrinksEverythingAndOtherOptionsStillOverride() {
        BenchOptions options =
                BenchOptions.parse("--quick", "--users", "3000, 1000", "--out", "x.json");

        assertThat(options.quick()).isTrue();
        assertThat(options.users()).containsExactly(1_000, 3_000);
        assertThat(options.largestBoard()).isEqualTo(3_000);
        assertThat(options.out()).isEqualTo(Path.of("x.json"));
        assertThat(options.writeDuration()).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void durationsAndScenariosAreParsed() {
        BenchOptions options =
                BenchOptions.parse(
                        "--duration", "30s", "--query-duration", "500ms", "--scenarios", "1,2");

        assertThat(options.writeDuration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(options.queryDuration()).isEqualTo(Duration.ofMillis(500));
        assertThat(options.runs(1)).isTrue();
        assertThat(options.runs(3)).isFalse();
        assertThat(options.jfr()).isFalse();
        assertThat(BenchOptions.parse("--jfr", "--quick").jfr()).isTrue();
    }

    @Test
    void badOptionsSayWhatIsWrong() {
        assertThatThrownBy(() -> BenchOptions.parse("--users", "ten"))
                .hasMessageContaining("--users must be a positive integer, was 'ten'");
        assertThatThrownBy(() -> BenchOptions.parse("--fast"))
                .hasMessageContaining("--fast needs a value");
        assertThatThrownBy(() -> BenchOptions.parse("--fast", "1"))
                .hasMessageContaining("unknown option --fast");
        assertThatThrownBy(() -> BenchOptions.parse("--scenarios", "8"))
                .hasMessageContaining("--scenarios takes numbers 1 to 7");
        assertThatThrownBy(() -> BenchOptions.parse("--duration", "soon"))
                .hasMessageContaining("--duration must be a duration like 20s");
    }
}
