package org.leaderboard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VoteFilesTests {

    @TempDir Path dir;

    private final List<VoteRow> rows = new ArrayList<>();
    private final List<String> bad = new ArrayList<>();

    @Test
    void csvColumnsComeInAnyOrderWithQuotesAndOptionalTimeAndVoteId() throws IOException {
        read(
                "votes.csv",
                """
                votes,User,voter,time,voteId
                3,abba,v1,2026-11-21T10:15:30Z,
                -1,"Queen, the band",v2,,6f0e5a40-c79a-11f0-8000-000000000001

                1,"say ""hi""\",v3,2026-11-21T11:15:30+01:00,
                """);
        assertThat(bad).isEmpty();
        assertThat(rows).extracting(VoteRow::line).containsExactly(2L, 3L, 5L);
        assertThat(rows)
                .extracting(VoteRow::user)
                .containsExactly("abba", "Queen, the band", "say \"hi\"");
        assertThat(rows).extracting(VoteRow::votes).containsExactly(3, -1, 1);
        assertThat(rows.get(0).time()).isEqualTo(Instant.parse("2026-11-21T10:15:30Z"));
        assertThat(rows.get(2).time()).isEqualTo(Instant.parse("2026-11-21T10:15:30Z"));
        assertThat(rows.get(1).time()).isNull();
        assertThat(rows.get(1).voteId())
                .isEqualTo(UUID.fromString("6f0e5a40-c79a-11f0-8000-000000000001"));
    }

    /** Whether 0 counts depends on the board (a game board takes it): the writer decides. */
    @Test
    void aVoteOfZeroIsLeftToTheWriter() throws IOException {
        read("votes.csv", "user,voter,votes\nada,v1,0\n");

        assertThat(bad).isEmpty();
        assertThat(rows).extracting(VoteRow::votes).containsExactly(0);
    }

    @Test
    void aBadCsvLineIsNamedWithItsLineAndFieldAndTheOthersStillRead() throws IOException {
        read(
                "votes.csv",
                """
                user,voter,votes,time,voteId
                abba,v1,x,,
                abba,v1,1000000001,,
                abba,,1,,
                abba,v1,1,yesterday,
                abba,v1,1,,0f8fad5b-d9cb-469f-a165-70867728950e
                abba,v1,1
                "abba,v1,1,,
                queen,v2,2,,
                """);
        assertThat(bad)
                .containsExactly(
                        "line 2, field 'votes': 'x' is not a whole number",
                        "line 3, field 'votes': is 1000000001; it must be from -1000000000 to"
                                + " 1000000000",
                        "line 4, field 'voter': is required",
                        "line 5, field 'time': 'yesterday' is not an ISO-8601 date-time with"
                                + " offset, e.g. 2026-11-21T10:15:30Z",
                        "line 6, field 'voteId': '0f8fad5b-d9cb-469f-a165-70867728950e' is not a"
                                + " version-1 timeuuid (the vote's time)",
                        "line 7: has 3 fields; the header has 5 (user,voter,votes,time,voteId)",
                        "line 8: a quoted field is not closed (a field cannot span lines)");
        assertThat(rows).extracting(VoteRow::line).containsExactly(9L);
    }

    @Test
    void aCsvHeaderWithAnUnknownOrMissingColumnIsRefusedBeforeAnyLine() throws IOException {
        read("a.csv", "user,voter,vots\nabba,v1,1\n");
        assertThat(bad)
                .containsExactly(
                        "line 1, field 'vots': unknown column; the columns are [user, voter,"
                                + " votes, time, voteId]");
        bad.clear();
        read("b.csv", "user,votes\nabba,1\n");
        assertThat(bad)
                .containsExactly(
                        "line 1, field 'voter': missing from the header (user,voter,votes are"
                                + " required)");
        bad.clear();
        read("c.csv", "");
        assertThat(bad).containsExactly("line 1: the CSV header is missing: e.g. user,voter,votes");
        assertThat(rows).isEmpty();
    }

    @Test
    void jsonLinesCarryTheSameFields() throws IOException {
        read(
                "votes.jsonl",
                """
                {"user":"abba","voter":"v1","votes":3,"time":"2026-11-21T10:15:30Z"}

                {"user":"queen","voter":"v2","votes":-2}
                """);
        assertThat(bad).isEmpty();
        assertThat(rows).extracting(VoteRow::line).containsExactly(1L, 3L);
        assertThat(rows).extracting(VoteRow::user).containsExactly("abba", "queen");
        assertThat(rows.get(0).time()).isEqualTo(Instant.parse("2026-11-21T10:15:30Z"));
    }

    @Test
    void aBadJsonLineIsNamedWithItsLineAndField() throws IOException {
        read(
                "votes.ndjson",
                """
                {"user":"abba","voter":"v1","votes":"3"}
                {"user":"abba","voter":"v1","votes":1.5}
                {"user":"abba","voter":"v1","votes":1,"weight":2}
                {"voter":"v1","votes":1}
                {"user":7,"voter":"v1","votes":1}
                [1,2]
                {"user":"abba",
                """);
        assertThat(bad).hasSize(7);
        assertThat(bad.subList(0, 6))
                .containsExactly(
                        "line 1, field 'votes': must be a whole number, not \"3\"",
                        "line 2, field 'votes': must be a whole number, not 1.5",
                        "line 3, field 'weight': unknown field; the fields are [user, voter,"
                                + " votes, time, voteId]",
                        "line 4, field 'user': is required",
                        "line 5, field 'user': must be a string, not 7",
                        "line 6: must be a JSON object like"
                                + " {\"user\":\"u1\",\"voter\":\"v9\",\"votes\":1}");
        assertThat(bad.get(6)).startsWith("line 7: not JSON: ");
        assertThat(rows).isEmpty();
    }

    private void read(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        new VoteFiles(Api.JSON)
                .read(file, VoteFiles.Format.of(file), rows::add, e -> bad.add(e.getMessage()));
    }
}
