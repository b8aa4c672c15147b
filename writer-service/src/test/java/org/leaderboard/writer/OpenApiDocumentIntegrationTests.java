package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.leaderboard.testsupport.OpenApiDocuments;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;

/**
 * The command API's OpenAPI document lists every endpoint the controllers serve, each described
 * with examples, and it and Swagger UI open without credentials (commands still need them).
 */
class OpenApiDocumentIntegrationTests extends WriterIntegrationTestBase {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @Test
    void theDocumentListsEveryEndpointTheControllersServe() throws Exception {
        JsonNode document = document();

        assertThat(OpenApiDocuments.servedByWebFlux(mappings))
                .contains(
                        "POST /boards",
                        "GET /boards",
                        "GET /boards/{board}",
                        "POST /boards/{board}/close",
                        "POST /boards/{board}/reopen",
                        "POST /boards/{board}/votes",
                        "POST /boards/{board}/votes/batch",
                        "POST /boards/{board}/votes/{voteId}/retraction");
        assertThat(OpenApiDocuments.documented(document))
                .isEqualTo(OpenApiDocuments.servedByWebFlux(mappings));
    }

    @Test
    void everyEndpointParameterAndResponseHasADescriptionAndAnExample() throws Exception {
        JsonNode document = document();

        assertThat(OpenApiDocuments.gaps(document)).isEmpty();
        JsonNode refused =
                document.at("/paths/~1boards~1{board}~1votes/post/responses/422/content");
        assertThat(refused.at("/application~1problem+json/examples").fieldNames())
                .toIterable()
                .containsExactly(
                        "Vote outside the write window", "Board closed", "Vote not counted");
        JsonNode notRetracted =
                document.at(
                        "/paths/~1boards~1{board}~1votes~1{voteId}~1retraction/post/responses/422"
                                + "/content/application~1problem+json/examples");
        assertThat(notRetracted.fieldNames())
                .toIterable()
                .containsExactly("Vote not counted", "Not retractable");
        assertThat(document.at("/security").toString()).doesNotContain("{}");
    }

    @Test
    void swaggerUiOpensWithoutCredentials() throws Exception {
        HttpResponse<String> ui = open("/swagger-ui/index.html");
        assertThat(ui.statusCode()).isEqualTo(200);
        assertThat(ui.body()).contains("swagger-ui");
        assertThat(open("/swagger-ui.html").statusCode()).isEqualTo(302);
        assertThat(open("/boards").statusCode()).as("other paths still need a key").isEqualTo(401);
    }

    private JsonNode document() throws IOException, InterruptedException {
        HttpResponse<String> answer = open("/v3/api-docs");
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        // Kept for reading (and for client generators) without starting the service.
        Files.writeString(Path.of("target", "openapi.json"), answer.body());
        return new ObjectMapper().readTree(answer.body());
    }

    private HttpResponse<String> open(String path) throws IOException, InterruptedException {
        return HTTP.send(
                // A request left unanswered fails the test instead of hanging the build.
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
