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
}
