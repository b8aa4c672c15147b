package org.leaderboard.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.axonframework.queryhandling.QueryGateway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.FetchUserStandingQuery;
import org.leaderboard.model.api.UnknownUserException;
import org.leaderboard.model.api.UserStanding;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.Period;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.query.web.DirectReadRoute;
import org.leaderboard.query.web.PollerAnswers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.MediaType;
import org.springframework.http.RequestEntity;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The query API against a real Cassandra: events and snapshots are written with the shared DAOs (as
 * the writer and the snapshot worker would), answers are read over HTTP.
 */
@AutoConfigureObservability(tracing = false) // tests switch metric exporters off unless asked
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class LeaderboardQueryIntegrationTests {

    private static final Logger log = LoggerFactory.getLogger("responses");
    private static final QueryStore STORE = new QueryStore("query");

    @DynamicPropertySource
    static void cassandra(DynamicPropertyRegistry registry) {
        STORE.register(registry);
    }

    @AfterAll
    static void closeSession() {
        STORE.close();
    }

    @Autowired TestRestTemplate http;
    @Autowired ObjectMapper json;
    @Autowired QueryGateway queries;
    @Autowired DirectReadRoute route;
    @Autowired PollerAnswers pollerAnswers;
    @Autowired MeterRegistry meters;

    private final Instant now = Instant.now();

    @Test
    void ranksByVotesWithTiesSharingACompetitionRankListedByUserId() {
        BoardSettings board = board("ties");
        vote(board, "dave", 1, now.minusSeconds(200));
        vote(board, "carol", 1, now.minusSeconds(190));
        vote(board, "carol", 1, now.minusSeconds(180));
        vote(board, "carol", 1, now.minusSeconds(170));
        vote(board, "bob", 3, now.minusSeconds(160));
        vote(board, "alice", 2, now.minusSeconds(150));
        vote(board, "alice", 3, now.minusSeconds(140));

        JsonNode answer = ok("/boards/ties/leaderboard");

        assertThat(users(answer)).containsExactly("alice", "bob", "carol", "dave");
        assertThat(ranks(answer)).containsExactly(1L, 2L, 2L, 4L);
        assertThat(answer.get("totalUsers").asLong()).isEqualTo(4);
        assertThat(answer.get("tailEvents").asLong()).isEqualTo(7);
        assertThat(answer.get("snapshotCutoff").asText()).isEqualTo(board.epoch().toString());
        JsonNode alice = answer.get("entries").get(0);
        assertThat(alice.get("votes").asLong()).isEqualTo(5);
        assertThat(alice.get("count").asLong()).isEqualTo(2);
        assertThat(alice.get("min").asLong()).isEqualTo(2);
        assertThat(alice.get("max").asLong()).isEqualTo(3);
        assertThat(alice.get("mean").asDouble()).isEqualTo(2.5);
        assertThat(alice.get("stddev").asDouble()).isEqualTo(0.5);
    }

    @Test
    void pagesConcatenateToTheWholeBoardAndAnOffsetPastTheEndIsEmpty() {
        sevenUsers("pages");

        List<String> concatenated = new ArrayList<>();
        for (int offset = 0; offset < 7; offset += 3) {
            JsonNode page = ok("/boards/pages/leaderboard?offset=" + offset + "&limit=3");
            assertThat(page.get("offset").asInt()).isEqualTo(offset);
            assertThat(page.get("limit").asInt()).isEqualTo(3);
            concatenated.addAll(users(page));
        }
        JsonNode whole = ok("/boards/pages/leaderboard");
        JsonNode pastTheEnd = ok("/boards/pages/leaderboard?offset=7&limit=3");

        assertThat(concatenated).isEqualTo(users(whole)).hasSize(7);
        assertThat(whole.get("limit").asInt()).isEqualTo(100);
        assertThat(pastTheEnd.get("entries")).isEmpty();
        assertThat(pastTheEnd.get("totalUsers").asLong()).isEqualTo(7);
    }

    @Test
    void answersFromTheSnapshotPlusTheEventsAfterItsCutoff() {
        BoardSettings board = board("snap");
        Instant cutoff = board.buckets().floor(now.minusSeconds(300));
        vote(board, "alice", 2, cutoff.minusSeconds(120));
        vote(board, "alice", 4, cutoff.minusSeconds(60));
        vote(board, "bob", 5, cutoff.minusSeconds(30));
        vote(board, "carol", 1, cutoff.minusSeconds(90));
        STORE.writeSnapshot(board, cutoff);
        vote(board, "alice", 3, cutoff.plusSeconds(1));
        vote(board, "bob", -1, now.minusSeconds(60));
        vote(board, "dave", 7, now.minusSeconds(10));

        JsonNode answer = ok("/boards/snap/leaderboard");

        assertThat(answer.get("snapshotCutoff").asText()).isEqualTo(cutoff.toString());
        assertThat(answer.get("tailEvents").asLong()).isEqualTo(3);
        assertThat(users(answer)).containsExactly("alice", "dave", "bob", "carol");
        assertThat(votes(answer)).containsExactly(9L, 7L, 4L, 1L);
        JsonNode alice = answer.get("entries").get(0);
        assertThat(alice.get("count").asLong()).isEqualTo(3);
        assertThat(alice.get("min").asLong()).isEqualTo(2);
        assertThat(alice.get("max").asLong()).isEqualTo(4);
    }

    @Test
    void aNewerSnapshotMovesTheCutoffAndKeepsTheTotals() {
        BoardSettings board = board("newer");
        Instant first = board.buckets().floor(now.minusSeconds(400));
        Instant second = first.plusSeconds(120);
        vote(board, "alice", 2, first.minusSeconds(30));
        vote(board, "bob", 3, first.plusSeconds(30));
        vote(board, "alice", 5, second.plusSeconds(30));
        STORE.writeSnapshot(board, first);
        JsonNode before = ok("/boards/newer/leaderboard");

        STORE.writeSnapshot(board, second);
        // The newer head loads in the background; meanwhile answers come from the older one
        // (plus its longer tail), with the same totals.
        JsonNode meanwhile = ok("/boards/newer/leaderboard");
        org.awaitility.Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .until(
                        () ->
                                ok("/boards/newer/leaderboard")
                                        .get("snapshotCutoff")
                                        .asText()
                                        .equals(second.toString()));
        JsonNode after = ok("/boards/newer/leaderboard");

        assertThat(meanwhile.get("entries")).isEqualTo(before.get("entries"));
        assertThat(before.get("snapshotCutoff").asText()).isEqualTo(first.toString());
        assertThat(before.get("tailEvents").asLong()).isEqualTo(2);
        assertThat(after.get("snapshotCutoff").asText()).isEqualTo(second.toString());
        assertThat(after.get("tailEvents").asLong()).isEqualTo(1);
        assertThat(after.get("entries")).isEqualTo(before.get("entries"));
        assertThat(votes(after)).containsExactly(7L, 3L);
    }

    @Test
    void aUserStandingShowsTheNeighboursAboveAndBelow() {
        sevenUsers("around");

        JsonNode u4 = ok("/boards/around/users/u4?around=1");
        JsonNode u1 = ok("/boards/around/users/u1?around=0");
        JsonNode byDefault = ok("/boards/around/users/u7");

        assertThat(u4.get("rank").asLong()).isEqualTo(4);
        assertThat(u4.get("votes").asLong()).isEqualTo(40);
        assertThat(u4.get("totalUsers").asLong()).isEqualTo(7);
        assertThat(u4.get("tailEvents").asLong()).isEqualTo(7);
        assertThat(users(u4.get("around"))).containsExactly("u3", "u4", "u5");
        assertThat(users(u1.get("around"))).containsExactly("u1");
        assertThat(users(byDefault.get("around")))
                .containsExactly("u2", "u3", "u4", "u5", "u6", "u7");
    }

    @Test
    void aFriendsBoardShowsTheNamedUsersWithTheirRanksOnTheWholeBoard() {
        BoardSettings board = board("friends");
        Instant cutoff = board.buckets().floor(now.minusSeconds(300));
        for (int i = 1; i <= 7; i++) {
            vote(board, "u" + i, 80 - 10 * i, cutoff.minusSeconds(i));
        }
        STORE.writeSnapshot(board, cutoff);
        vote(board, "u6", 45, now.minusSeconds(50));

        JsonNode friends = ok("/boards/friends/leaderboard?users=u7,u2,nobody,u6,u2");
        JsonNode repeated = ok("/boards/friends/leaderboard?users=u7&users=u2");
        JsonNode eventual = ok("/boards/friends/leaderboard?users=u2,u5&consistency=eventual");

        // The whole board, ranked as users(...) would show it: u6 (20 + 45) passed u2..u5.
        List<String> whole = users(ok("/boards/friends/leaderboard"));
        assertThat(whole).containsExactly("u1", "u6", "u2", "u3", "u4", "u5", "u7");
        assertThat(users(friends)).containsExactly("u6", "u2", "u7");
        assertThat(ranks(friends)).containsExactly(2L, 3L, 7L);
        assertThat(votes(friends)).containsExactly(65L, 60L, 10L);
        assertThat(friends.get("totalUsers").asLong()).isEqualTo(7);
        assertThat(friends.get("tailEvents").asLong()).isEqualTo(1);
        assertThat(users(repeated)).containsExactly("u2", "u7");
        assertThat(users(eventual)).containsExactly("u2", "u5");
        assertRefused(
                "/boards/friends/leaderboard?users=u1&limit=5",
                "users",
                "users: names the users to show, so it cannot be combined with limit: leave out"
                        + " one of the two");
        assertRefused("/boards/friends/leaderboard?users=u1,,u2", "users", "users: is required");
    }

    @Test
    void anUnknownUserOrBoardIs404() {
        sevenUsers("known");

        JsonNode user = problem("/boards/known/users/nobody", 404);
        JsonNode boardOfUser = problem("/boards/nowhere/users/u1", 404);
        JsonNode board = problem("/boards/nowhere/leaderboard", 404);

        assertThat(user.get("detail").asText())
                .isEqualTo("user 'nobody' has no votes on board 'known'");
        assertThat(board.get("detail").asText())
                .isEqualTo("board 'nowhere' does not exist; create it with POST /boards first");
        assertThat(boardOfUser.get("detail")).isEqualTo(board.get("detail"));
    }

    @Test
    void badParametersAre400NamingTheParameterAndTheLimit() {
        sevenUsers("bad");

        assertRefused(
                "/boards/bad/leaderboard?limit=0",
                "limit",
                "limit: is 0; must be between 1 and 1000");
        assertRefused(
                "/boards/bad/leaderboard?limit=1001",
                "limit",
                "limit: is 1001; must be between 1 and 1000");
        assertRefused(
                "/boards/bad/leaderboard?offset=-1", "offset", "offset: is -1; must be 0 or more");
        assertRefused(
                "/boards/bad/leaderboard?limit=ten", "limit", "limit: 'ten' is not a whole number");
        assertRefused(
                "/boards/bad/users/u1?around=51",
                "around",
                "around: is 51; must be between 0 and 50");
        assertRefused(
                "/boards/bad/users/u1?around=-1",
                "around",
                "around: is -1; must be between 0 and 50");
        assertRefused(
                "/boards/bad/leaderboard?limit=99999999999",
                "limit",
                "limit: '99999999999' is out of range for a whole number parameter");
        assertRefused(
                "/boards/-bad/leaderboard",
                "board",
                "board: '-bad' is not a board id: use letters, digits, '.', '_' and '-',"
                        + " starting with a letter or digit");
        assertRefused(
                "/boards/bad/users/u1?around=x", "around", "around: 'x' is not a whole number");
        assertRefused(
                "/boards/bad/users/" + "u".repeat(129),
                "user",
                "user: is 129 characters long; at most 128 allowed");
        assertRefused("/boards/bad/users/%20", "user", "user: must not be blank");
    }

    @Test
    void aVoteStoredBeforeAQueryStartsIsCountedByThatQuery() {
        BoardSettings board = board("ryw");
        for (int votes = 1; votes <= 5; votes++) {
            vote(board, "alice", 1, Instant.now(), TimeUuids.newVoteId());

            JsonNode answer = ok("/boards/ryw/users/alice?around=0");

            assertThat(answer.get("votes").asLong()).isEqualTo(votes);
            assertThat(answer.get("tailEvents").asLong()).isEqualTo(votes);
        }
    }

    @Test
    void readYourWritesAnswersStayExactWhileNewUsersAreTakenIntoVersionsOfTheRanking()
            throws InterruptedException {
        BoardSettings board = board("versions");
        Map<String, Long> expected = new HashMap<>();
        // Rounds of 40 new users and a few old ones: a version of the ranking is due every few
        // rounds (128 users, or a tenth of a second), and the read after the one that finds it
        // due makes it while the replicas answer that read.
        for (int round = 0; round < 12; round++) {
            for (int i = 0; i < 40; i++) {
                String user = "v" + (round * 40 + i);
                int votes = 1 + (round * 7 + i * 13) % 50;
                vote(board, user, votes, Instant.now(), TimeUuids.newVoteId());
                expected.merge(user, (long) votes, Long::sum);
            }
            String again = "v" + (round * 17) % (round * 40 + 40);
            vote(board, again, 30, Instant.now(), TimeUuids.newVoteId());
            expected.merge(again, 30L, Long::sum);
            if (round % 3 == 2) {
                Thread.sleep(120);
            }

            JsonNode answer = ok("/boards/versions/leaderboard?limit=500");

            List<String> ranked =
                    expected.entrySet().stream()
                            .sorted(
                                    Map.Entry.<String, Long>comparingByValue()
                                            .reversed()
                                            .thenComparing(Map.Entry.comparingByKey()))
                            .map(Map.Entry::getKey)
                            .toList();
            assertThat(users(answer)).as("round %d", round).isEqualTo(ranked);
            assertThat(answer.get("totalUsers").asLong()).isEqualTo(expected.size());
            JsonNode standing = ok("/boards/versions/users/" + again + "?around=0");
            assertThat(standing.get("votes").asLong()).isEqualTo(expected.get(again));
            assertThat(standing.get("rank").asLong())
                    .isEqualTo(
                            1
                                    + expected.values().stream()
                                            .filter(v -> v > expected.get(again))
                                            .count());
        }
    }

    @Test
    void anEventualAnswerComesFromMemorySaysHowOldItIsAndCatchesUp() {
        BoardSettings board = sevenUsers("eventual");
        STORE.writeSnapshot(board, board.buckets().floor(now.minusSeconds(60)));

        JsonNode first = ok("/boards/eventual/leaderboard?consistency=eventual");
        vote(board, "u7", 100, Instant.now(), TimeUuids.newVoteId());

        assertThat(votes(first)).containsExactly(70L, 60L, 50L, 40L, 30L, 20L, 10L);
        assertThat(first.get("stalenessMillis").asLong()).isBetween(0L, 5_000L);
        org.awaitility.Awaitility.await()
                .atMost(java.time.Duration.ofSeconds(20))
                .until(
                        () ->
                                users(ok("/boards/eventual/leaderboard?consistency=eventual"))
                                        .get(0)
                                        .equals("u7"));
        // Asked again, the view's page is written from the JSON kept for its entries: the same
        // entries as a read-your-writes answer of the board (no vote since).
        JsonNode again = ok("/boards/eventual/leaderboard?consistency=eventual");
        assertThat(again.get("entries"))
                .isEqualTo(ok("/boards/eventual/leaderboard").get("entries"));
        assertThat(again.get("stalenessMillis").isNumber()).isTrue();
        JsonNode standing = ok("/boards/eventual/users/u7?around=1&consistency=eventual");
        assertThat(standing.get("votes").asLong()).isEqualTo(110);
        assertThat(standing.get("rank").asLong()).isEqualTo(1);
        assertThat(ok("/boards/eventual/leaderboard").get("stalenessMillis").isNull()).isTrue();
        assertRefused(
                "/boards/eventual/leaderboard?consistency=sometimes",
                "consistency",
                "consistency: 'sometimes' is not a consistency; use strong (read-your-writes, the"
                        + " default) or eventual (in-memory, about a second old)");
    }

    @Test
    void theDirectRouteAnswersCommonReadsWithTheFullChainsBytesAndHeaders() {
        BoardSettings board = sevenUsers("direct");
        STORE.writeSnapshot(board, board.buckets().floor(now.minusSeconds(60)));
        // The first read fills the board's view, through the full chain: the route answers only
        // from a view held, never waiting for the store. Both paths below read the same view.
        long first = route.answered();
        ok("/boards/direct/leaderboard?consistency=eventual");
        assertThat(route.answered()).isEqualTo(first);
        long requests = requestsTimed("/boards/{board}/leaderboard", 200);

        List<String> paths =
                List.of(
                        "/boards/direct/leaderboard?consistency=eventual",
                        "/boards/direct/leaderboard?offset=2&limit=3&consistency=eventual",
                        "/boards/direct/users/u3?consistency=eventual",
                        "/boards/direct/users/u3?around=1&consistency=eventual",
                        "/boards/direct/leaderboard",
                        "/boards/direct/leaderboard?offset=2&limit=3&consistency=strong",
                        "/boards/direct/users/u3?around=1",
                        "/boards/direct/users/u3?consistency=strong");
        long onPoller = pollerAnswers.answeredOnPoller();
        for (String path : paths) {
            long before = route.answered();
            ResponseEntity<String> direct = get(path, "application/json");
            assertThat(route.answered()).as(path).isEqualTo(before + 1);
            // An Accept naming another application type as high as JSON is left to the full
            // chain's content negotiation (which has no XML to give, so answers JSON).
            ResponseEntity<String> chain = get(path, "application/xml, application/json");
            assertThat(route.answered()).as(path).isEqualTo(before + 1);

            assertThat(direct.getStatusCode().value()).as(path).isEqualTo(200);
            assertThat(withoutStaleness(direct.getBody()))
                    .as(path)
                    .isEqualTo(withoutStaleness(chain.getBody()));
            assertThat(parse(direct.getBody()).get("stalenessMillis").isNumber())
                    .as(path)
                    .isEqualTo(path.contains("eventual"));
            assertThat(headersButDate(direct)).as(path).isEqualTo(headersButDate(chain));
        }
        // Both paths count in the controller's request timer, one series.
        assertThat(requestsTimed("/boards/{board}/leaderboard", 200)).isEqualTo(requests + 8);
        // The eight bounded-staleness reads of a held view (four by the route, four by the chain)
        // may be answered on the poller thread (each one that came while no other connection was
        // ready); the read-your-writes ones, which wait for the board's shared read, never are.
        assertThat(pollerAnswers.answeredOnPoller() - onPoller).isBetween(1L, 8L);
        // The standings above were written by the route's own writer, not the mapper: it writes
        // them as the service's mapper does, or it would have left them to the mapper.
        assertThat(route.writesStandingsItself()).isTrue();
    }

    /**
     * A read-your-writes read waits for the board's shared read wherever it is answered: a refusal
     * once it has waited is answered by the route (asked again through the chain, it would wait
     * again), with the chain's bytes and headers.
     */
    @Test
    void theDirectRouteRefusesAReadYourWritesReadAsTheChainDoes() {
        sevenUsers("refused");
        ok("/boards/refused/leaderboard");
        String path = "/boards/refused/users/nobody?around=1";
        long timed = requestsTimed("/boards/{board}/users/{user}", 404);
        long before = route.answered();

        ResponseEntity<String> direct = get(path, "application/json");
        assertThat(route.answered()).isEqualTo(before + 1);
        ResponseEntity<String> chain = get(path, "application/xml, application/json");
        assertThat(route.answered()).isEqualTo(before + 1);

        assertThat(direct.getStatusCode().value()).isEqualTo(404);
        assertThat(direct.getBody()).isEqualTo(chain.getBody());
        assertThat(parse(direct.getBody()).get("detail").asText())
                .isEqualTo("user 'nobody' has no votes on board 'refused'");
        assertThat(headersButDate(direct)).isEqualTo(headersButDate(chain));
        assertThat(direct.getHeaders().getContentType())
                .isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        assertThat(requestsTimed("/boards/{board}/users/{user}", 404)).isEqualTo(timed + 2);
    }

    @Test
    void requestsTheDirectRouteDoesNotTakeGetTheFullChainsAnswers() {
        sevenUsers("declined");
        ok("/boards/declined/leaderboard?consistency=eventual");
        long before = route.answered();

        // Friends' boards, a user id sent percent-encoded: answered in full.
        assertThat(users(ok("/boards/declined/leaderboard?users=u2,u5&consistency=eventual")))
                .containsExactly("u2", "u5");
        assertThat(users(ok("/boards/declined/leaderboard?users=u2,u5")))
                .containsExactly("u2", "u5");
        assertThat(ok("/boards/declined/users/u%37?consistency=eventual").get("rank").asLong())
                .isEqualTo(7);
        // Refusals keep the chain's words and fields.
        assertRefused(
                "/boards/declined/leaderboard?consistency=eventual&Limit=5",
                "Limit",
                "Limit: is not a parameter of this request; it takes offset, limit, asOf,"
                        + " consistency, users");
        assertThat(
                        problem("/boards/declined/leaderboard?limit=ten&consistency=eventual", 400)
                                .get("field")
                                .asText())
                .isEqualTo("limit");
        assertThat(
                        problem("/boards/declined/leaderboard?limit=5000&consistency=eventual", 400)
                                .get("field")
                                .asText())
                .isEqualTo("limit");
        assertThat(
                        problem(
                                        "/boards/declined/leaderboard?consistency=eventual"
                                                + "&asOf=2026-11-21T10:15:30Z",
                                        400)
                                .get("field")
                                .asText())
                .isEqualTo("consistency");
        assertThat(
                        problem(
                                        "/boards/declined/users/u1?consistency=eventual"
                                                + "&consistency=eventual",
                                        400)
                                .get("field")
                                .asText())
                .isEqualTo("consistency");
        problem("/boards/no-such-board/leaderboard?consistency=eventual", 404);
        problem("/boards/declined/users/nobody?consistency=eventual", 404);
        // Read-your-writes reads refused before they wait: by the chain too.
        problem("/boards/no-such-board/users/u1", 404);
        assertThat(problem("/boards/declined/leaderboard?limit=5000", 400).get("field").asText())
                .isEqualTo("limit");
        assertThat(problem("/boards/declined/users/u1?around=-1", 400).get("field").asText())
                .isEqualTo("around");
        assertThat(
                        problem(
                                        "/boards/declined/leaderboard?consistency=strong&consistency=strong",
                                        400)
                                .get("field")
                                .asText())
                .isEqualTo("consistency");
        assertThat(
                        get("/boards/declined/leaderboard?consistency=eventual", "text/html")
                                .getStatusCode()
                                .value())
                .isEqualTo(406);
        // YAML preferred to JSON: the chain's content negotiation answers YAML.
        ResponseEntity<String> yaml =
                get(
                        "/boards/declined/leaderboard?consistency=eventual",
                        "application/yaml, application/json;q=0.9");
        assertThat(yaml.getStatusCode().value()).isEqualTo(200);
        assertThat(yaml.getHeaders().getContentType().toString()).startsWith("application/yaml");
        assertThat(yaml.getBody()).contains("declined").doesNotStartWith("{");

        assertThat(route.answered()).isEqualTo(before);
    }

    /** Accept headers with quality values that prefer JSON are answered by the direct route. */
    @Test
    void theDirectRouteTakesAcceptsThatPreferJson() {
        sevenUsers("weighed");
        ok("/boards/weighed/leaderboard?consistency=eventual");
        for (String accept :
                List.of(
                        "application/json;q=0.9",
                        "*/*;q=0.8",
                        "application/json, application/yaml;q=0.5",
                        "text/html, */*;q=0.1")) {
            long before = route.answered();
            ResponseEntity<String> answer =
                    get("/boards/weighed/leaderboard?consistency=eventual", accept);
            assertThat(route.answered()).as(accept).isEqualTo(before + 1);
            assertThat(answer.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_JSON);
            assertThat(users(parse(answer.getBody()))).as(accept).hasSize(7);
        }
    }

    @Test
    void beyondTheRetentionHorizonOnlyEachClosedPeriodsFinalStandingsAreAnswered() {
        Instant today = now.truncatedTo(ChronoUnit.DAYS);
        Instant dayBeforeYesterday = today.minus(Duration.ofDays(2));
        Instant yesterday = today.minus(Duration.ofDays(1));
        BoardSettings daily =
                STORE.boards.insertIfAbsent(
                        new BoardSettings(
                                "kept-daily",
                                60,
                                UniqueVotes.NONE,
                                60,
                                4,
                                4,
                                dayBeforeYesterday.plusSeconds(3600),
                                Period.DAILY,
                                BoardSettings.UTC,
                                1));
        vote(daily, "alice", 3, dayBeforeYesterday.plus(Duration.ofHours(12)));
        vote(daily, "bob", 1, dayBeforeYesterday.plus(Duration.ofHours(13)));
        // The head at the day's end: the final standings that retention keeps.
        STORE.writeSnapshot(daily, yesterday);
        Instant lastMillisecond = yesterday.minusMillis(1);

        JsonNode refused =
                problem(
                        "/boards/kept-daily/leaderboard?asOf="
                                + dayBeforeYesterday.plus(Duration.ofHours(14)),
                        400);
        assertThat(refused.get("field").asText()).isEqualTo("asOf");
        assertThat(refused.get("detail").asText())
                .contains("before the board's time-travel horizon")
                .contains("retentionDays 1")
                .contains("asOf=" + lastMillisecond);
        JsonNode finalStandings = ok("/boards/kept-daily/leaderboard?asOf=" + lastMillisecond);
        assertThat(users(finalStandings)).containsExactly("alice", "bob");
        assertThat(votes(finalStandings)).containsExactly(3L, 1L);
        assertThat(finalStandings.get("tailEvents").asLong()).isZero();

        STORE.boards.insertIfAbsent(
                new BoardSettings(
                        "kept-plain",
                        60,
                        UniqueVotes.NONE,
                        60,
                        4,
                        4,
                        now.minusSeconds(600),
                        Period.NONE,
                        BoardSettings.UTC,
                        1));
        JsonNode plain =
                problem(
                        "/boards/kept-plain/leaderboard?asOf=" + now.minus(Duration.ofDays(2)),
                        400);
        assertThat(plain.get("detail").asText())
                .contains("before the board's time-travel horizon")
                .doesNotContain("final standings");
    }

    @Test
    void theQueryBusHandsBackTheHandlersOwnException() throws Exception {
        sevenUsers("bus");

        CompletableFuture<UserStanding> answer =
                queries.query(new FetchUserStandingQuery("bus", "nobody", 0), UserStanding.class);

        assertThat(answer)
                .failsWithin(Duration.ofSeconds(30))
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isExactlyInstanceOf(UnknownUserException.class);
    }

    @Test
    void readsArePublicByDefaultButAnInvalidApiKeyIsStillRefused() {
        sevenUsers("public");
        ok("/boards/public/leaderboard?consistency=eventual");

        for (String path :
                List.of(
                        "/boards/public/leaderboard",
                        "/boards/public/leaderboard?consistency=eventual")) {
            ResponseEntity<String> withBadKey =
                    http.exchange(
                            RequestEntity.get(URI.create(http.getRootUri() + path))
                                    .header("X-API-Key", "no-such-key-0123456789")
                                    .build(),
                            String.class);

            assertThat(ok(path).get("totalUsers").asLong()).isEqualTo(7);
            assertThat(withBadKey.getStatusCode().value()).as(path).isEqualTo(401);
            assertThat(parse(withBadKey.getBody()).get("detail").asText())
                    .isEqualTo("the API key is not valid");
        }
    }

    @Test
    void reportsReadinessWithCassandraAndQueryMetrics() {
        sevenUsers("metrics");
        ok("/boards/metrics/leaderboard?limit=1");
        ok("/boards/metrics/users/u1");

        JsonNode readiness = ok("/actuator/health/readiness");
        String prometheus = http.getForObject("/actuator/prometheus", String.class);

        assertThat(readiness.get("status").asText()).isEqualTo("UP");
        assertThat(readiness.at("/components/cassandra/status").asText()).isEqualTo("UP");
        assertThat(prometheus)
                .contains("leaderboard_query_seconds_count{type=\"top\"}")
                .contains("leaderboard_query_seconds_count{type=\"user\"}")
                .contains("leaderboard_tail_events_count")
                .contains("leaderboard_strong_read_seconds_count{phase=\"tail\"}")
                .contains("leaderboard_strong_read_seconds_count{phase=\"rank\"}");
    }

    private BoardSettings board(String name) {
        return STORE.board(name, now);
    }

    /** u1..u7 with 70, 60, ..., 10 votes, no snapshot. */
    private BoardSettings sevenUsers(String name) {
        BoardSettings board = board(name);
        for (int i = 1; i <= 7; i++) {
            vote(board, "u" + i, 80 - 10 * i, now.minusSeconds(100 + i));
        }
        return board;
    }

    private void vote(BoardSettings board, String user, int votes, Instant time) {
        vote(board, user, votes, time, TimeUuids.voteIdAt(time));
    }

    private void vote(BoardSettings board, String user, int votes, Instant time, UUID voteId) {
        VoteCastEvent event = new VoteCastEvent(voteId, board.board(), user, "voter", votes);
        STORE.vote(board, event, time);
    }

    private JsonNode ok(String path) {
        ResponseEntity<String> response = get(path);
        assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
        return parse(response.getBody());
    }

    private JsonNode problem(String path, int status) {
        ResponseEntity<String> response = get(path);
        assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(status);
        assertThat(response.getHeaders().getContentType())
                .isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        JsonNode problem = parse(response.getBody());
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        return problem;
    }

    private void assertRefused(String path, String field, String detail) {
        JsonNode problem = problem(path, 400);
        assertThat(problem.get("field").asText()).isEqualTo(field);
        assertThat(problem.get("detail").asText()).isEqualTo(detail);
    }

    private ResponseEntity<String> get(String path, String accept) {
        RequestEntity<Void> request =
                RequestEntity.get(URI.create(http.getRootUri() + path))
                        .header("Accept", accept)
                        .build();
        return http.exchange(request, String.class);
    }

    /** The answer with its age (which differs between two answers of one view) taken out. */
    private static String withoutStaleness(String body) {
        return body.replaceAll("\"stalenessMillis\":[0-9]+", "\"stalenessMillis\":0");
    }

    /** The headers but the date and how the body is framed (a declared length, or chunks). */
    private static Map<String, List<String>> headersButDate(ResponseEntity<String> response) {
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.putAll(response.getHeaders());
        headers.remove("Date");
        headers.remove("Content-Length");
        headers.remove("Transfer-Encoding");
        return headers;
    }

    /** Requests the registry's http.server.requests timer counted for {@code uri} and status. */
    private long requestsTimed(String uri, int status) {
        return meters
                .find("http.server.requests")
                .tag("uri", uri)
                .tag("status", Integer.toString(status))
                .timers()
                .stream()
                .mapToLong(Timer::count)
                .sum();
    }

    private ResponseEntity<String> get(String path) {
        // A URI, not a template: the path is sent exactly as written (e.g. %20 stays one space).
        ResponseEntity<String> response =
                http.getForEntity(URI.create(http.getRootUri() + path), String.class);
        log.info("GET {} -> {} {}", path, response.getStatusCode().value(), response.getBody());
        return response;
    }

    private JsonNode parse(String body) {
        try {
            return json.readTree(body);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + body, e);
        }
    }

    private static List<String> users(JsonNode answerOrEntries) {
        JsonNode entries =
                answerOrEntries.has("entries") ? answerOrEntries.get("entries") : answerOrEntries;
        List<String> users = new ArrayList<>();
        entries.forEach(entry -> users.add(entry.get("user").asText()));
        return users;
    }

    private static List<Long> ranks(JsonNode answer) {
        List<Long> ranks = new ArrayList<>();
        answer.get("entries").forEach(entry -> ranks.add(entry.get("rank").asLong()));
        return ranks;
    }

    private static List<Long> votes(JsonNode answer) {
        List<Long> votes = new ArrayList<>();
        answer.get("entries").forEach(entry -> votes.add(entry.get("votes").asLong()));
        return votes;
    }
}
