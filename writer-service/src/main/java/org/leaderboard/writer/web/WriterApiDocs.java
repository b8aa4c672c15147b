package org.leaderboard.writer.web;

import io.swagger.v3.oas.models.OpenAPI;
import java.util.List;
import org.leaderboard.security.ApiDocs;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The command API's OpenAPI document ({@code /v3/api-docs}, Swagger UI at {@code
 * /swagger-ui.html}).
 */
@Configuration(proxyBeanMethods = false)
class WriterApiDocs {

    @Bean
    OpenAPI writerApi() {
        return ApiDocs.document(
                "Leaderboard command API",
                "Creates, lists, inspects and closes boards, casts votes (one or a batch) and"
                        + " retracts them. A vote is"
                        + " idempotent by its voteId, a version-1 timeuuid whose time is the"
                        + " vote's time: retry with the same voteId after a timeout or a 503."
                        + " Every command needs credentials: VOTER casts, ADMIN administers boards"
                        + " and retracts.",
                false);
    }

    @Bean
    OperationCustomizer writerRefusals() {
        return ApiDocs.refusals(
                method -> {
                    Refusals refusals = method.getAnnotation(Refusals.class);
                    return refusals == null ? List.of() : List.of(refusals.value());
                });
    }
}
