package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.Period;
import org.leaderboard.testsupport.Boards;
import org.leaderboard.testsupport.HttpJson;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;

/**
 * The live page in a real browser (headless Chromium): the writer and the query service run as
 * processes on the test run's Cassandra, votes go through the writer, and the page must follow them
 * without being reloaded.
 */
class LivePageIntegrationTests {

    private static final Path WORK = Path.of("target", "live-page").toAbsolutePath();
    private static final Duration LIVE = Duration.ofSeconds(15);

    private static RunningSystem system;
    private static WebDriver browser;
    private final HttpJson http = new HttpJson();

    @BeforeAll
    static void start() {
        browser = Chromium.start(WORK);
        system = new RunningSystem("livepage");
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (system != null) {
            system.close();
        }
    }

    /** One row of the ranking as the page shows it. */
    record Row(String rank, String user, String votes, boolean tie) {}

    @Test
    void theBoardPageShowsRanksAndTiesAndFollowsVotesWithoutReloading() {
        boards().create("song-contest", Map.of("writeWindowSeconds", 1));
        cast("song-contest", "abba", 5, "queen", 3, "bee-gees", 3, "roxette", 1);

        browser.get(system.queryUrl() + "/");
        By link = By.cssSelector("a[href='/boards/song-contest']");
        await().atMost(LIVE).until(() -> !browser.findElements(link).isEmpty());
        browser.findElement(link).click();
        await().atMost(LIVE)
                .untilAsserted(
                        () ->
                                assertThat(rows())
                                        .containsExactly(
                                                new Row("1", "abba", "5", false),
                                                new Row("2", "bee-gees", "3", true),
                                                new Row("2", "queen", "3", true),
                                                new Row("4", "roxette", "1", false)));
        assertThat(browser.findElement(By.id("mode-text")).getText()).isEqualToIgnoringCase("live");

        // A mark in this document: it is gone if the page reloads.
        js("window.sameDocument = 'yes'");
        cast("song-contest", "bee-gees", 4, "a-ha", 2);
        await().atMost(LIVE)
                .untilAsserted(
                        () ->
                                assertThat(rows())
                                        .containsExactly(
                                                new Row("1", "bee-gees", "7", false),
                                                new Row("2", "abba", "5", false),
                                                new Row("3", "queen", "3", false),
                                                new Row("4", "a-ha", "2", false),
                                                new Row("5", "roxette", "1", false)));
        assertThat(js("return window.sameDocument"))
                .as("the page was not reloaded")
                .isEqualTo("yes");

        WebDriverSearch.find(browser, "queen");
        await().atMost(LIVE)
                .untilAsserted(
                        () -> {
                            assertThat(texts(".standing-summary"))
                                    .singleElement()
                                    .asString()
                                    .startsWith("#3")
                                    .contains("queen");
                            assertThat(texts("#standing .row .user"))
                                    .containsExactly(
                                            "bee-gees", "abba", "queen", "a-ha", "roxette");
                            assertThat(texts("#standing .row.me .user")).containsExactly("queen");
                            assertThat(texts("#rows .row.me .user")).containsExactly("queen");
                        });
        assertThat(js("return window.sameDocument")).isEqualTo("yes");
    }

    @Test
    void theChartShowsTheLeadersTotalsFromSnapshotsAndTheScreenIsWorthKeepingOn() {
        boards().create("eurovision", Map.of("writeWindowSeconds", 1));
        String[] acts = {
            "loreen", "abba", "mans", "conchita", "netta", "kaarija", "maneskin", "nemo"
        };
        for (int round = 0; round < 3; round++) {
            Object[] votes = new Object[acts.length * 2];
            for (int i = 0; i < acts.length; i++) {
                votes[2 * i] = acts[i];
                votes[2 * i + 1] = 1 + (acts.length - i) * (round + 1);
            }
            cast("eurovision", votes);
            snapshotOfTheVotesSoFar();
        }
        cast("eurovision", "nemo", 40, "kaarija", 25);

        JsonNode chart = http.get(system.queryUrl() + "/boards/eurovision/chart?minutes=10").body();
        assertThat(chart.get("topComplete").asBoolean()).isTrue();
        assertThat(chart.get("eventsPerMinute").size()).isPositive();
        // loreen leads with 3 x 1 + 8 x (1 + 2 + 3) = 51 votes, all of them in the last snapshot.
        JsonNode leader = chart.get("top").get(0);
        assertThat(leader.get("user").asText()).isEqualTo("loreen");
        JsonNode points = leader.get("points");
        assertThat(points.get(points.size() - 1).get("votes").asLong()).isEqualTo(51);

        browser.get(system.queryUrl() + "/boards/eurovision?limit=10");
        await().atMost(LIVE)
                .untilAsserted(
                        () ->
                                assertThat(texts("#chart-note"))
                                        .singleElement()
                                        .asString()
                                        .startsWith("From snapshots"));
        await().atMost(LIVE).until(() -> rows().size() == acts.length);
        // The lines drawn: the live leaders, each through the three snapshots to its live total.
        await().atMost(LIVE)
                .untilAsserted(
                        () -> {
                            assertThat(js(DRAWN_LEADERS))
                                    .isEqualTo(
                                            List.of(
                                                    "loreen 51",
                                                    "nemo 49",
                                                    "kaarija 46",
                                                    "abba 45",
                                                    "mans 39"));
                            assertThat((Long) js(SHORTEST_LINE)).isGreaterThanOrEqualTo(4);
                            assertThat((Long) js(RATE_POINTS)).isGreaterThanOrEqualTo(2);
                        });
        WebDriverSearch.find(browser, "mans");
        await().atMost(LIVE).until(() -> !texts("#standing .row.me .user").isEmpty());
        // Rows fade in and move (script animations; the live dot's CSS pulse never ends): the
        // screenshot shows them as a reader sees them once they have settled.
        await().atMost(LIVE)
                .until(
                        () ->
                                (Long)
                                                js(
                                                        "return document.getAnimations()"
                                                                + ".filter(a => !(a instanceof CSSAnimation))"
                                                                + ".length")
                                        == 0);
        Path shot =
                Chromium.screenshot(browser, Path.of("target", "screenshots", "live-board.png"));
        assertThat(shot).exists();
        browser.get(system.queryUrl() + "/");
        await().atMost(LIVE).until(() -> !texts(".board-name").isEmpty());
        Chromium.screenshot(browser, Path.of("target", "screenshots", "board-list.png"));
    }

