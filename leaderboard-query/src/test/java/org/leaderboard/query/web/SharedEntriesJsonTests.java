package org.leaderboard.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.query.query.SharedEntries;

class SharedEntriesJsonTests {

    private final ObjectMapper mapper = AnswerJson.mapper();

    @Test
    void sharedEntriesAreWrittenAsTheSameBytesEveryTime() throws Exception {
        SplittableRandom random = new SplittableRandom(7);
        List<LeaderboardEntry> entries = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            long count = 1 + random.nextInt(1000);
            entries.add(
                    new LeaderboardEntry(
                            i + 1,
                            "user-" + i + (i % 7 == 0 ? "-ünïcödé \"q\"" : ""),
                            random.nextLong(1_000_000),
                            count,
                            random.nextInt(3),
                            3 + random.nextInt(5),
                            random.nextDouble() * 3,
                            i % 5 == 0 ? 0.0 : random.nextDouble(),
                            random.nextInt(1000),
                            random.nextLong(1_000_000)));
        }
        SharedEntries shared = new SharedEntries(entries);

        String plain = mapper.writeValueAsString(page(entries, 17));
        String first = mapper.writeValueAsString(page(shared, 17));
        assertThat(shared.json()).isNotNull();
        String second = mapper.writeValueAsString(page(shared, 17));
        String later = mapper.writeValueAsString(page(shared, 912));

        assertThat(first).isEqualTo(plain);
        assertThat(second).isEqualTo(plain);
        assertThat(later).isEqualTo(mapper.writeValueAsString(page(entries, 912)));
        assertThat(mapper.readValue(second, Leaderboard.class).entries()).isEqualTo(entries);
        // Answers are written as UTF-8 bytes: a page larger than the writer's buffer, and one
        // that fits in it.
        assertThat(mapper.writeValueAsBytes(page(shared, 17)))
                .isEqualTo(mapper.writeValueAsBytes(page(entries, 17)));
        SharedEntries few = new SharedEntries(entries.subList(0, 3));
        mapper.writeValueAsBytes(page(few, 5));
        assertThat(mapper.writeValueAsBytes(page(few, 5)))
                .isEqualTo(mapper.writeValueAsBytes(page(entries.subList(0, 3), 5)));
    }

    @Test
    void noEntriesAreAnEmptyArray() throws Exception {
        SharedEntries none = new SharedEntries(List.of());
        mapper.writeValueAsString(page(none, 1));

        assertThat(mapper.readTree(mapper.writeValueAsString(page(none, 1))).get("entries").size())
                .isZero();
        assertThat(none.json().getValue()).isEqualTo("[]");
    }

    private static Leaderboard page(List<LeaderboardEntry> entries, long staleness) {
        return AnswerJson.page(entries, 12, staleness);
    }
}
