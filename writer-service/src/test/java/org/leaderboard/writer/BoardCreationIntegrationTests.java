package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BoardCreationIntegrationTests extends WriterIntegrationTestBase {

    @Test
    void createsABoardWithDefaultsAndAnswersCreated() {
        String board = newBoard("created");

        Answer created = post("/boards", "{\"board\":\"" + board + "\",\"uniqueVotes\":\"NONE\"}");

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.text("board")).isEqualTo(board);
        assertThat(created.body().path("writeWindowSeconds").asInt()).isEqualTo(60);
        assertThat(created.text("uniqueVotes")).isEqualTo("NONE");
        assertThat(created.body().path("bucketSeconds").asInt()).isEqualTo(60);
        assertThat(created.body().path("shards").asInt()).isEqualTo(8);
        assertThat(created.body().path("chunks").asInt()).isEqualTo(16);
        assertThat(created.text("createdAt")).isNotBlank();
    }

    @Test
    void answersOkWithTheStoredBoardWhenCreatedAgainWithTheSameSettings() {
        String board = newBoard("again");
        String request = "{\"board\":\"" + board + "\",\"writeWindowSeconds\":120,\"shards\":4}";
        Answer first = post("/boards", request);

        Answer second = post("/boards", request);

        assertThat(first.status()).isEqualTo(201);
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.body()).isEqualTo(first.body());
    }

    @Test
    void refusesOtherSettingsForAnExistingBoardNamingTheStoredValues() {
        String board = newBoard("conflict");
        post("/boards", "{\"board\":\"" + board + "\",\"writeWindowSeconds\":60}");

        Answer conflict =
                post(
                        "/boards",
                        "{\"board\":\"" + board + "\",\"writeWindowSeconds\":90,\"shards\":4}");

        assertThat(conflict.status()).isEqualTo(409);
        assertThat(conflict.contentType()).startsWith("application/problem+json");
        assertThat(conflict.text("detail"))
                .isEqualTo(
                        "board '"
                                + board
                                + "' already exists with other settings: writeWindowSeconds is 60"
                                + " (this request asked for 90); shards is 8 (this request asked"
                                + " for 4). Settings cannot change once a board exists; use"
                                + " another board id");
        assertThat(conflict.body().path("stored").path("writeWindowSeconds").asInt()).isEqualTo(60);
    }

    @Test
    void createsUniqueVoteAndPeriodicBoardsWithTheirSettings() {
        String board = newBoard("poll");
        Answer created =
                post(
                        "/boards",
                        "{\"board\":\""
                                + board
                                + "\",\"uniqueVotes\":\"PER_USER\",\"period\":\"WEEKLY\","
                                + "\"timeZone\":\"America/New_York\"}");

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.text("uniqueVotes")).isEqualTo("PER_USER");
        assertThat(created.text("period")).isEqualTo("WEEKLY");
        assertThat(created.text("timeZone")).isEqualTo("America/New_York");
    }

    @Test
    void refusesPeriodSettingsThatCannotWorkNamingTheField() {
        Answer badZone =
                post(
                        "/boards",
                        "{\"board\":\"b1\",\"period\":\"DAILY\",\"timeZone\":\"Moon/Base\"}");
        Answer badBucket =
                post("/boards", "{\"board\":\"b2\",\"period\":\"DAILY\",\"bucketSeconds\":3600}");
        Answer badPeriod = post("/boards", "{\"board\":\"b3\",\"period\":\"YEARLY\"}");

        assertThat(badZone.status()).isEqualTo(400);
        assertThat(badZone.text("field")).isEqualTo("timeZone");
        assertThat(badZone.text("detail")).contains("'Moon/Base' is not a time zone id");
        assertThat(badBucket.text("field")).isEqualTo("bucketSeconds");
        assertThat(badBucket.text("detail")).contains("divides 900 seconds");
        assertThat(badPeriod.status()).isEqualTo(400);
        assertThat(badPeriod.text("field")).isEqualTo("period");
        assertThat(badPeriod.text("detail")).contains("YEARLY");
    }

    @Test
    void refusesAnInvalidBoardIdNamingTheField() {
        Answer refused = post("/boards", "{\"board\":\"no spaces\"}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.text("field")).isEqualTo("board");
        assertThat(refused.text("detail"))
                .isEqualTo(
                        "board: 'no spaces' is not a board id: use letters, digits, '.', '_' and"
                                + " '-', starting with a letter or digit");
    }

    @Test
    void refusesOutOfRangeSettingsNamingTheFieldAndTheLimit() {
        Answer refused =
                post("/boards", "{\"board\":\"" + newBoard("range") + "\",\"shards\":300}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.text("field")).isEqualTo("shards");
        assertThat(refused.text("detail")).isEqualTo("shards: is 300; must be between 1 and 256");
    }

    @Test
    void refusesMalformedRequestsNamingTheField() {
        assertThat(
                        post("/boards", "{\"board\":\"b\",\"uniqueVotes\":\"SOMETIMES\"}")
                                .text("detail"))
                .isEqualTo(
                        "uniqueVotes: must be one of NONE, PER_USER, PER_BOARD, not 'SOMETIMES'");
        assertThat(post("/boards", "{\"board\":\"b\",\"shards\":2.5}").text("detail"))
                .isEqualTo("shards: must be a whole number, not 2.5");
        assertThat(post("/boards", "{\"board\":\"b\",\"shards\":\"8\"}").text("field"))
                .isEqualTo("shards");
        assertThat(post("/boards", "{\"board\":\"b\",\"colour\":\"red\"}").text("detail"))
                .startsWith("colour: is not a known field");
        assertThat(post("/boards", "{}").text("detail")).isEqualTo("board: is required");
        assertThat(post("/boards", "").text("detail"))
                .isEqualTo("body: is missing; send a JSON object");
    }
}
