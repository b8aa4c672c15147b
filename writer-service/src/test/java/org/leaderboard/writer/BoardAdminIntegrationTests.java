package org.leaderboard.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.BoardDao;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.EventFold;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.writer.store.BoardWriter;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Board administration as an operator uses it: the paged list of boards, one board's settings and
 * snapshot numbers, and closing a board to votes from an instant on (and reopening it), checked
 * against what is stored and counted.
 */
class BoardAdminIntegrationTests extends WriterIntegrationTestBase {

    private static final BoardDao BOARDS = new BoardDao(SESSION, Consistency.DEFAULT);

    @Autowired MeterRegistry meters;

    @Test
    void theListsPagesHoldEveryBoardExactlyOnceWithItsSettings() {
        List<String> created = IntStream.range(0, 7).mapToObj(i -> newBoard("list" + i)).toList();
        created.forEach(board -> assertThat(createBoard(board).status()).isEqualTo(201));
        Set<String> stored =
                BOARDS.all().stream().map(BoardSettings::board).collect(Collectors.toSet());

        List<String> listed = new ArrayList<>();
        String next = null;
        int pages = 0;
        do {
            Answer page = get("/boards?limit=3" + (next == null ? "" : "&pageState=" + next));
            assertThat(page.status()).as(page.body().toString()).isEqualTo(200);
            assertThat(page.body().path("boards").size()).isLessThanOrEqualTo(3);
            page.body().path("boards").forEach(board -> listed.add(board.path("board").asText()));
            next = page.body().path("next").isNull() ? null : page.text("next");
            pages++;
        } while (next != null);

        assertThat(listed).doesNotHaveDuplicates().containsAll(created);
        assertThat(Set.copyOf(listed)).isEqualTo(stored);
        assertThat(pages).isGreaterThanOrEqualTo(stored.size() / 3);
    }

    @Test
    void theListShowsEachBoardsSettingsAndDefaultsToPagesOfFifty() {
        String board = newBoard("listed");
        post(
                "/boards",
                "{\"board\":\"" + board + "\",\"writeWindowSeconds\":90,\"retentionDays\":7}");

        JsonNode found = null;
        String next = null;
        do {
            Answer page = get("/boards" + (next == null ? "" : "?pageState=" + next));
            assertThat(page.body().path("boards").size()).isLessThanOrEqualTo(50);
            for (JsonNode item : page.body().path("boards")) {
                if (item.path("board").asText().equals(board)) {
                    found = item;
                }
            }
            next = page.body().path("next").isNull() ? null : page.text("next");
        } while (next != null);

        assertThat(found).isNotNull();
        assertThat(found.path("writeWindowSeconds").asInt()).isEqualTo(90);
        assertThat(found.path("retentionDays").asInt()).isEqualTo(7);
        assertThat(found.path("closesAt").isNull()).isTrue();
    }

    @Test
    void aBadLimitOrCursorIs400NamingTheParameter() {
        for (String limit : List.of("0", "1001", "abc", "0x10", "%2B5")) {
            Answer answer = get("/boards?limit=" + limit);
            assertThat(answer.status()).as(limit).isEqualTo(400);
            assertThat(answer.text("field")).isEqualTo("limit");
            assertThat(answer.text("detail")).contains("between 1 and 1000");
        }
        Answer cursor = get("/boards?pageState=0x00ff");
        assertThat(cursor.status()).isEqualTo(400);
        assertThat(cursor.text("field")).isEqualTo("pageState");
        assertThat(cursor.text("detail")).contains("not a cursor of this list");
    }

    @Test
    void theDetailShowsSettingsAndWhatTheNewestSnapshotCovers() {
        String board = newBoard("detail");
        post("/boards", "{\"board\":\"" + board + "\",\"retentionDays\":10}");

        Answer before = get("/boards/" + board);
        assertThat(before.status()).isEqualTo(200);
        assertThat(before.body().path("snapshot").isNull()).isTrue();
        assertThat(before.body().path("closed").asBoolean()).isFalse();

        List<String> users = List.of("abba", "queen", "abba", "muse", "abba");
        Instant votedAt = clock.instant();
        users.forEach(
                user ->
                        assertThat(post("/boards/" + board + "/votes", vote(voteIdNow(), user, 2)))
                                .extracting(Answer::status)
                                .isEqualTo(202));
        clock.advance(Duration.ofMinutes(3));
        Instant cutoff = oneLayerSnapshot(board, votedAt);

        Answer after = get("/boards/" + board);

        JsonNode snapshot = after.body().path("snapshot");
        Instant now = Instant.parse(after.text("now"));
        assertThat(Instant.parse(snapshot.path("cutoff").asText())).isEqualTo(cutoff);
        assertThat(snapshot.path("events").asLong()).isEqualTo(users.size());
        assertThat(snapshot.path("usersAtLeast").asLong()).isEqualTo(3);
        assertThat(snapshot.path("usersAtMost").asLong()).isEqualTo(3);
        assertThat(snapshot.path("layers").asInt()).isEqualTo(1);
        assertThat(snapshot.path("lagSeconds").asLong())
                .isEqualTo(Duration.between(cutoff, now).toSeconds())
                .isGreaterThanOrEqualTo(60);
        assertThat(Duration.between(now, clock.instant()).abs()).isLessThan(Duration.ofSeconds(5));
        assertThat(Instant.parse(after.text("horizon"))).isEqualTo(now.minus(Duration.ofDays(10)));
        assertThat(after.body().path("settings").path("retentionDays").asInt()).isEqualTo(10);
        assertThat(after.text("board")).isEqualTo(board);
    }

