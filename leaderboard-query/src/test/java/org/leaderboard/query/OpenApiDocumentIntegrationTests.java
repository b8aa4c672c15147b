package org.leaderboard.query;

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
import org.junit.jupiter.api.Test;
import org.leaderboard.testsupport.OpenApiDocuments;
import org.leaderboard.testsupport.TestCassandra;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * The query API's OpenAPI document lists every endpoint the controllers serve, each described with
 * examples, and it and Swagger UI open without a key even when reads need one.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "api.security.query-public=false",
            "api.security.keys[0].name=dashboard",
            "api.security.keys[0].key=docs-reader-key-0123456789",
            "api.security.keys[0].roles=READER"
        })
class OpenApiDocumentIntegrationTests {

    private static final String KEYSPACE = TestCassandra.shared().newKeyspace("querydocs");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestCassandra.shared()
                .springProperties(KEYSPACE)
                .forEach((key, value) -> registry.add(key, () -> value));
    }

    @LocalServerPort int port;

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @Test
    void theDocumentListsEveryEndpointTheControllersServe() throws Exception {
        JsonNode document = document();

        assertThat(OpenApiDocuments.served(mappings))
                .contains(
                        "GET /boards/{board}/leaderboard",
                        "GET /boards/{board}/users/{user}",
                        "GET /boards",
                        "GET /boards/{board}/live",
                        "GET /boards/{board}/chart",
                        "GET /boards/{board}");
        assertThat(OpenApiDocuments.documented(document))
                .isEqualTo(OpenApiDocuments.served(mappings));
    }

    @Test
    void everyEndpointParameterAndResponseHasADescriptionAndAnExample() throws Exception {
        JsonNode document = document();

        assertThat(OpenApiDocuments.gaps(document)).isEmpty();
        JsonNode notFound =
                document.at("/paths/~1boards~1{board}~1users~1{user}/get/responses/404/content");
        assertThat(notFound.at("/application~1problem+json/examples").fieldNames())
                .toIterable()
                .containsExactly("Unknown board", "Unknown user");
        assertThat(document.at("/components/securitySchemes/apiKey/name").asText())
                .isEqualTo("X-API-Key");
    }

    @Test
    void swaggerUiOpensWithoutAKey() throws Exception {
        HttpResponse<String> redirect = get("/swagger-ui.html");
        assertThat(redirect.statusCode()).isEqualTo(302);
        assertThat(redirect.headers().firstValue("Location"))
                .hasValueSatisfying(
                        location -> assertThat(location).contains("/swagger-ui/index.html"));

        HttpResponse<String> ui = get("/swagger-ui/index.html");
        assertThat(ui.statusCode()).isEqualTo(200);
        assertThat(ui.body()).contains("swagger-ui");
        assertThat(get("/v3/api-docs/swagger-config").body()).contains("/v3/api-docs");
        assertThat(get("/boards").statusCode()).as("the data still needs a key").isEqualTo(401);
    }

    private JsonNode document() throws IOException, InterruptedException {
        HttpResponse<String> answer = get("/v3/api-docs");
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        // Kept for reading (and for client generators) without starting the service.
        Files.writeString(Path.of("target", "openapi.json"), answer.body());
        return new ObjectMapper().readTree(answer.body());
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
