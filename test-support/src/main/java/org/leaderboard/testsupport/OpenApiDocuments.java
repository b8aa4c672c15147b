package org.leaderboard.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Reads a service's OpenAPI document against what its controllers serve: which endpoints are
 * missing from it, and which of its endpoints, parameters and responses lack a description or an
 * example.
 */
public final class OpenApiDocuments {

    private static final List<String> METHODS =
            List.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

    private OpenApiDocuments() {}

    /** "GET /boards/{board}/leaderboard" for every mapping of the project's own controllers. */
    public static Set<String> served(RequestMappingHandlerMapping mapping) {
        Set<String> served = new TreeSet<>();
        for (Map.Entry<RequestMappingInfo, HandlerMethod> entry :
                mapping.getHandlerMethods().entrySet()) {
            if (!entry.getValue().getBeanType().getName().startsWith("org.leaderboard.")) {
                continue;
            }
            RequestMappingInfo info = entry.getKey();
            for (String path : info.getPatternValues()) {
                info.getMethodsCondition()
                        .getMethods()
                        .forEach(method -> served.add(method.name() + " " + path));
            }
        }
        return served;
    }

    /** The same for a WebFlux service's mappings. */
    public static Set<String> servedByWebFlux(
            org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping
                    mapping) {
        Set<String> served = new TreeSet<>();
        mapping.getHandlerMethods()
                .forEach(
                        (info, handler) -> {
                            if (!handler.getBeanType().getName().startsWith("org.leaderboard.")) {
                                return;
                            }
                            info.getPatternsCondition()
                                    .getPatterns()
                                    .forEach(
                                            path ->
                                                    info.getMethodsCondition()
                                                            .getMethods()
                                                            .forEach(
                                                                    method ->
                                                                            served.add(
                                                                                    method.name()
                                                                                            + " "
                                                                                            + path
                                                                                                    .getPatternString())));
                        });
        return served;
    }

    /** The same form for every operation the document lists. */
    public static Set<String> documented(JsonNode document) {
        Set<String> documented = new TreeSet<>();
        document.get("paths")
                .fields()
                .forEachRemaining(
                        path ->
                                METHODS.stream()
                                        .filter(method -> path.getValue().has(method))
                                        .forEach(
                                                method ->
                                                        documented.add(
                                                                method.toUpperCase()
                                                                        + " "
                                                                        + path.getKey())));
        return documented;
    }

    /**
     * What a reader of the document would miss, e.g. "GET /boards/{board}/chart: parameter minutes
     * has no example"; empty when every operation has a summary and a description, every parameter
     * a description and an example, a request body an example, and every response a description, an
     * example and a schema (problem responses as {@code application/problem+json}).
     */
    public static List<String> gaps(JsonNode document) {
        List<String> gaps = new ArrayList<>();
        document.get("paths")
                .fields()
                .forEachRemaining(
                        path ->
                                METHODS.stream()
                                        .filter(method -> path.getValue().has(method))
                                        .forEach(
                                                method ->
                                                        operationGaps(
                                                                method.toUpperCase()
                                                                        + " "
                                                                        + path.getKey(),
                                                                path.getValue().get(method),
                                                                gaps)));
        return gaps;
    }

    private static void operationGaps(String name, JsonNode operation, List<String> gaps) {
        for (String field : List.of("summary", "description")) {
            if (blank(operation.path(field))) {
                gaps.add(name + ": no " + field);
            }
        }
        for (JsonNode parameter : operation.path("parameters")) {
            String which = name + ": parameter " + parameter.path("name").asText();
            if (blank(parameter.path("description"))) {
                gaps.add(which + " has no description");
            }
            if (!parameter.has("example") && !parameter.has("examples")) {
                gaps.add(which + " has no example");
            }
        }
        if (operation.has("requestBody") && !hasExample(operation.get("requestBody"))) {
            gaps.add(name + ": the request body has no example");
        }
        if (operation.path("responses").isEmpty()) {
            gaps.add(name + ": no responses");
        }
        operation
                .path("responses")
                .fields()
                .forEachRemaining(
                        response -> {
                            String which = name + ": response " + response.getKey();
                            if (blank(response.getValue().path("description"))) {
                                gaps.add(which + " has no description");
                            }
                            if (!hasExample(response.getValue())) {
                                gaps.add(which + " has no example");
                            }
                            response.getValue()
                                    .path("content")
                                    .fields()
                                    .forEachRemaining(
                                            media -> {
                                                if (!media.getValue().has("schema")) {
                                                    gaps.add(
                                                            which
                                                                    + " has no schema for "
                                                                    + media.getKey());
                                                }
                                            });
                            if (response.getKey().matches("[45]\\d\\d")
                                    && !response.getValue()
                                            .path("content")
                                            .has("application/problem+json")) {
                                gaps.add(which + " is not a problem detail");
                            }
                        });
    }

    private static boolean hasExample(JsonNode withContent) {
        JsonNode content = withContent.path("content");
        if (content.isEmpty()) {
            return false;
        }
        for (JsonNode media : content) {
            if (!media.has("example") && media.path("examples").isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private static boolean blank(JsonNode text) {
        return !text.isTextual() || text.asText().isBlank();
    }
}