    @Test
    void anUnknownBoardIs404() {
        String board = newBoard("nobody");

        for (Answer answer :
                List.of(
                        get("/boards/" + board),
                        post("/boards/" + board + "/close", null),
                        post("/boards/" + board + "/reopen", null))) {
            assertThat(answer.status()).isEqualTo(404);
            assertThat(answer.text("title")).isEqualTo("Unknown board");
            assertThat(answer.text("board")).isEqualTo(board);
        }
    }

    @Test
    void votesAtOrAfterADeadlineAre422AndNotCountedWhileEarlierOnesCount() {
        String board = newBoard("deadline");
        createBoard(board);
        Instant closeAt = clock.instant().plusSeconds(3).truncatedTo(ChronoUnit.MILLIS);
        double refusedBefore = closedRefusals();

        Answer close = post("/boards/" + board + "/close", "{\"closeAt\":\"" + closeAt + "\"}");
        UUID early = voteIdNow();
        UUID lastMillisecond = TimeUuids.voteIdAt(closeAt.minusMillis(1));
        UUID atClose = TimeUuids.voteIdAt(closeAt);
        Answer earlyVote = post(votes(board), vote(early, "abba", 1));
        Answer lastVote = post(votes(board), vote(lastMillisecond, "queen", 1));
        Answer refused = post(votes(board), vote(atClose, "abba", 5));
        Answer batch =
                post(
                        votes(board) + "/batch",
                        "{\"votes\":["
                                + vote(voteIdNow(), "muse", 1)
                                + ","
                                + vote(TimeUuids.voteIdAt(closeAt.plusMillis(1)), "muse", 7)
                                + "]}");

        assertThat(close.status()).isEqualTo(200);
        assertThat(Instant.parse(close.text("closesAt"))).isEqualTo(closeAt);
        assertThat(earlyVote.status()).isEqualTo(202);
        assertThat(lastVote.status()).isEqualTo(202);
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.text("title")).isEqualTo("Board closed");
        assertThat(refused.text("detail")).contains("'" + board + "'").contains(closeAt.toString());
        assertThat(refused.text("board")).isEqualTo(board);
        assertThat(Instant.parse(refused.text("closesAt"))).isEqualTo(closeAt);
        JsonNode results = batch.body().path("results");
        assertThat(results.get(0).path("status").asText()).isEqualTo("RECORDED");
        assertThat(results.get(1).path("status").asText()).isEqualTo("REFUSED");
        assertThat(results.get(1).path("httpStatus").asInt()).isEqualTo(422);
        assertThat(results.get(1).path("detail").asText()).contains("is closed to votes from");
        assertThat(storedVote(board, atClose)).isEmpty();
        assertThat(closedRefusals() - refusedBefore).isEqualTo(2);

        clock.advance(Duration.ofSeconds(4));
        assertThat(post(votes(board), vote(voteIdNow(), "abba", 1)).status()).isEqualTo(422);
        Answer retry = post(votes(board), vote(early, "abba", 1));
        assertThat(retry.status()).as("a retry of a vote before the close").isEqualTo(202);