    @Test
    void aPeriodicBoardShowsItsCurrentPeriodAndTheOneBefore() {
        PeriodClearance.awaitClearOfBoundary(
                Period.DAILY, ZoneId.of("Europe/Paris"), Duration.ofMinutes(2));
        boards().create("daily-poll", Map.of("period", "DAILY", "timeZone", "Europe/Paris"));
        cast("daily-poll", "yes", 3, "no", 2);

        browser.get(system.queryUrl() + "/boards/daily-poll");
        await().atMost(LIVE)
                .untilAsserted(
                        () -> assertThat(texts("#rows .row .user")).containsExactly("yes", "no"));
        assertThat(browser.findElement(By.id("period-label")).getText())
                .startsWith("current period, since");

        browser.findElement(By.id("earlier")).click();
        await().atMost(LIVE)
                .untilAsserted(
                        () -> {
                            assertThat(browser.findElement(By.id("mode-text")).getText())
                                    .startsWithIgnoringCase("as of");
                            assertThat(browser.findElement(By.id("empty")).isDisplayed())
                                    .as("nothing was voted the day before")
                                    .isTrue();
                        });
        browser.findElement(By.id("go-live")).click();
        await().atMost(LIVE)
                .untilAsserted(
                        () -> assertThat(texts("#rows .row .user")).containsExactly("yes", "no"));
    }

    @Test
    void crossOriginReadsAreOffByDefault() throws Exception {
        HttpResponse<String> answer =
                HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(URI.create(system.queryUrl() + "/boards"))
                                        .header("Origin", "https://elsewhere.example")
                                        .build(),
                                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    /** Each drawn leader's name and the last point of its line, in the legend's order. */
    private static final String DRAWN_LEADERS =
            "return Chart.getChart('top-chart').data.datasets"
                    + ".map(d => d.label + ' ' + d.data[d.data.length - 1].y)";

    private static final String SHORTEST_LINE =
            "return Math.min(...Chart.getChart('top-chart').data.datasets.map(d => d.data.length))";

    /** Points of the votes-per-minute line above zero, on a canvas the reader can see. */
    private static final String RATE_POINTS =
            "const chart = Chart.getChart('rate-chart');"
                    + " return chart.canvas.checkVisibility() && chart.canvas.clientHeight > 100"
                    + " ? chart.data.datasets[0].data.filter(p => p.y > 0).length : 0";

    /** Waits until the votes cast so far are out of the write window, then runs one pass. */
    private void snapshotOfTheVotesSoFar() {
        Instant frozen = Instant.now().plusSeconds(3);
        await().atMost(Duration.ofSeconds(10)).until(() -> Instant.now().isAfter(frozen));
        assertThat(system.snapshotOnce("--snapshot.safety-margin=1s")).isZero();
    }

    private Boards boards() {
        return new Boards(http, system.writerUrl(), system.queryUrl());
    }

    /** Casts votes as one batch: pairs of user and points. */
    private void cast(String board, Object... userAndVotes) {
        List<Map<String, Object>> votes = new ArrayList<>();
        for (int i = 0; i < userAndVotes.length; i += 2) {
            votes.add(
                    Map.of(
                            "user", userAndVotes[i],
                            "voter", "voter-" + i,
                            "votes", userAndVotes[i + 1]));
        }
        HttpJson.Answer answer =
                http.post(
                        system.writerUrl() + "/boards/" + board + "/votes/batch",
                        Map.of("votes", votes));
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
        answer.body()
                .get("results")
                .forEach(r -> assertThat(r.get("status").asText()).isEqualTo("RECORDED"));
    }

    /**
     * The rows as a reader sees them: their visible text (rows the browser does not show are left
     * out), and whether the tie mark is shown.
     */
    @SuppressWarnings("unchecked")
    private List<Row> rows() {
        List<List<Object>> rows =
                (List<List<Object>>)
                        js(
                                "const text = (r, c) => r.querySelector(c).innerText.trim();"
                                        + " return [...document.querySelectorAll('#rows > .row')]"
                                        + ".filter(r => r.checkVisibility()).map(r =>"
                                        + " [text(r, '.rank-number'), text(r, '.user'),"
                                        + " text(r, '.votes'),"
                                        + " r.querySelector('.tie-mark').checkVisibility()])");
        return rows.stream()
                .map(
                        r ->
                                new Row(
                                        (String) r.get(0),
                                        (String) r.get(1),
                                        (String) r.get(2),
                                        (Boolean) r.get(3)))
                .toList();
    }

    private List<String> texts(String selector) {
        return browser.findElements(By.cssSelector(selector)).stream()
                .map(e -> e.getText())
                .toList();
    }

    private static Object js(String script) {
        return ((JavascriptExecutor) browser).executeScript(script);
    }

    /** Types a user into the page's search box and submits it. */
    private static final class WebDriverSearch {
        static void find(WebDriver browser, String user) {
            var box = browser.findElement(By.id("search-user"));
            box.clear();
            box.sendKeys(user, Keys.ENTER);
        }
    }
}
