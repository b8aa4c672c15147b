package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Bodies the bad-input corpus showed were taken too kindly. */
class RequestLimitsIntegrationTests extends WriterIntegrationTestBase {

    @Test
    void aVoteFollowedByMoreTextIsBrokenJsonAndNotStored() {
        String board = newBoard("trailing");
        createBoard(board);
        UUID voteId = voteIdNow();

        Answer answer = post("/boards/" + board + "/votes", vote(voteId, "u1", 1) + " x");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.text("field")).isEqualTo("body");
        assertThat(answer.text("detail")).startsWith("body: is not valid JSON");
        assertThat(storedVote(board, voteId)).isEmpty();
    }

    @Test
    void aBodyBeyondTheMaxRequestSizeIs413AndNotStored() {
        String board = newBoard("huge");
        createBoard(board);
        UUID voteId = voteIdNow();
        String huge =
                "{\"voteId\":\""
                        + voteId
                        + "\",\"user\":\""
                        + "x".repeat(3 * 1024 * 1024)
                        + "\",\"voter\":\"v1\",\"votes\":1}";

        Answer answer = post("/boards/" + board + "/votes", huge);

        assertThat(answer.status()).isEqualTo(413);
        assertThat(answer.contentType()).startsWith("application/problem+json");
        assertThat(answer.text("detail"))
                .isEqualTo(
                        "body: is larger than 2097152 bytes (writer.max-request-size); send"
                                + " smaller batches");
        assertThat(storedVote(board, voteId)).isEmpty();
    }

    @Test
    void urlsRefusedBeforeAnyControllerAreProblemsToo() {
        // Spring Security's firewall refuses all three (%00, an encoded '/', ';') before routing.
        for (String path :
                new String[] {"/boards/%00/votes", "/boards/a%2Fb/votes", "/boards/a;b/votes"}) {
            Answer answer = post(path, vote(voteIdNow(), "u1", 1));

            assertThat(answer.status()).as(path).isEqualTo(400);
            assertThat(answer.contentType()).as(path).startsWith("application/problem+json");
            assertThat(answer.text("detail")).as(path).contains("URL");
        }
    }
}
