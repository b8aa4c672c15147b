package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.leaderboard.model.tally.Tally;

/**
 * Game boards (score BEST, LOWEST, COUNT): created and shown with their score kind, a score of 0
 * taken, and retractions refused where a max or a min could not be undone.
 */
class GameBoardIntegrationTests extends WriterIntegrationTestBase {

    @Test
    void createsALowestBoardAndShowsItsScoreKind() {
        String board = newBoard("laps");

        Answer created = post("/boards", "{\"board\":\"" + board + "\",\"score\":\"LOWEST\"}");
        Answer shown = get("/boards/" + board);

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.text("score")).isEqualTo("LOWEST");
        assertThat(shown.body().path("settings").path("score").asText()).isEqualTo("LOWEST");
    }

    @Test
    void aBoardCreatedWithoutAScoreSumsAndCreatingItAgainWithAnotherScoreIsAConflict() {
        String board = newBoard("scores");
        Answer created = createBoard(board);

        Answer again = post("/boards", "{\"board\":\"" + board + "\",\"score\":\"SUM\"}");
        Answer conflict = post("/boards", "{\"board\":\"" + board + "\",\"score\":\"BEST\"}");

        assertThat(created.text("score")).isEqualTo("SUM");
        assertThat(again.status()).isEqualTo(200);
        assertThat(conflict.status()).isEqualTo(409);
        assertThat(conflict.text("detail"))
                .isEqualTo(
                        "board '"
                                + board
                                + "' already exists with other settings: score is SUM (this"
                                + " request asked for BEST). Settings cannot change once a board"
                                + " exists; use another board id");
    }

    @Test
    void refusesAnUnknownScoreKindNamingTheChoices() {
        Answer refused = post("/boards", "{\"board\":\"b\",\"score\":\"FASTEST\"}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.text("field")).isEqualTo("score");
        assertThat(refused.text("detail"))
                .isEqualTo("score: must be one of SUM, BEST, LOWEST, COUNT, not 'FASTEST'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"BEST", "LOWEST"})
    void refusesToRetractAVoteOfABoardRankedByASingleVote(String score) {
        String board = gameBoard(score);
        UUID fastest = cast(board, "ada", 81_204);
        cast(board, "ada", 82_377);

        Answer refused = post(retraction(board, fastest), "");

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.text("title")).isEqualTo("Not retractable");
        assertThat(refused.text("detail"))
                .isEqualTo(
                        "board '"
                                + board
                                + "' ranks by score "
                                + score
                                + " ("
                                + (score.equals("BEST") ? "the highest" : "the lowest")
                                + " single vote), which a retraction cannot undo: it would have to"
                                + " forget vote "
                                + fastest
                                + " without knowing the user's other votes. Only SUM and COUNT"
                                + " boards take retractions");
        assertThat(countedNow(board).get("ada").count()).isEqualTo(2);
    }

    @Test
    void aCountBoardTakesRetractions() {
        String board = gameBoard("COUNT");
        cast(board, "ada", 1);
        UUID second = cast(board, "ada", 1);

        Answer retracted = post(retraction(board, second), "");

        assertThat(retracted.status()).isEqualTo(202);
        assertThat(countedNow(board).get("ada").count()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"BEST", "LOWEST", "COUNT"})
    void aGameBoardTakesAScoreOfZeroAloneAndInABatch(String score) {
        String board = gameBoard(score);

        Answer single = post("/boards/" + board + "/votes", vote(voteIdNow(), "ada", 0));
        Answer batch =
                post(
                        "/boards/" + board + "/votes/batch",
                        "{\"votes\":[" + vote(voteIdNow(), "lin", 0) + "]}");

        assertThat(single.status()).isEqualTo(202);
        assertThat(batch.body().path("results").get(0).path("status").asText())
                .isEqualTo("RECORDED");
        Tally ada = countedNow(board).get("ada");
        assertThat(ada.count()).isEqualTo(1);
        assertThat(ada.max()).isZero();
    }

    @Test
    void aSumBoardStillRefusesAVoteOfZero() {
        String board = newBoard("sum");
        createBoard(board);

        Answer refused = post("/boards/" + board + "/votes", vote(voteIdNow(), "ada", 0));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.text("field")).isEqualTo("votes");
        assertThat(refused.text("detail"))
                .isEqualTo(
                        "votes: must not be 0 (a vote adds or, when negative, takes away; boards"
                                + " with score BEST, LOWEST or COUNT take 0)");
    }

    private String gameBoard(String score) {
        String board = newBoard(score.toLowerCase());
        Answer created =
                post("/boards", "{\"board\":\"" + board + "\",\"score\":\"" + score + "\"}");
        assertThat(created.status()).isEqualTo(201);
        return board;
    }

    private UUID cast(String board, String user, int votes) {
        UUID voteId = voteIdNow();
        assertThat(post("/boards/" + board + "/votes", vote(voteId, user, votes)).status())
                .isEqualTo(202);
        return voteId;
    }

    private static String retraction(String board, UUID voteId) {
        return "/boards/" + board + "/votes/" + voteId + "/retraction";
    }

    private Map<String, Tally> countedNow(String board) {
        Instant now = clock.instant();
        return counted(board, now.minus(Duration.ofMinutes(5)), now.plusSeconds(60)).asMap();
    }
}
