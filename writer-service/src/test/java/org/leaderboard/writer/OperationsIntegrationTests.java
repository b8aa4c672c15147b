package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OperationsIntegrationTests extends WriterIntegrationTestBase {

    @Test
    void isReadyWithCassandra() {
        Answer readiness = get("/actuator/health/readiness");

        assertThat(readiness.status()).isEqualTo(200);
        assertThat(readiness.text("status")).isEqualTo("UP");
    }

    @Test
    void countsAcceptedAndRefusedVotes() {
        String board = newBoard("metrics");
        createBoard(board);
        post("/boards/" + board + "/votes", vote(voteIdNow(), "u1", 1));
        post("/boards/" + board + "/votes", "{\"user\":\"u1\",\"voter\":\"v9\",\"votes\":0}");
        post(
                "/boards/" + board + "/votes/batch",
                "{\"votes\":[" + vote(voteIdNow(), "u2", 1) + "]}");

        assertThat(count("votes.accepted?tag=status:RECORDED")).isGreaterThanOrEqualTo(2);
        assertThat(count("votes.refused?tag=reason:invalid")).isGreaterThanOrEqualTo(1);
        assertThat(count("votes.batch.size")).isGreaterThanOrEqualTo(1);
    }

    private double count(String metric) {
        Answer answer = get("/actuator/metrics/" + metric);
        assertThat(answer.status()).as(metric).isEqualTo(200);
        return answer.body().path("measurements").get(0).path("value").asDouble();
    }
}
