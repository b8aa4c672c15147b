package org.leaderboard.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.query.web.DirectReadRoute;
import org.leaderboard.testsupport.TestTokens;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The query API with {@code api.security.query-public=false}: reads need the READER role (ADMIN
 * implies it), by API key or bearer token; probes stay open. (That reads are public by default is
 * what {@link LeaderboardQueryIntegrationTests} relies on throughout.)
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "api.security.query-public=false",
            "api.security.keys[0].name=dashboard",
            "api.security.keys[0].key=" + QuerySecurityIntegrationTests.READER_KEY,
            "api.security.keys[0].roles=READER",
            "api.security.keys[1].name=voting-app",
            "api.security.keys[1].key=" + QuerySecurityIntegrationTests.VOTER_KEY,
            "api.security.keys[1].roles=VOTER"
        })
class QuerySecurityIntegrationTests {

    static final String READER_KEY = "reader-key-0123456789abcdef";
    static final String VOTER_KEY = "voter-key-0123456789abcdef";
    private static final QueryStore STORE = new QueryStore("querysec");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String LEADERBOARD = "/boards/guarded/leaderboard";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        STORE.register(registry);
        registry.add(
                "spring.security.oauth2.resourceserver.jwt.public-key-location",
                TestTokens::publicKeyLocation);
    }

    @BeforeAll
    static void oneVote() {
        STORE.guardedBoardWithOneVote();
    }

    @AfterAll
    static void closeSession() {
        STORE.close();
    }

    @LocalServerPort int port;

    @Autowired ApplicationContext context;

    /**
     * The security chain runs without the cache of Spring MVC's handler lookup that Spring Security
     * puts in front of it (nothing here reads it, and filling it looked every request's handler up
     * once more): the chain registered is Spring Security's own, not that wrapper. Fails if a
     * Spring Security upgrade changes how that cache is wrapped around the chain, so that it is
     * back in front of every request.
     */
    @Test
    void theSecurityChainRunsWithoutASecondHandlerLookup() throws Exception {
        // Spring Security's composite that puts the handler-lookup cache in front of the chain.
        assertThat(context.getBean("springSecurityFilterChain").getClass().getName())
                .isNotEqualTo(
                        "org.springframework.security.config.annotation.web.configuration"
                                + ".WebMvcSecurityConfiguration$CompositeFilterChainProxy");
        assertThat(get(LEADERBOARD).statusCode()).isEqualTo(401);
        assertThat(get(LEADERBOARD, "X-API-Key", READER_KEY).statusCode()).isEqualTo(200);
    }

    @Test
    void aReadWithoutCredentialsIs401WithAProblem() throws Exception {
        HttpResponse<String> response = get(LEADERBOARD);

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(
                        type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(json(response).get("detail").asText()).contains("X-API-Key");
        assertThat(get("/boards/guarded/users/alice").statusCode()).isEqualTo(401);
    }

    @Test
    void aReaderKeyOrAReaderOrAdminTokenReads() throws Exception {
        HttpResponse<String> byKey = get(LEADERBOARD, "X-API-Key", READER_KEY);
        HttpResponse<String> byToken =
                get(LEADERBOARD, "Authorization", "Bearer " + TestTokens.token("dash", "READER"));
        HttpResponse<String> byAdmin =
                get(
                        "/boards/guarded/users/alice",
                        "Authorization",
                        "Bearer " + TestTokens.token("ops", "ADMIN"));

        assertThat(byKey.statusCode()).isEqualTo(200);
        assertThat(json(byKey).at("/entries/0/votes").asLong()).isEqualTo(3);
        assertThat(byToken.statusCode()).isEqualTo(200);
        assertThat(byAdmin.statusCode()).isEqualTo(200);
        assertThat(json(byAdmin).get("user").asText()).isEqualTo("alice");
    }

    @Test
    void aVoterMayNotRead() throws Exception {
        HttpResponse<String> byKey = get(LEADERBOARD, "X-API-Key", VOTER_KEY);
        HttpResponse<String> byToken =
                get(LEADERBOARD, "Authorization", "Bearer " + TestTokens.token("app", "VOTER"));

        assertThat(byKey.statusCode()).isEqualTo(403);
        assertThat(json(byKey).get("detail").asText())
                .isEqualTo(
                        "GET /boards/guarded/leaderboard needs the role READER; the credentials"
                                + " of 'voting-app' carry VOTER");
        assertThat(byToken.statusCode()).isEqualTo(403);
    }

    /**
     * Reads the direct route answers ahead of the security chain (read-your-writes and bounded
     * staleness): only with credentials the chain would admit; everything else is the chain's 401
     * or 403.
     */
    @Test
    void theDirectRouteAnswersOnlyWhatTheChainWouldAdmit() throws Exception {
        DirectReadRoute route = context.getBean(DirectReadRoute.class);
        for (String read : new String[] {LEADERBOARD + "?consistency=eventual", LEADERBOARD}) {
            long before = route.answered();

            assertThat(get(read).statusCode()).as(read).isEqualTo(401);
            assertThat(get(read, "X-API-Key", "not-a-configured-key").statusCode())
                    .as(read)
                    .isEqualTo(401);
            assertThat(get(read, "X-API-Key", VOTER_KEY).statusCode()).as(read).isEqualTo(403);
            assertThat(
                            get(
                                            read,
                                            "Authorization",
                                            "Bearer " + TestTokens.token("dash", "READER"))
                                    .statusCode())
                    .as(read)
                    .isEqualTo(200);
            assertThat(route.answered()).as("none of these by the route").isEqualTo(before);

            HttpResponse<String> byKey = get(read, "X-API-Key", READER_KEY);
            assertThat(byKey.statusCode()).as(read).isEqualTo(200);
            assertThat(json(byKey).at("/entries/0/votes").asLong()).isEqualTo(3);
            assertThat(byKey.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
            assertThat(route.answered()).as(read).isEqualTo(before + 1);
        }
    }

    @Test
    void probesNeedNoCredentials() throws Exception {
        assertThat(get("/actuator/health/readiness").statusCode()).isEqualTo(200);
        assertThat(get("/actuator/health/liveness").statusCode()).isEqualTo(200);
    }

    private HttpResponse<String> get(String path, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).GET();
        if (headers.length > 0) {
            request.headers(headers);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> response) throws IOException {
        return JSON.readTree(response.body());
    }
}
