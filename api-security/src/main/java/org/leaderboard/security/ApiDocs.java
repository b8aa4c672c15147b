package org.leaderboard.security;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springdoc.core.customizers.OperationCustomizer;

/**
 * What the two services' OpenAPI documents share: how to authenticate (an API key in {@code
 * X-API-Key} or a bearer token) and the problem-detail responses, each with an example, that an
 * endpoint lists for itself.
 */
public final class ApiDocs {

    static final String PROBLEM = "Problem";
    static final String API_KEY = "apiKey";
    static final String BEARER = "bearerToken";
    private static final ObjectMapper JSON = new ObjectMapper();

    private ApiDocs() {}

    /**
     * A document with the service's title and description. With {@code anonymousAllowed} (the query
     * API while it is public) credentials are optional.
     */
    public static OpenAPI document(String title, String description, boolean anonymousAllowed) {
        List<SecurityRequirement> security = new ArrayList<>();
        security.add(new SecurityRequirement().addList(API_KEY));
        security.add(new SecurityRequirement().addList(BEARER));
        if (anonymousAllowed) {
            security.add(new SecurityRequirement());
        }
        return new OpenAPI()
                .info(new Info().title(title).version("v1").description(description))
                .components(
                        new Components()
                                .addSecuritySchemes(API_KEY, apiKey())
                                .addSecuritySchemes(BEARER, bearer())
                                .addSchemas(PROBLEM, problemSchema()))
                .security(security);
    }

    /**
     * Adds to each operation the problems its method lists: one response per status, with one named
     * example per problem (two 404s of one endpoint share a response).
     */
    public static OperationCustomizer refusals(
            Function<Method, List<? extends DocumentedProblem>> listed) {
        return (operation, handler) -> {
            Map<Integer, List<DocumentedProblem>> byStatus =
                    listed.apply(handler.getMethod()).stream()
                            .collect(
                                    Collectors.groupingBy(
                                            DocumentedProblem::status,
                                            TreeMap::new,
                                            Collectors.toList()));
            ApiResponses responses =
                    operation.getResponses() == null
                            ? new ApiResponses()
                            : operation.getResponses();
            byStatus.forEach(
                    (status, problems) ->
                            responses.addApiResponse(String.valueOf(status), response(problems)));
            return operation.responses(responses);
        };
    }

    private static ApiResponse response(List<DocumentedProblem> problems) {
        MediaType media = new MediaType().schema(new Schema<>().$ref(PROBLEM));
        for (DocumentedProblem problem : problems) {
            media.addExamples(
                    problem.title(),
                    new Example()
                            .summary(problem.title())
                            .description(problem.description())
                            .value(parse(problem.example())));
        }
        String description =
                problems.stream()
                        .map(p -> p.title() + ": " + p.description())
                        .collect(Collectors.joining(" "));
        return new ApiResponse()
                .description(description)
                .content(new Content().addMediaType("application/problem+json", media));
    }

    private static Object parse(String json) {
        try {
            return JSON.readValue(json, Map.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("an example problem is not JSON: " + json, e);
        }
    }

    private static SecurityScheme apiKey() {
        return new SecurityScheme()
                .type(SecurityScheme.Type.APIKEY)
                .in(SecurityScheme.In.HEADER)
                .name(ApiKeys.HEADER)
                .description(
                        "An API key from api.security.keys; its roles (ADMIN, VOTER, READER) decide"
                                + " what it may do.");
    }

    private static SecurityScheme bearer() {
        return new SecurityScheme()
                .type(SecurityScheme.Type.HTTP)
                .scheme("bearer")
                .bearerFormat("JWT")
                .description(
                        "An OAuth2 access token from the configured issuer; its roles are read"
                                + " from the claim api.security.roles-claim names (default roles).");
    }

    private static Schema<?> problemSchema() {
        return new ObjectSchema()
                .description(
                        "An RFC 9457 problem detail. Refusals of input add field (the parameter or"
                                + " body field at fault); others add board or voteId.")
                .addProperty("type", new StringSchema().example("about:blank"))
                .addProperty("title", new StringSchema().example("Invalid request"))
                .addProperty("status", new IntegerSchema().example(400))
                .addProperty("detail", new StringSchema())
                .addProperty("instance", new StringSchema())
                .addProperty("field", new StringSchema());
    }
}