        Tallies counted = counted(board, closeAt.minusSeconds(600), closeAt.plusSeconds(600));
        assertThat(counted.get("abba").sum()).isEqualTo(1);
        assertThat(counted.get("queen").sum()).isEqualTo(1);
        assertThat(counted.get("muse").sum()).isEqualTo(1);
    }

    @Test
    void aLateRetryOfAVoteBeforeTheCloseIsStillAlreadyRecorded() {
        String board = newBoard("closed-retry");
        createBoard(board);
        UUID early = voteIdNow();
        assertThat(post(votes(board), vote(early, "abba", 1)).status()).isEqualTo(202);
        assertThat(post("/boards/" + board + "/close", null).status()).isEqualTo(200);

        clock.advance(Duration.ofMinutes(3));
        snapshotTaken(board, clock.instant().minusSeconds(600), clock.instant().minusSeconds(70));
        Answer retry = post(votes(board), vote(early, "abba", 1));

        assertThat(retry.status()).isEqualTo(202);
        assertThat(retry.text("status")).isEqualTo("ALREADY_RECORDED");
    }

    @Test
    void aBoardClosedNowRefusesVotesUntilReopened() {
        String board = newBoard("reopen");
        createBoard(board);

        Answer close = post("/boards/" + board + "/close", null);
        UUID whileClosed = voteIdNow();
        Answer refused = post(votes(board), vote(whileClosed, "abba", 1));
        Answer status = get("/boards/" + board);
        Answer reopen = post("/boards/" + board + "/reopen", null);
        UUID afterReopen = voteIdNow();
        Answer accepted = post(votes(board), vote(afterReopen, "abba", 3));

        assertThat(close.status()).isEqualTo(200);
        assertThat(Duration.between(Instant.parse(close.text("closesAt")), clock.instant()))
                .isBetween(Duration.ZERO, Duration.ofSeconds(5));
        assertThat(refused.status()).isEqualTo(422);
        assertThat(status.body().path("closed").asBoolean()).isTrue();
        assertThat(reopen.status()).isEqualTo(200);
        assertThat(reopen.body().path("closesAt").isNull()).isTrue();
        assertThat(accepted.status()).isEqualTo(202);
        assertThat(get("/boards/" + board).body().path("closed").asBoolean()).isFalse();
        Tallies counted =
                counted(board, clock.instant().minusSeconds(600), clock.instant().plusSeconds(60));
        assertThat(counted.get("abba").sum()).isEqualTo(3);
        assertThat(storedVote(board, whileClosed)).isEmpty();
    }

    @Test
    void aClosedUniqueVoteBoardTakesNoClaimSoTheVoterMayVoteAfterItReopens() {
        String board = newBoard("closed-poll");
        post("/boards", "{\"board\":\"" + board + "\",\"uniqueVotes\":\"PER_BOARD\"}");
        post("/boards/" + board + "/close", null);

        Answer refused = post(votes(board), vote(voteIdNow(), "abba", 1));
        post("/boards/" + board + "/reopen", null);
        Answer accepted = post(votes(board), vote(voteIdNow(), "queen", 1));

        assertThat(refused.status()).isEqualTo(422);
        assertThat(accepted.status()).as(accepted.body().toString()).isEqualTo(202);
    }

    @Test
    void aCloseThroughAnotherWriterTakesEffectHereWithinTheBoardRefresh() {
        String board = newBoard("elsewhere");
        createBoard(board);
        assertThat(post(votes(board), vote(voteIdNow(), "abba", 1)).status())
                .as("this writer has the board cached")
                .isEqualTo(202);

        // What another writer replica does on POST /boards/{board}/close.
        new BoardWriter(SESSION, Consistency.DEFAULT).close(board, clock.instant());

        await().atMost(Duration.ofSeconds(15))
                .until(() -> post(votes(board), vote(voteIdNow(), "abba", 1)).status() == 422);
    }

    @Test
    void aCloseInThePastOrWithAnUnknownFieldIs400() {
        String board = newBoard("close-bad");
        createBoard(board);

        Answer past =
                post(
                        "/boards/" + board + "/close",
                        "{\"closeAt\":\"" + clock.instant().minusSeconds(60) + "\"}");
        Answer unknown = post("/boards/" + board + "/close", "{\"closeAt\":null,\"at\":1}");

        assertThat(past.status()).isEqualTo(400);
        assertThat(past.text("field")).isEqualTo("closeAt");
        assertThat(past.text("detail")).contains("is in the past");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.text("field")).isEqualTo("at");
        assertThat(get("/boards/" + board).body().path("closed").asBoolean()).isFalse();
    }

    /**
     * A snapshot of every vote of the board before the bucket after {@code votedAt}, as one layer:
     * the head a worker's first pass would commit, as far as the board's detail reads it.
     */
    private static Instant oneLayerSnapshot(String board, Instant votedAt) {
        BoardSettings settings = BOARDS.find(board).orElseThrow();
        Instant cutoff = settings.buckets().floor(votedAt).plusSeconds(settings.bucketSeconds());
        EventFold fold =
                EventFolds.on(SESSION, Consistency.DEFAULT)
                        .fold(settings, settings.epoch(), cutoff)
                        .join();
        new SnapshotRows(SESSION)
                .writeHead(
                        new SnapshotHead(
                                board,
                                cutoff,
                                settings.epoch(),
                                List.of(
                                        new LayerRef(
                                                settings.epoch(), cutoff, fold.tallies().users())),
                                fold.events(),
                                fold.events(),
                                Instant.now()));
        return cutoff;
    }

    private double closedRefusals() {
        return meters.counter("votes.refused", "reason", "board_closed").count();
    }

    private static String votes(String board) {
        return "/boards/" + board + "/votes";
    }
}
