package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.leaderboard.testsupport.TestTokens;

/**
 * Who may send commands: no or invalid credentials are 401, the wrong role 403, both as problem
 * details that say what to send; API keys and bearer tokens signed by the trusted issuer both work;
 * probes need no credentials.
 */
class WriterSecurityIntegrationTests extends WriterIntegrationTestBase {

    private static final String PROBLEM = "application/problem+json";

    @Test
    void aVoteWithoutCredentialsIs401WithAProblemSayingHowToAuthenticateAndIsNotStored() {
        String board = createdBoard();
        UUID voteId = voteIdNow();

        Answer answer = send("POST", votes(board), vote(voteId, "u1", 1));

        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.contentType()).startsWith(PROBLEM);
        assertThat(answer.text("title")).isEqualTo("Unauthenticated");
        assertThat(answer.text("detail")).contains("X-API-Key").contains("Bearer");
        assertThat(storedVote(board, voteId)).isEmpty();
    }

    @Test
    void anUnknownApiKeyIs401NamingTheKeyAsTheProblem() {
        String board = createdBoard();

        Answer answer =
                send(
                        "POST",
                        votes(board),
                        vote(voteIdNow(), "u1", 1),
                        "X-API-Key",
                        "not-a-configured-key-at-all");

        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.contentType()).startsWith(PROBLEM);
        assertThat(answer.text("detail")).isEqualTo("the API key is not valid");
    }

    @Test
    void aVoterCastsVotesWithEitherKeyHeaderButMayNotCreateBoards() {
        String board = createdBoard();
        UUID first = voteIdNow();
        UUID second = voteIdNow();

        Answer viaHeader = send("POST", votes(board), vote(first, "u1", 1), "X-API-Key", VOTER_KEY);
        Answer viaAuthorization =
                send(
                        "POST",
                        votes(board),
                        vote(second, "u1", 1),
                        "Authorization",
                        "ApiKey " + VOTER_KEY);
        Answer creation =
                send(
                        "POST",
                        "/boards",
                        "{\"board\":\"" + newBoard("v") + "\"}",
                        "X-API-Key",
                        VOTER_KEY);

        assertThat(viaHeader.status()).isEqualTo(202);
        assertThat(viaAuthorization.status()).isEqualTo(202);
        assertThat(storedVote(board, first)).isPresent();
        assertThat(storedVote(board, second)).isPresent();
        assertThat(creation.status()).isEqualTo(403);
        assertThat(creation.contentType()).startsWith(PROBLEM);
        assertThat(creation.text("detail"))
                .isEqualTo(
                        "POST /boards needs the role ADMIN; the credentials of 'test-voter'"
                                + " carry VOTER");
    }

    @Test
    void aReaderMayNotCastVotesButAnAdminMay() {
        String board = createdBoard();
        UUID refused = voteIdNow();
        UUID accepted = voteIdNow();

        Answer reader = send("POST", votes(board), vote(refused, "u1", 1), "X-API-Key", READER_KEY);
        Answer admin = send("POST", votes(board), vote(accepted, "u1", 1), "X-API-Key", ADMIN_KEY);
        Answer batch =
                send(
                        "POST",
                        votes(board) + "/batch",
                        "{\"votes\":[" + vote(voteIdNow(), "u1", 1) + "]}",
                        "X-API-Key",
                        READER_KEY);

        assertThat(reader.status()).isEqualTo(403);
        assertThat(reader.text("detail")).contains("needs the role VOTER").contains("READER");
        assertThat(storedVote(board, refused)).isEmpty();
        assertThat(batch.status()).isEqualTo(403);
        assertThat(admin.status()).as("ADMIN implies VOTER").isEqualTo(202);
        assertThat(storedVote(board, accepted)).isPresent();
    }

    @Test
    void retractionNeedsTheAdminRole() {
        String board = createdBoard();
        String retraction = votes(board) + "/" + voteIdNow() + "/retraction";

        Answer anonymous = send("POST", retraction, "{}");
        Answer voter = send("POST", retraction, "{}", "X-API-Key", VOTER_KEY);
        Answer admin = send("POST", retraction, "{}", "X-API-Key", ADMIN_KEY);

        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(voter.status()).isEqualTo(403);
        assertThat(voter.text("detail")).contains("needs the role ADMIN");
        assertThat(admin.status()).as("past security").isNotIn(401, 403);
    }

    @Test
    void boardAdministrationNeedsTheAdminRole() {
        String board = createdBoard();
        List<String[]> requests =
                List.of(
                        new String[] {"GET", "/boards"},
                        new String[] {"GET", "/boards/" + board},
                        new String[] {"POST", "/boards/" + board + "/close"},
                        new String[] {"POST", "/boards/" + board + "/reopen"});

        for (String[] request : requests) {
            String call = request[0] + " " + request[1];
            assertThat(send(request[0], request[1], null).status()).as(call).isEqualTo(401);
            for (String key : List.of(VOTER_KEY, READER_KEY)) {
                Answer answer = send(request[0], request[1], null, "X-API-Key", key);
                assertThat(answer.status()).as(call).isEqualTo(403);
                assertThat(answer.text("detail")).startsWith(call + " needs the role ADMIN");
            }
        }
        assertThat(
                        send(
                                        "POST",
                                        votes(board),
                                        vote(voteIdNow(), "u1", 1),
                                        "X-API-Key",
                                        VOTER_KEY)
                                .status())
                .as("the refused close did not close the board")
                .isEqualTo(202);
        for (String[] request : requests) {
            assertThat(send(request[0], request[1], null, "X-API-Key", ADMIN_KEY).status())
                    .as(request[0] + " " + request[1])
                    .isEqualTo(200);
        }
    }

    @Test
    void bearerTokensFromTheTrustedIssuerCarryTheirRoles() {
        String board = newBoard("jwt");
        String admin = "Bearer " + TestTokens.token("ops@example.org", "admin");
        String voter = "Bearer " + TestTokens.token("app-1", "VOTER");
        UUID voteId = voteIdNow();

        Answer created =
                send("POST", "/boards", "{\"board\":\"" + board + "\"}", "Authorization", admin);
        Answer cast = send("POST", votes(board), vote(voteId, "u1", 1), "Authorization", voter);
        Answer voterCreates =
                send(
                        "POST",
                        "/boards",
                        "{\"board\":\"" + newBoard("x") + "\"}",
                        "Authorization",
                        voter);

        assertThat(created.status()).isEqualTo(201);
        assertThat(cast.status()).isEqualTo(202);
        assertThat(storedVote(board, voteId)).isPresent();
        assertThat(voterCreates.status()).isEqualTo(403);
        assertThat(voterCreates.text("detail")).contains("'app-1'").contains("carry VOTER");
    }

    @Test
    void expiredAndForgedTokensAre401WithTheReason() {
        String board = createdBoard();

        Answer expired =
                send(
                        "POST",
                        votes(board),
                        vote(voteIdNow(), "u1", 1),
                        "Authorization",
                        "Bearer " + TestTokens.expiredToken("app-1", "VOTER"));
        Answer forged =
                send(
                        "POST",
                        votes(board),
                        vote(voteIdNow(), "u1", 1),
                        "Authorization",
                        "Bearer " + TestTokens.forgedToken("app-1", "ADMIN"));

        assertThat(expired.status()).isEqualTo(401);
        assertThat(expired.contentType()).startsWith(PROBLEM);
        assertThat(expired.text("detail"))
                .startsWith("the bearer token is not valid")
                .contains("expired");
        assertThat(forged.status()).isEqualTo(401);
        assertThat(forged.text("detail")).startsWith("the bearer token is not valid");
    }

    @Test
    void probesAndMetricsNeedNoCredentialsButOtherPathsDo() {
        assertThat(send("GET", "/actuator/health/readiness", null).status()).isEqualTo(200);
        assertThat(send("GET", "/actuator/health/liveness", null).status()).isEqualTo(200);
        // (Prometheus is switched off in Spring Boot tests; the system tests scrape it.)
        assertThat(send("GET", "/actuator/metrics", null).status()).isEqualTo(200);

        assertThat(send("GET", "/boards", null).status()).isEqualTo(401);
        assertThat(send("GET", "/no-such-path", null).status()).isEqualTo(401);
        assertThat(send("GET", "/no-such-path", null, "X-API-Key", VOTER_KEY).status())
                .isEqualTo(404);
    }

    private String createdBoard() {
        String board = newBoard("sec");
        assertThat(createBoard(board).status()).isEqualTo(201);
        return board;
    }

    private static String votes(String board) {
        return "/boards/" + board + "/votes";
    }

    private Answer send(String method, String path, String body, String... headers) {
        return sendAsync(method, path, body, headers).join();
    }
}
