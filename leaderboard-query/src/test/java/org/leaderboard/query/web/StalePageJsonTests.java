package org.leaderboard.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.query.query.SharedEntries;

class StalePageJsonTests {

    private final ObjectMapper mapper = AnswerJson.mapper();

    private final StalePageJson pages = new StalePageJson(mapper);

    @Test
    void everyStalenessIsWrittenAsTheMapperWritesIt() throws Exception {
        SharedEntries shared = new SharedEntries(entries(100, "u"));
        Leaderboard page = page(shared, 12, 0);

        for (long staleness :
                new long[] {0, 1, 7, 10, 99, 100, 1234, 0, 987_654_321L, Long.MAX_VALUE}) {
            Leaderboard answer = page.withStalenessMillis(staleness);
            assertThat(new String(pages.write(answer), "UTF-8"))
                    .isEqualTo(mapper.writeValueAsString(answer));
        }
        assertThat(shared.answerJson()).isNotNull();
    }

    @Test
    void aPageWithOtherFieldsAroundTheSameEntriesIsWrittenAnew() throws Exception {
        SharedEntries shared = new SharedEntries(entries(20, "ü-"));
        Leaderboard first = page(shared, 12, 40);
        pages.write(first);
        Object kept = shared.answerJson();

        // A later view whose page has the same entries but more tail events and another cutoff.
        Leaderboard later =
                new Leaderboard(
                        "b",
                        Instant.parse("2026-11-27T10:01:00Z"),
                        13,
                        4568,
                        0,
                        100,
                        shared,
                        null,
                        null,
                        5L,
                        ScoreKind.SUM);

        assertThat(new String(pages.write(later), "UTF-8"))
                .isEqualTo(mapper.writeValueAsString(later));
        assertThat(shared.answerJson()).isNotSameAs(kept);
        assertThat(new String(pages.write(first), "UTF-8"))
                .isEqualTo(mapper.writeValueAsString(first));
    }

    @Test
    void readYourWritesPagesAndUnsharedEntriesAreWrittenByTheMapper() throws Exception {
        SharedEntries shared = new SharedEntries(entries(5, "u"));
        Leaderboard noStaleness = AnswerJson.page(shared, 3, null);
        Leaderboard plain = page(entries(5, "u"), 3, 8);

        assertThat(pages.write(noStaleness)).isEqualTo(mapper.writeValueAsBytes(noStaleness));
        assertThat(shared.answerJson()).isNull();
        assertThat(pages.write(plain)).isEqualTo(mapper.writeValueAsBytes(plain));
    }

    private static List<LeaderboardEntry> entries(int n, String prefix) {
        List<LeaderboardEntry> entries = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // Votes and counts of 0 and 1, as a staleness of 0 and 1 is written.
            entries.add(
                    new LeaderboardEntry(i + 1, prefix + i, i % 2, 1, 0, 1, 0.5, 0.0, 1, i % 2));
        }
        return entries;
    }

    private static Leaderboard page(List<LeaderboardEntry> entries, long tail, long staleness) {
        return AnswerJson.page(entries, tail, staleness);
    }
}
