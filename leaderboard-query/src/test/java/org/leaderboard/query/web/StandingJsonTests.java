package org.leaderboard.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.api.UserStanding;
import org.leaderboard.model.board.ScoreKind;

class StandingJsonTests {

    private final ObjectMapper mapper = AnswerJson.mapper();

    private final StandingJson standings = new StandingJson(mapper);

    private final Random random = new Random(20261205);

    @Test
    void everyStandingIsWrittenAsTheMapperWritesIt() throws Exception {
        assertThat(standings.writesAsMapper()).isTrue();
        for (int i = 0; i < 2_000; i++) {
            UserStanding standing = standing(random.nextInt(12));
            // As bytes: the mapper's text writer leaves a surrogate pair as it is, while its UTF-8
            // writer, which writes the answers, escapes each half.
            assertThat(new String(standings.write(standing), "UTF-8"))
                    .isEqualTo(new String(mapper.writeValueAsBytes(standing), "UTF-8"));
        }
    }

    @Test
    void whatItDoesNotWriteAsTheMapperDoesIsLeftToTheMapper() throws Exception {
        UserStanding plain = standing(3);
        List<UserStanding> odd =
                List.of(
                        withUser(plain, "tab\there"),
                        withMean(plain, Double.NaN),
                        withMean(plain, Double.POSITIVE_INFINITY));
        for (UserStanding standing : odd) {
            assertThat(standings.write(standing)).isEqualTo(mapper.writeValueAsBytes(standing));
        }
    }

    @Test
    void aMapperThatWritesStandingsAnotherWayWritesThemAll() throws Exception {
        ObjectMapper nonNull =
                AnswerJson.mapper().setSerializationInclusion(JsonInclude.Include.NON_NULL);
        StandingJson writer = new StandingJson(nonNull);

        assertThat(writer.writesAsMapper()).isFalse();
        UserStanding standing = standing(2);
        assertThat(writer.write(standing)).isEqualTo(nonNull.writeValueAsBytes(standing));
    }

    private UserStanding standing(int around) {
        List<LeaderboardEntry> entries = new ArrayList<>();
        for (int i = 0; i < around; i++) {
            entries.add(
                    new LeaderboardEntry(
                            number(),
                            id(),
                            number(),
                            number(),
                            number(),
                            number(),
                            fraction(),
                            fraction(),
                            number(),
                            number()));
        }
        boolean optional = random.nextBoolean();
        return new UserStanding(
                "board-" + random.nextInt(100),
                random.nextInt(4) == 0 ? null : instant(),
                number(),
                number(),
                number(),
                id(),
                number(),
                number(),
                number(),
                number(),
                fraction(),
                fraction(),
                number(),
                entries,
                optional ? instant() : null,
                optional ? instant() : null,
                random.nextBoolean() ? null : Math.abs(number()),
                number(),
                ScoreKind.values()[random.nextInt(ScoreKind.values().length)]);
    }

    /**
     * Ids from several scripts, with quotes, backslashes, slashes, characters past U+FFFF and lone
     * surrogates (which the mapper escapes, as it escapes each half of a pair).
     */
    private String id() {
        String[] pieces = {
            "u", "42", "\"", "\\", "/", " ", "é", "ü", "名前", "😀", "\u00A0x", "~", "\uDE00",
            "\uD83D"
        };
        StringBuilder id = new StringBuilder();
        for (int n = 1 + random.nextInt(4); n > 0; n--) {
            id.append(pieces[random.nextInt(pieces.length)]);
        }
        return id.toString();
    }

    private long number() {
        return switch (random.nextInt(6)) {
            case 0 -> 0;
            case 1 -> random.nextInt(10);
            case 2 -> -random.nextInt(1000);
            case 3 -> random.nextLong();
            case 4 -> random.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE;
            default -> random.nextInt(1_000_000);
        };
    }

    private double fraction() {
        return switch (random.nextInt(6)) {
            case 0 -> 0.0;
            case 1 -> -0.0;
            case 2 -> random.nextInt(100) / 4.0;
            case 3 -> random.nextGaussian() * 1e-9;
            case 4 -> random.nextDouble() * 1e18;
            default -> random.nextDouble();
        };
    }

    private Instant instant() {
        long seconds = 1_700_000_000L + random.nextInt(100_000_000);
        int nanos =
                switch (random.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> random.nextInt(1000) * 1_000_000;
                    case 2 -> random.nextInt(1_000_000) * 1000;
                    default -> random.nextInt(1_000_000_000);
                };
        return Instant.ofEpochSecond(seconds, nanos);
    }

    private static UserStanding withUser(UserStanding s, String user) {
        return new UserStanding(
                s.board(),
                s.snapshotCutoff(),
                s.tailEvents(),
                s.totalUsers(),
                s.rank(),
                user,
                s.votes(),
                s.count(),
                s.min(),
                s.max(),
                s.mean(),
                s.stddev(),
                s.distinctVoters(),
                s.around(),
                s.periodStart(),
                s.asOf(),
                s.stalenessMillis(),
                s.score(),
                s.scoreKind());
    }

    private static UserStanding withMean(UserStanding s, double mean) {
        return new UserStanding(
                s.board(),
                s.snapshotCutoff(),
                s.tailEvents(),
                s.totalUsers(),
                s.rank(),
                s.user(),
                s.votes(),
                s.count(),
                s.min(),
                s.max(),
                mean,
                s.stddev(),
                s.distinctVoters(),
                s.around(),
                s.periodStart(),
                s.asOf(),
                s.stalenessMillis(),
                s.score(),
                s.scoreKind());
    }
}
