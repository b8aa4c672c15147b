package org.leaderboard.model.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.cassandra.StoredEvent;

class FeedPageTests {

    /** As strict as the services' own mappers: an unknown field is an error. */
    private static final ObjectMapper JSON =
            new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private static final UUID WRITER = UUID.fromString("0b8e7c1a-3f2d-4c5e-9a1b-2c3d4e5f6a7b");
    private static final StoredEvent VOTE =
            new StoredEvent(
                    UUID.fromString("6f0e5a40-c79a-11f0-8000-000000000001"), "abba", "v1", 3, null);
    private static final StoredEvent RETRACTION =
            new StoredEvent(
                    UUID.fromString("8b2d3c40-c79a-11f0-8000-000000000003"),
                    "abba",
                    "v1",
                    3,
                    VOTE.voteId());

    @Test
    void aPageOfAVoteAndARetractionReadsBackEqual() {
        FeedPage page = new FeedPage(WRITER, 42, List.of(VOTE, RETRACTION));

        assertThat(FeedPage.fromJson(page.toJson(JSON), JSON)).isEqualTo(page);
    }

    @Test
    void aVoteIsWrittenWithoutRetractsAndARetractionWithIt() {
        String json =
                new String(
                        new FeedPage(WRITER, 2, List.of(VOTE, RETRACTION)).toJson(JSON),
                        StandardCharsets.UTF_8);

        assertThat(json)
                .isEqualTo(
                        "{\"writer\":\""
                                + WRITER
                                + "\",\"next\":2,\"events\":["
                                + "{\"voteId\":\"6f0e5a40-c79a-11f0-8000-000000000001\","
                                + "\"user\":\"abba\",\"voter\":\"v1\",\"votes\":3},"
                                + "{\"voteId\":\"8b2d3c40-c79a-11f0-8000-000000000003\","
                                + "\"user\":\"abba\",\"voter\":\"v1\",\"votes\":3,"
                                + "\"retracts\":\"6f0e5a40-c79a-11f0-8000-000000000001\"}]}");
    }

    @Test
    void anEmptyPageSaysOnlyWhatNumberComesNext() {
        FeedPage page = new FeedPage(WRITER, 0, List.of());

        assertThat(FeedPage.fromJson(page.toJson(JSON), JSON)).isEqualTo(page);
    }

    @Test
    void aBodyThatIsNotAPageIsRefused() {
        byte[] body = "{\"writer\":1,\"next\":\"x\"}".getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> FeedPage.fromJson(body, JSON))
                .isInstanceOf(UncheckedIOException.class);
    }
}
