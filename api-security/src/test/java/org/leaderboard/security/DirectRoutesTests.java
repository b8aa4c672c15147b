package org.leaderboard.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which {@code Accept} headers a direct route answers with JSON, and which it leaves to the full
 * chain's content negotiation (the services write JSON first, and also YAML and other {@code
 * application/...+json} types).
 */
class DirectRoutesTests {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "*/*",
                "application/json",
                "Application/JSON",
                "application/*",
                "application/json;q=0.9",
                "application/json; q=0.5",
                "*/*;q=0.8",
                "application/json, text/plain, */*",
                "text/html, */*;q=0.8",
                "application/json, application/yaml;q=0.5",
                "application/yaml;q=0.5, */*",
                "application/*;q=0.5, application/json;q=0.9",
                "image/webp, application/json;q=0.2",
                "application/json;Q=1.000"
            })
    void takesJsonPreferredToWhatElseTheServicesWrite(String accept) {
        assertThat(DirectRoutes.takesJson(accept)).as(accept).isTrue();
    }

    @Test
    void takesARequestWithoutAccept() {
        assertThat(DirectRoutes.takesJson(null)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "text/html",
                "application/yaml",
                "application/xml, application/json",
                "application/yaml, application/json",
                "application/json;q=0.5, application/yaml;q=0.5",
                "application/problem+json, application/json",
                "application/json;q=0",
                "application/json;q=0, */*",
                "*/*;q=0",
                "application/*;q=0.9, application/json;q=0.1",
                "*/*, application/json;q=0.5",
                "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
                "application/json;charset=UTF-8",
                "application/json;q=high",
                "application/json;q=1.5",
                "application/json;q=0.1234",
                "json",
                "application/",
                "*/json"
            })
    void leavesEverythingElseToTheChain(String accept) {
        assertThat(DirectRoutes.takesJson(accept)).as(accept).isFalse();
    }
}
