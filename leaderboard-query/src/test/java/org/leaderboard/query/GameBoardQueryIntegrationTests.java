package org.leaderboard.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.query.rank.NaiveRanking;
import org.leaderboard.query.rank.NaiveRanking.Ranked;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Game boards against a real Cassandra, checked against an oracle: random submissions are written
 * as events (as the writer would), part of them folded into a snapshot (as the worker would), and
 * every answer of the API, through the snapshot plus the tail, must equal the naive ranking of the
 * accepted submissions: each user's list scored by the board's kind, sorted best first, ties by
 * user id, competition ranks.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class GameBoardQueryIntegrationTests {

    private static final QueryStore STORE = new QueryStore("games");

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

    /** Whole seconds, so that a submission's time is never on the boundary of an asOf. */
    private final Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    private record Submission(String user, int value, Instant time) {}

    @ParameterizedTest
    @EnumSource(ScoreKind.class)
    void theRankingThroughASnapshotAndItsTailEqualsTheNaiveRankingOfTheSubmissions(ScoreKind kind) {
        BoardSettings board = board("oracle-" + kind.name().toLowerCase(Locale.ROOT), kind);
        Instant cutoff = board.buckets().floor(now.minusSeconds(300));
        List<Submission> submissions = submissions(kind, 150, new Random(kind.ordinal() + 42L));
        submissions.forEach(s -> vote(board, s));
        STORE.writeSnapshot(board, cutoff);

        JsonNode page = ok("/boards/" + board.board() + "/leaderboard?limit=1000");
        List<Ranked> expected = naiveRanking(kind, submissions, now);

        assertThat(page.get("scoreKind").asText()).isEqualTo(kind.name());
        assertThat(page.get("snapshotCutoff").asText()).isEqualTo(cutoff.toString());
        assertThat(page.get("tailEvents").asLong())
                .isEqualTo(submissions.stream().filter(s -> !s.time().isBefore(cutoff)).count());
        assertThat(page.get("totalUsers").asLong()).isEqualTo(expected.size());
        assertThat(ranked(page.get("entries"))).isEqualTo(expected);
        assertThat(
                        ok("/boards/"
                                        + board.board()
                                        + "/leaderboard?limit=1000&consistency=eventual")
                                .get("entries"))
                .isEqualTo(page.get("entries"));
        assertChartScoresTheLeadersAtTheCutoff(board, kind, submissions, cutoff, expected);
    }

    /**
     * The chart draws the current leaders (query.chart.top-users: 5), in ranking order, each with
     * its score at the snapshot's cutoff: none yet on a BEST or LOWEST board for a leader whose
     * submissions all came later.
     */
    private void assertChartScoresTheLeadersAtTheCutoff(
            BoardSettings board,
            ScoreKind kind,
            List<Submission> submissions,
            Instant cutoff,
            List<Ranked> expected) {
        JsonNode top = ok("/boards/" + board.board() + "/chart?minutes=60").get("top");
        Map<String, Long> atCutoff = new HashMap<>();
        naiveRanking(kind, submissions, cutoff.minusMillis(1))
                .forEach(r -> atCutoff.put(r.user(), r.score()));
        List<String> leaders = new ArrayList<>();
        top.forEach(
                series -> {
                    String user = series.get("user").asText();
                    leaders.add(user);
                    JsonNode point = series.get("points").get(0);
                    assertThat(point.get("at").asText()).isEqualTo(cutoff.toString());
                    JsonNode score = point.get("score");
                    if (atCutoff.containsKey(user)) {
                        assertThat(score.asLong()).as(user).isEqualTo(atCutoff.get(user));
                    } else if (kind == ScoreKind.BEST || kind == ScoreKind.LOWEST) {
                        assertThat(score.isNull()).as(user).isTrue();
                    } else {
                        assertThat(score.asLong()).as(user).isZero();
                    }
                });
        assertThat(leaders).isEqualTo(expected.stream().limit(5).map(Ranked::user).toList());
    }

    @ParameterizedTest
    @EnumSource(ScoreKind.class)
    void pagesAStandingAndTimeTravelRankByTheBoardsScore(ScoreKind kind) {
        BoardSettings board = board("travel-" + kind.name().toLowerCase(Locale.ROOT), kind);
        Instant cutoff = board.buckets().floor(now.minusSeconds(300));
        List<Submission> submissions = submissions(kind, 120, new Random(kind.ordinal() + 7L));
        submissions.forEach(s -> vote(board, s));
        STORE.writeSnapshot(board, cutoff);
        List<Ranked> expected = naiveRanking(kind, submissions, now);

        List<Ranked> paged = new ArrayList<>();
        for (int offset = 0; offset < expected.size(); offset += 4) {
            paged.addAll(
                    ranked(
                            ok("/boards/" + board.board() + "/leaderboard?limit=4&offset=" + offset)
                                    .get("entries")));
        }
        Ranked middle = expected.get(expected.size() / 2);
        JsonNode standing =
                ok("/boards/" + board.board() + "/users/" + middle.user() + "?around=2");
        // Between the snapshot and now: the snapshot plus the events up to that moment.
        Instant asOf = cutoff.plusSeconds(90).plusMillis(500);
        JsonNode past = ok("/boards/" + board.board() + "/leaderboard?limit=1000&asOf=" + asOf);

        assertThat(paged).isEqualTo(expected);
        assertThat(standing.get("rank").asLong()).isEqualTo(middle.rank());
        assertThat(standing.get("score").asLong()).isEqualTo(middle.score());
        assertThat(standing.get("scoreKind").asText()).isEqualTo(kind.name());
        int at = expected.indexOf(middle);
        assertThat(ranked(standing.get("around")))
                .isEqualTo(
                        expected.subList(Math.max(0, at - 2), Math.min(expected.size(), at + 3)));
        assertThat(ranked(past.get("entries"))).isEqualTo(naiveRanking(kind, submissions, asOf));
    }

    /**
     * Submissions of 20 users, values from -3 to 9 (narrow, so ties are common; 0 included on game
     * boards, where it is a score), at whole seconds over the last nine minutes: before and after
     * the snapshot's cutoff.
     */
    private List<Submission> submissions(ScoreKind kind, int n, Random random) {
        List<Submission> submissions = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int value = random.nextInt(13) - 3;
            if (value == 0 && !kind.takesZero()) {
                value = 1;
            }
            submissions.add(
                    new Submission(
                            "player-" + random.nextInt(20),
                            value,
                            now.minusSeconds(5 + random.nextInt(535))));
        }
        return submissions;
    }

    /**
     * The oracle: every submission up to {@code moment}, listed per user, scored, sorted, ranked.
     */
    /** The naive ranking of the submissions made up to {@code moment}. */
    private static List<Ranked> naiveRanking(
            ScoreKind kind, List<Submission> submissions, Instant moment) {
        Map<String, List<Long>> byUser = new HashMap<>();
        submissions.stream()
                .filter(s -> !s.time().isAfter(moment))
                .forEach(
                        s ->
                                byUser.computeIfAbsent(s.user(), u -> new ArrayList<>())
                                        .add((long) s.value()));
        return NaiveRanking.of(kind, byUser);
    }

    private static List<Ranked> ranked(JsonNode entries) {
        List<Ranked> ranked = new ArrayList<>();
        entries.forEach(
                e ->
                        ranked.add(
                                new Ranked(
                                        e.get("rank").asLong(),
                                        e.get("user").asText(),
                                        e.get("score").asLong())));
        return ranked;
    }

    /** Created 10 minutes ago, so that its epoch lies before every submission. */
    private BoardSettings board(String name, ScoreKind kind) {
        BoardSettings settings =
                new BoardSettings(
                                name,
                                60,
                                UniqueVotes.NONE,
                                60,
                                4,
                                4,
                                now.minusSeconds(600).truncatedTo(ChronoUnit.MILLIS))
                        .withScore(kind);
        BoardSettings stored = STORE.boards.insertIfAbsent(settings);
        assertThat(stored.score()).isEqualTo(kind);
        return stored;
    }

    private void vote(BoardSettings board, Submission submission) {
        VoteCastEvent event =
                new VoteCastEvent(
                        TimeUuids.voteIdAt(submission.time()),
                        board.board(),
                        submission.user(),
                        "voter",
                        submission.value());
        STORE.vote(board, event, submission.time());
    }

    private JsonNode ok(String path) {
        ResponseEntity<String> response =
                http.getForEntity(URI.create(http.getRootUri() + path), String.class);
        assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
        try {
            return json.readTree(response.getBody());
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + response.getBody(), e);
        }
    }
}
