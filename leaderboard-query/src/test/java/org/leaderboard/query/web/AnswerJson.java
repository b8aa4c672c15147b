package org.leaderboard.query.web;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.time.Instant;
import java.util.List;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.board.ScoreKind;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;

/** What the tests of the answers' JSON share: the service's mapper and a page to write. */
final class AnswerJson {

    private AnswerJson() {}

    /**
     * Built as the service builds its answers' mapper: Spring's defaults, times as ISO-8601 text
     * (Spring Boot's default), the fast double writer.
     */
    static ObjectMapper mapper() {
        return Jackson2ObjectMapperBuilder.json()
                .featuresToDisable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .featuresToEnable(JsonGenerator.Feature.USE_FAST_DOUBLE_WRITER)
                .modulesToInstall(SharedEntriesJson.module())
                .build();
    }

    /** A page of board "b" with {@code entries}, {@code tail} tail events and a staleness. */
    static Leaderboard page(List<LeaderboardEntry> entries, long tail, Long staleness) {
        return new Leaderboard(
                "b",
                Instant.parse("2026-11-27T10:00:00Z"),
                tail,
                4567,
                0,
                100,
                entries,
                null,
                null,
                staleness,
                ScoreKind.SUM);
    }
}
