package org.leaderboard.writer.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.writer.config.JsonConfig;

/** The words for unreadable bodies, with Jackson set up as application.yml sets it up. */
class JsonProblemsTests {

    private final ObjectMapper json =
            JsonConfig.refuseScalarsAsText(
                    JsonMapper.builder()
                            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                            .build());

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            textBlock =
                    """
            {"board":"b","shards":"8"}              | shards      | shards: must be a whole number
            {"board":"b","shards":1.5}              | shards      | shards: must be a whole number, not 1.5
            {"board":"b","shards":true}             | shards      | shards: must be a whole number
            {"board":"b","shards":99999999999}      | shards      | shards: Numeric value (99999999999) out of range of int (-2147483648 - 2147483647)
            {"board":7}                             | board       | board: must be a string, not 7
            {"board":false}                         | board       | board: must be a string, not 'false'
            {"board":{"id":"b"}}                    | board       | board: must be a string
            {"board":"b","uniqueVotes":"SOMETIMES"} | uniqueVotes | uniqueVotes: must be one of NONE, PER_USER, PER_BOARD, not 'SOMETIMES'
            {"board":"b","colour":"red"}            | colour      | colour: is not a known field; the fields are board, bucketSeconds, chunks, period, retentionDays, score, shards, timeZone, uniqueVotes, writeWindowSeconds
            {"board":"b","board":"c"}               | body        | body: is not valid JSON: Duplicate field 'board' (line 1, column 21)
            ["b"]                                   | body        | body: must be a JSON object
            {"board":"b",                           | body        | body: is not valid JSON: Unexpected end-of-input within/between Object entries (line 1, column 14)
            """)
    void describesABoardRequest(String body, String field, String detail) {
        InvalidInputException problem = describe(body, CreateBoardRequest.class);

        assertThat(problem.field()).isEqualTo(field);
        assertThat(problem.getMessage()).isEqualTo(detail);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            textBlock =
                    """
            {"votes":{"user":"u1"}}  | votes | votes: must be an array
            {"vote":[]}              | vote  | vote: is not a known field; the fields are votes
            {"votes":[{"user":"u1"}, | votes  | votes: is not valid JSON: Unexpected end-of-input within/between Array entries (line 1, column 25)
            """)
    void describesABatchRequest(String body, String field, String detail) {
        InvalidInputException problem = describe(body, BatchRequest.class);

        assertThat(problem.field()).isEqualTo(field);
        assertThat(problem.getMessage()).isEqualTo(detail);
    }

    private InvalidInputException describe(String body, Class<?> type) {
        JsonProcessingException thrown =
                catchThrowableOfType(
                        JsonProcessingException.class, () -> json.readValue(body, type));
        assertThat(thrown).as("reading %s", body).isNotNull();
        return JsonProblems.describe(thrown);
    }
}
