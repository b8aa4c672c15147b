package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.time.TimeUuids;

class VoteIntegrationTests extends WriterIntegrationTestBase {

    private String board;

    @BeforeEach
    void board() {
        board = newBoard("votes");
        assertThat(createBoard(board).status()).isEqualTo(201);
    }

    @Test
    void recordsAVoteAsOneEventRow() {
        UUID voteId = voteIdNow();

        Answer answer = post(votes(), vote(voteId, "u1", 3));

        assertThat(answer.status()).isEqualTo(202);
        assertThat(answer.text("voteId")).isEqualTo(voteId.toString());
        assertThat(answer.text("status")).isEqualTo("RECORDED");
        assertThat(answer.body().size()).isEqualTo(2);
        Row row = storedVote(board, voteId).orElseThrow();
        assertThat(row.getString("user_id")).isEqualTo("u1");
        assertThat(row.getString("voter_id")).isEqualTo("v9");
        assertThat(row.getInt("votes")).isEqualTo(3);
    }

    @Test
    void namesAVoteSentWithoutIdAndStoresItUnderThatId() {
        Answer answer = post(votes(), "{\"user\":\"u2\",\"voter\":\"v1\",\"votes\":-1}");

        assertThat(answer.status()).isEqualTo(202);
        UUID voteId = UUID.fromString(answer.text("voteId"));
        assertThat(TimeUuids.isTimeUuid(voteId)).isTrue();
        assertThat(storedVote(board, voteId).orElseThrow().getInt("votes")).isEqualTo(-1);
    }

    @Test
    void storesAVoteSentFiveTimesAtOnceOnce() {
        UUID voteId = voteIdNow();

        List<Answer> answers =
                IntStream.range(0, 5)
                        .mapToObj(i -> postAsync(votes(), vote(voteId, "u1", 1)))
                        .toList()
                        .stream()
                        .map(CompletableFuture::join)
                        .toList();

        assertThat(answers).extracting(Answer::status).containsOnly(202);
        assertThat(answers).extracting(a -> a.text("status")).containsOnly("RECORDED");
        assertThat(
                        storedVoteIds(
                                board,
                                clock.instant().minusSeconds(120),
                                clock.instant().plusSeconds(60)))
                .containsExactly(voteId);
    }

    @Test
    void keepsTheFirstWriteWhenAVoteIdIsReusedForOtherContent() {
        UUID voteId = voteIdNow();
        post(votes(), vote(voteId, "u1", 1));

        Answer reused = post(votes(), vote(voteId, "u7", 1000));

        assertThat(reused.status()).isEqualTo(202);
        Row row = storedVote(board, voteId).orElseThrow();
        assertThat(row.getString("user_id")).isEqualTo("u1");
        assertThat(row.getInt("votes")).isEqualTo(1);
    }

