package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.tally.Tally;

/** Retractions are compensating events (invariant 9): idempotent, and exact in the count. */
class RetractionIntegrationTests extends WriterIntegrationTestBase {

    private String board;

    @BeforeEach
    void board() {
        board = newBoard("retract");
        assertThat(createBoard(board).status()).isEqualTo(201);
    }

    @Test
    void aRetractedVoteNoLongerCountsAndRetractingTwiceCountsOnce() {
        UUID kept = cast("u1", 5);
        UUID retracted = cast("u1", 2);

        Answer first = post(retraction(retracted), "");
        Answer second = post(retraction(retracted), "");

        assertThat(first.status()).isEqualTo(202);
        assertThat(first.text("status")).isEqualTo("RECORDED");
        assertThat(first.text("voteId")).isEqualTo(retracted.toString());
        assertThat(second.status()).isEqualTo(202);
        assertThat(second.text("status")).isEqualTo("ALREADY_RECORDED");
        assertThat(second.text("retractionId")).isEqualTo(first.text("retractionId"));
        Tally u1 = countedNow().get("u1");
        assertThat(u1.sum()).isEqualTo(5);
        assertThat(u1.count()).isEqualTo(1);
        assertThat(kept).isNotEqualTo(retracted);
    }

    @RepeatedTest(5)
    void tenConcurrentRetractionsOfOneVoteRemoveItOnce() {
        cast("u2", 1);
        UUID vote = cast("u2", 4);

        List<Answer> answers =
                IntStream.range(0, 10)
                        .mapToObj(i -> postAsync(retraction(vote), ""))
                        .toList()
                        .stream()
                        .map(CompletableFuture::join)
                        .toList();

        assertThat(answers).allSatisfy(a -> assertThat(a.status()).isEqualTo(202));
        assertThat(answers.stream().map(a -> a.text("retractionId")).distinct()).hasSize(1);
        assertThat(answers.stream().filter(a -> a.text("status").equals("RECORDED"))).hasSize(1);
        assertThat(countedNow().get("u2").sum()).isEqualTo(1);
    }

    @Test
    void aUserWhoseVotesAreAllRetractedHasNoVotes() {
        UUID only = cast("u3", 3);

        post(retraction(only), "");

        Tally u3 = countedNow().getOrDefault("u3", Tally.EMPTY);
        assertThat(u3.hasVotes()).isFalse();
        assertThat(u3.sum()).isZero();
    }

    @Test
    void aVoteCanBeRetractedAfterItsWriteWindowHasPassed() {
        UUID old = cast("u4", 7);
        clock.advance(Duration.ofMinutes(10));
        snapshotTaken(board, clock.instant().minusSeconds(1200), clock.instant().minusSeconds(70));

        Answer answer = post(retraction(old), "");

        assertThat(answer.status()).isEqualTo(202);
        Instant now = clock.instant();
        Map<String, Tally> counted =
                counted(board, now.minus(Duration.ofMinutes(15)), now.plusSeconds(60)).asMap();
        assertThat(counted.get("u4").sum()).isZero();
    }

    @Test
    void unknownVotesBadIdsAndRetractionsAreRefusedNamingTheProblem() {
        UUID unknown = voteIdNow();
        UUID vote = cast("u5", 1);
        String retractionId = post(retraction(vote), "").text("retractionId");

        Answer notStored = post(retraction(unknown), "");
        Answer notAnId = post("/boards/" + board + "/votes/not-a-uuid/retraction", "");
        Answer randomUuid = post(retraction(UUID.randomUUID()), "");
        Answer ofRetraction =
                post("/boards/" + board + "/votes/" + retractionId + "/retraction", "");
        Answer unknownBoard = post("/boards/no-such-board/votes/" + vote + "/retraction", "");

        assertThat(notStored.status()).isEqualTo(404);
        assertThat(notStored.text("detail")).contains(unknown.toString()).contains("not stored");
        assertThat(notAnId.status()).isEqualTo(400);
        assertThat(notAnId.text("field")).isEqualTo("voteId");
        assertThat(randomUuid.status()).isEqualTo(400);
        assertThat(ofRetraction.status()).isEqualTo(422);
        assertThat(ofRetraction.text("detail")).contains("only votes can be retracted");
        assertThat(unknownBoard.status()).isEqualTo(404);
        assertThat(countedNow().get("u5").hasVotes()).isFalse();
    }

    private UUID cast(String user, int votes) {
        UUID voteId = voteIdNow();
        assertThat(post("/boards/" + board + "/votes", vote(voteId, user, votes)).status())
                .isEqualTo(202);
        return voteId;
    }

    private String retraction(UUID voteId) {
        return "/boards/" + board + "/votes/" + voteId + "/retraction";
    }

    private Map<String, Tally> countedNow() {
        Instant now = clock.instant();
        return Map.copyOf(
                counted(board, now.minus(Duration.ofMinutes(5)), now.plusSeconds(60)).asMap());
    }
}
