package org.leaderboard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How the harness tells whether the query service offers the bounded-staleness mode. */
class QueryClientTests {

    @Test
    void aRefusedParameterMeansNotAvailable() {
        assertThat(QueryClient.eventualUnsupported(400, "{\"detail\":\"consistency\"}"))
                .hasValueSatisfying(why -> assertThat(why).contains("answered 400"));
    }

    @Test
    void anIgnoredParameterMeansNotAvailable() {
        assertThat(QueryClient.eventualUnsupported(200, "{\"board\":\"b\",\"entries\":[]}"))
                .hasValueSatisfying(why -> assertThat(why).contains("was ignored"));
    }

    @Test
    void anAnswerThatSaysItsModeOrStalenessIsSupported() {
        assertThat(QueryClient.eventualUnsupported(200, "{\"consistency\":\"EVENTUAL\"}"))
                .isEmpty();
        assertThat(QueryClient.eventualUnsupported(200, "{\"stalenessMillis\":120}")).isEmpty();
    }

    @Test
    void theProgressLineSaysHowOldABoundedStalenessAnswerIs() {
        assertThat(
                        ReadsUnderWrites.staleness(
                                new QueryClient.Answer(
                                        200, "{\"board\":\"b\",\"stalenessMillis\":102893}")))
                .isEqualTo("an eventual top-100 after them 102893 ms stale");
        assertThat(ReadsUnderWrites.staleness(new QueryClient.Answer(503, "{}")))
                .isEqualTo("an eventual top-100 after them answered 503");
        assertThat(ReadsUnderWrites.staleness(new QueryClient.Answer(200, "{\"board\":\"b\"}")))
                .endsWith("without stalenessMillis");
    }
}