    @Test
    void refusesAVoteOlderThanTheWindowAndDoesNotStoreIt() {
        UUID voteId = TimeUuids.voteIdAt(clock.instant().minusSeconds(75));

        Answer refused = post(votes(), vote(voteId, "u1", 1));

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.text("detail"))
                .startsWith("voteId time " + TimeUuids.timeOf(voteId) + " is ")
                .endsWith(
                        " s old; board '"
                                + board
                                + "' accepts votes at most 60 s old (its write window)");
        assertThat(refused.text("voteId")).isEqualTo(voteId.toString());
        assertThat(storedVote(board, voteId)).isEmpty();
    }

    @Test
    void answersALateRetryOfAStoredVoteAsAlreadyRecordedOnceTheSnapshotOfItsTimeHoldsIt() {
        UUID voteId = voteIdNow();
        assertThat(post(votes(), vote(voteId, "u1", 1)).text("status")).isEqualTo("RECORDED");
        clock.advance(Duration.ofMinutes(5));

        Answer beforeSnapshot = post(votes(), vote(voteId, "u1", 1));
        snapshotTaken(board, clock.instant().minusSeconds(600), clock.instant().minusSeconds(70));
        Answer retry = post(votes(), vote(voteId, "u1", 1));

        assertThat(beforeSnapshot.status()).isEqualTo(503);
        assertThat(beforeSnapshot.retryAfter()).isEqualTo("5");
        assertThat(beforeSnapshot.text("detail"))
                .contains("the snapshot of its time")
                .contains("is not taken yet");
        assertThat(retry.status()).isEqualTo(202);
        assertThat(retry.text("status")).isEqualTo("ALREADY_RECORDED");
        assertThat(retry.text("voteId")).isEqualTo(voteId.toString());
    }

    @Test
    void refusesAVoteFromTheFarFuture() {
        UUID voteId = TimeUuids.voteIdAt(clock.instant().plusSeconds(3600));

        Answer refused = post(votes(), vote(voteId, "u1", 1));

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.text("detail"))
                .contains(
                        " in the future; the writer accepts votes at most 5 s ahead of its clock");
        assertThat(storedVote(board, voteId)).isEmpty();
    }

    @Test
    void refusesAVoteForAnUnknownBoard() {
        Answer refused =
                post("/boards/" + newBoard("nowhere") + "/votes", vote(voteIdNow(), "u1", 1));

        assertThat(refused.status()).isEqualTo(404);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.text("detail"))
                .endsWith("does not exist; create it with POST /boards first");
    }

    @Test
    void refusesBadInputNamingTheField() {
        assertRefused(
                "{\"voteId\":\"abc\",\"user\":\"u1\",\"voter\":\"v9\",\"votes\":1}",
                "voteId",
                "voteId: 'abc' is not a UUID");
        assertRefused(
                "{\"voteId\":\""
                        + UUID.randomUUID()
                        + "\",\"user\":\"u1\",\"voter\":\"v9\",\"votes\":1}",
                "voteId",
                "it must be a time-based version-1 UUID (a timeuuid)");
        assertRefused(
                "{\"user\":\"u1\",\"voter\":\"v9\",\"votes\":1.5}",
                "votes",
                "votes: is 1.5; it must be a whole number");
        assertRefused(
                "{\"user\":\"u1\",\"voter\":\"v9\",\"votes\":\"1\"}",
                "votes",
                "votes: must be a whole number, not a string");
        assertRefused(
                "{\"user\":\"u1\",\"voter\":\"v9\",\"votes\":true}",
                "votes",
                "votes: must be a whole number, not a boolean");
        assertRefused("{\"user\":\"u1\",\"voter\":\"v9\"}", "votes", "votes: is required");
        assertRefused(
                "{\"user\":\"u1\",\"voter\":\"v9\",\"votes\":0}", "votes", "votes: must not be 0");
        assertRefused(
                "{\"user\":\"u1\",\"voter\":\"v9\",\"votes\":1000000001}",
                "votes",
                "votes: is 1000000001; it must be between -1000000000 and 1000000000");
        assertRefused("{\"voter\":\"v9\",\"votes\":1}", "user", "user: is required");
        assertRefused(
                "{\"user\":\"u1\",\"voter\":\" \",\"votes\":1}",
                "voter",
                "voter: must not be blank");
        assertRefused(
                "{\"user\":\"u1\",\"voter\":\"v9\",\"votes\":1,\"extra\":1}",
                "extra",
                "extra: is not a field of a vote");
        assertRefused("{\"user\":\"u1\",", "body", "body: is not valid JSON");
        assertRefused("", "body", "body: is missing; send a JSON object");
        assertRefused("[1]", "body", "body: must be a JSON object");
        assertRefused(
                "{\"user\":\"u1\",\"voter\":\"v9\",\"votes\":1,\"votes\":2}",
                "body",
                "body: is not valid JSON: Duplicate field 'votes'");
    }

    @Test
    void refusesAnInvalidBoardIdInThePath() {
        Answer refused = post("/boards/-bad/votes", vote(voteIdNow(), "u1", 1));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.text("field")).isEqualTo("board");
    }

    private void assertRefused(String body, String field, String detail) {
        Answer refused = post(votes(), body);
        assertThat(refused.status()).as(body).isEqualTo(400);
        assertThat(refused.contentType()).as(body).startsWith("application/problem+json");
        assertThat(refused.text("field")).as(body).isEqualTo(field);
        assertThat(refused.text("detail")).as(body).contains(detail);
    }

    private String votes() {
        return "/boards/" + board + "/votes";
    }
}
