package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.time.TimeUuids;

class BatchVoteIntegrationTests extends WriterIntegrationTestBase {

    private String board;

    @BeforeEach
    void board() {
        board = newBoard("batch");
        assertThat(createBoard(board).status()).isEqualTo(201);
    }

    @Test
    void answersEveryVoteInOrderAndStoresExactlyTheAcceptedOnes() {
        UUID first = voteIdNow();
        UUID tooOld = TimeUuids.voteIdAt(clock.instant().minusSeconds(600));
        UUID tooNew = TimeUuids.voteIdAt(clock.instant().plusSeconds(600));
        UUID badVotes = voteIdNow();
        String body =
                "{\"votes\":["
                        + vote(first, "u1", 1)
                        + ","
                        + vote(tooOld, "u2", 1)
                        + ",{\"user\":\"u3\",\"voter\":\"v1\",\"votes\":2},"
                        + vote(badVotes, "u4", 0)
                        + ","
                        + vote(tooNew, "u5", 1)
                        + ",{\"voteId\":\"nope\",\"user\":\"u6\",\"voter\":\"v1\",\"votes\":1}"
                        + ","
                        + vote(first, "u1", 1)
                        + "]}";

        Answer answer = post(batch(), body);

        assertThat(answer.status()).isEqualTo(200);
        JsonNode results = answer.body().path("results");
        assertThat(results.size()).isEqualTo(7);
        assertRecorded(results.get(0), first);
        assertRefused(
                results.get(1),
                tooOld,
                422,
                " s old; board '" + board + "' accepts votes at most 60 s old (its write window)");
        UUID generated = UUID.fromString(results.get(2).path("voteId").asText());
        assertRecorded(results.get(2), generated);
        assertRefused(results.get(3), badVotes, 400, "votes: must not be 0");
        assertRefused(results.get(4), tooNew, 422, " s in the future; the writer accepts votes");
        assertThat(results.get(5).has("voteId")).isFalse();
        assertThat(results.get(5).path("status").asText()).isEqualTo("REFUSED");
        assertThat(results.get(5).path("detail").asText())
                .isEqualTo("voteId: 'nope' is not a UUID");
        assertRecorded(results.get(6), first);
        assertThat(
                        storedVoteIds(
                                board,
                                clock.instant().minusSeconds(1200),
                                clock.instant().plusSeconds(1200)))
                .containsExactlyInAnyOrder(first, generated);
    }

    @Test
    void answersALateRetryInABatchAsAlreadyRecorded() {
        UUID voteId = voteIdNow();
        post(batch(), "{\"votes\":[" + vote(voteId, "u1", 1) + "]}");
        clock.advance(java.time.Duration.ofMinutes(3));
        snapshotTaken(board, clock.instant().minusSeconds(600), clock.instant().minusSeconds(70));

        Answer retry = post(batch(), "{\"votes\":[" + vote(voteId, "u1", 1) + "]}");

        assertThat(retry.body().path("results").get(0).path("status").asText())
                .isEqualTo("ALREADY_RECORDED");
    }

    /**
     * Both copies of a voteId in one batch used to be written with the same timestamp, and two rows
     * of one key with one timestamp merge cell by cell: user of one, votes of the other.
     */
    @Test
    void storesOneVoteForAVoteIdRepeatedInABatchAndRefusesADifferentVoteUnderIt() {
        UUID reused = voteIdNow();
        String body =
                "{\"votes\":["
                        + vote(reused, "aaa", 1)
                        + ","
                        + vote(reused, "zzz", 9)
                        + ","
                        + vote(reused, "aaa", 1)
                        + "]}";

        JsonNode results = post(batch(), body).body().path("results");

        assertRecorded(results.get(0), reused);
        assertRefused(results.get(1), reused, 422, "is already used by votes[0] of this batch");
        assertRecorded(results.get(2), reused);
        var stored = storedVote(board, reused).orElseThrow();
        assertThat(stored.getString("user_id")).isEqualTo("aaa");
        assertThat(stored.getInt("votes")).isEqualTo(1);
    }

    @Test
    void refusesTheWholeBatchForAnUnknownBoard() {
        Answer refused =
                post(
                        "/boards/" + newBoard("nowhere") + "/votes/batch",
                        "{\"votes\":[" + vote(voteIdNow(), "u1", 1) + "]}");

        assertThat(refused.status()).isEqualTo(404);
        assertThat(refused.contentType()).startsWith("application/problem+json");
    }

    @Test
    void refusesAnEmptyOrOversizedBatchNamingTheCountAndTheLimit() {
        Answer empty = post(batch(), "{\"votes\":[]}");
        String tooMany =
                IntStream.range(0, 1001)
                        .mapToObj(i -> "{\"user\":\"u\",\"voter\":\"v\",\"votes\":1}")
                        .collect(Collectors.joining(",", "{\"votes\":[", "]}"));
        Answer oversized = post(batch(), tooMany);

        assertThat(empty.status()).isEqualTo(400);
        assertThat(empty.text("detail"))
                .isEqualTo(
                        "votes: holds 0 votes; a batch holds 1 to 1000 votes (writer.max-batch-size)");
        assertThat(oversized.status()).isEqualTo(400);
        assertThat(oversized.text("detail"))
                .isEqualTo(
                        "votes: holds 1001 votes; a batch holds 1 to 1000 votes (writer.max-batch-size)");
        assertThat(post(batch(), "{}").text("field")).isEqualTo("votes");
        assertThat(post(batch(), "{\"votes\":{}}").text("detail"))
                .isEqualTo("votes: must be an array");
    }

    @Test
    void storesAFullBatch() {
        String full =
                IntStream.range(0, 1000)
                        .mapToObj(
                                i -> "{\"user\":\"u" + (i % 17) + "\",\"voter\":\"v\",\"votes\":1}")
                        .collect(Collectors.joining(",", "{\"votes\":[", "]}"));

        Answer answer = post(batch(), full);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().path("results").findValuesAsText("status"))
                .hasSize(1000)
                .containsOnly("RECORDED");
        assertThat(
                        storedVoteIds(
                                board,
                                clock.instant().minusSeconds(120),
                                clock.instant().plusSeconds(60)))
                .hasSize(1000);
    }

    private static void assertRecorded(JsonNode result, UUID voteId) {
        assertThat(result.path("voteId").asText()).isEqualTo(voteId.toString());
        assertThat(result.path("status").asText()).isEqualTo("RECORDED");
        assertThat(result.has("httpStatus")).isFalse();
    }

    private static void assertRefused(JsonNode result, UUID voteId, int status, String detail) {
        assertThat(result.path("voteId").asText()).isEqualTo(voteId.toString());
        assertThat(result.path("status").asText()).isEqualTo("REFUSED");
        assertThat(result.path("httpStatus").asInt()).isEqualTo(status);
        assertThat(result.path("detail").asText()).contains(detail);
    }

    private String batch() {
        return "/boards/" + board + "/votes/batch";
    }
}
