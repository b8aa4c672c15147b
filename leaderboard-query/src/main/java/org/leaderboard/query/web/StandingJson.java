package org.leaderboard.query.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.api.UserStanding;
import org.leaderboard.model.board.ScoreKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A user's standing written as the answers' object mapper writes it, byte for byte, without the
 * mapper: the same fields in the same order, numbers with the mapper's digits (doubles with its
 * fast writer), times as ISO-8601 text, user ids escaped as the mapper escapes them. Every standing
 * is new (its user and neighbours are the asker's), so unlike a page its JSON cannot be kept
 * between answers; the mapper's work per field (a reflective read, a serializer lookup, the
 * generator's checks) was about a fifth of a bounded-staleness standing's CPU in a profile, at
 * 5,000 votes/s as with no writes.
 *
 * <p>The writer checks itself when it is made: two standings (one with every optional field, one
 * without) written both ways must be the same bytes, or every standing is left to the mapper (a
 * setting that changes the answers' JSON, such as leaving out null fields, then still applies).
 * What it does not write the mapper's way (a double that is not a number, a control character in an
 * id) it also leaves to the mapper.
 */
final class StandingJson {

    private static final Logger log = LoggerFactory.getLogger(StandingJson.class);

    // The fields' names with what goes before them, in the order the mapper writes them.
    private static final byte[] BOARD = JsonBytes.ascii("{\"board\":");
    private static final byte[] CUTOFF = JsonBytes.ascii(",\"snapshotCutoff\":");
    private static final byte[] TAIL_EVENTS = JsonBytes.ascii(",\"tailEvents\":");
    private static final byte[] TOTAL_USERS = JsonBytes.ascii(",\"totalUsers\":");
    private static final byte[] ENTRY = JsonBytes.ascii("{\"rank\":");
    private static final byte[] RANK = JsonBytes.ascii(",\"rank\":");
    private static final byte[] USER = JsonBytes.ascii(",\"user\":");
    private static final byte[] VOTES = JsonBytes.ascii(",\"votes\":");
    private static final byte[] COUNT = JsonBytes.ascii(",\"count\":");
    private static final byte[] MIN = JsonBytes.ascii(",\"min\":");
    private static final byte[] MAX = JsonBytes.ascii(",\"max\":");
    private static final byte[] MEAN = JsonBytes.ascii(",\"mean\":");
    private static final byte[] STDDEV = JsonBytes.ascii(",\"stddev\":");
    private static final byte[] VOTERS = JsonBytes.ascii(",\"distinctVoters\":");
    private static final byte[] AROUND = JsonBytes.ascii(",\"around\":[");
    private static final byte[] PERIOD_START = JsonBytes.ascii("],\"periodStart\":");
    private static final byte[] AS_OF = JsonBytes.ascii(",\"asOf\":");
    private static final byte[] STALENESS = JsonBytes.ascii(",\"stalenessMillis\":");
    private static final byte[] SCORE = JsonBytes.ascii(",\"score\":");
    private static final byte[] SCORE_KIND = JsonBytes.ascii(",\"scoreKind\":");
    private static final byte[] COMMA = JsonBytes.ascii(",");
    private static final byte[] END = JsonBytes.ascii("}");
    private static final byte[] NULL = JsonBytes.ascii("null");

    private final ObjectMapper json;

    /**
     * The last snapshot cutoff written, with its JSON: every standing of a board's version has the
     * same, and formatting a time was a tenth of writing a standing.
     */
    private volatile Cutoff lastCutoff = new Cutoff(null, NULL);

    private final boolean sameAsMapper;

    StandingJson(ObjectMapper json) {
        this.json = json;
        this.sameAsMapper = sameAsMapper();
    }

    /** The standing's JSON as UTF-8 bytes. */
    byte[] write(UserStanding standing) throws JsonProcessingException {
        if (sameAsMapper) {
            byte[] bytes = written(standing);
            if (bytes != null) {
                return bytes;
            }
        }
        return json.writeValueAsBytes(standing);
    }

    /** Whether this writer writes the probes as the mapper does (it is used only then). */
    boolean writesAsMapper() {
        return sameAsMapper;
    }

    private boolean sameAsMapper() {
        LeaderboardEntry entry =
                new LeaderboardEntry(3, "ü\"\\/😀 id", -7, 2, -9, 12, 1.5, 0.1, 4, 12);
        Instant cutoff = Instant.parse("2026-12-05T10:00:00.123456789Z");
        List<UserStanding> probes =
                List.of(
                        new UserStanding(
                                "b",
                                cutoff,
                                1,
                                2,
                                3,
                                "ü\"\\/😀 id",
                                -7,
                                2,
                                -9,
                                12,
                                1.5,
                                0.1,
                                4,
                                List.of(entry, entry),
                                Instant.EPOCH,
                                cutoff,
                                250L,
                                12,
                                ScoreKind.BEST),
                        new UserStanding(
                                "b",
                                null,
                                0,
                                1,
                                1,
                                "u",
                                0,
                                0,
                                0,
                                0,
                                0.0,
                                0.0,
                                0,
                                List.of(),
                                null,
                                null,
                                null,
                                0,
                                ScoreKind.SUM));
        try {
            for (UserStanding probe : probes) {
                if (!Arrays.equals(written(probe), json.writeValueAsBytes(probe))) {
                    log.warn(
                            "A standing's JSON differs from the answers' mapper's: standings are"
                                    + " written by the mapper");
                    return false;
                }
            }
            return true;
        } catch (JsonProcessingException e) {
            return false;
        }
    }

    /** The standing's JSON, or null if this writer does not write it as the mapper would. */
    private byte[] written(UserStanding s) {
        JsonBytes out = new JsonBytes(400 + 260 * s.around().size());
        out.raw(BOARD).string(s.board());
        out.raw(CUTOFF).raw(cutoff(s.snapshotCutoff()));
        out.raw(TAIL_EVENTS).number(s.tailEvents());
        out.raw(TOTAL_USERS).number(s.totalUsers());
        out.raw(RANK).number(s.rank());
        out.raw(USER).string(s.user());
        tally(out, s.votes(), s.count(), s.min(), s.max(), s.mean(), s.stddev());
        out.raw(VOTERS).number(s.distinctVoters());
        out.raw(AROUND);
        for (int i = 0; i < s.around().size(); i++) {
            entry(i == 0 ? out : out.raw(COMMA), s.around().get(i));
        }
        out.raw(PERIOD_START).instant(s.periodStart());
        out.raw(AS_OF).instant(s.asOf());
        out.raw(STALENESS);
        if (s.stalenessMillis() == null) {
            out.raw(NULL);
        } else {
            out.number(s.stalenessMillis());
        }
        out.raw(SCORE).number(s.score());
        out.raw(SCORE_KIND).string(s.scoreKind() == null ? null : s.scoreKind().name());
        return out.raw(END).bytes();
    }

    private byte[] cutoff(Instant at) {
        Cutoff last = lastCutoff;
        if (!Objects.equals(last.at(), at)) {
            last = new Cutoff(at, new JsonBytes(40).instant(at).bytes());
            lastCutoff = last;
        }
        return last.json();
    }

    private record Cutoff(Instant at, byte[] json) {}

    private static void entry(JsonBytes out, LeaderboardEntry e) {
        out.raw(ENTRY).number(e.rank());
        out.raw(USER).string(e.user());
        tally(out, e.votes(), e.count(), e.min(), e.max(), e.mean(), e.stddev());
        out.raw(VOTERS).number(e.distinctVoters());
        out.raw(SCORE).number(e.score()).raw(END);
    }

    private static void tally(
            JsonBytes out, long votes, long count, long min, long max, double mean, double stddev) {
        out.raw(VOTES).number(votes);
        out.raw(COUNT).number(count);
        out.raw(MIN).number(min);
        out.raw(MAX).number(max);
        out.raw(MEAN).number(mean);
        out.raw(STDDEV).number(stddev);
    }
}
