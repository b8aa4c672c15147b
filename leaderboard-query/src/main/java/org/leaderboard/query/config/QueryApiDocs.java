package org.leaderboard.query.config;

import io.swagger.v3.oas.models.OpenAPI;
import java.util.List;
import org.leaderboard.query.web.Refusals;
import org.leaderboard.security.ApiDocs;
import org.leaderboard.security.ApiSecuritySettings;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The query API's OpenAPI document ({@code /v3/api-docs}, Swagger UI at {@code /swagger-ui.html}).
 */
@Configuration(proxyBeanMethods = false)
class QueryApiDocs {

    @Bean
    OpenAPI queryApi(ApiSecuritySettings security) {
        return ApiDocs.document(
                "Leaderboard query API",
                "Leaderboards of the boards the writer counts votes for: a page of the ranking"
                        + " (competition ranking, ties share a rank), one user's standing with"
                        + " neighbours, any past moment (asOf), and the live page's data (board"
                        + " list, Server-Sent Events stream, chart history). Read-your-writes by"
                        + " default; consistency=eventual reads an in-memory view about a second"
                        + " old. Public unless api.security.query-public=false, then the READER"
                        + " role is needed.",
                security.queryPublic() || !security.enabled());
    }

    @Bean
    OperationCustomizer queryRefusals() {
        return ApiDocs.refusals(
                method -> {
                    Refusals refusals = method.getAnnotation(Refusals.class);
                    return refusals == null ? List.of() : List.of(refusals.value());
                });
    }
}
