package org.leaderboard.query.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.query.query.SharedEntries;

/**
 * A bounded-staleness page's JSON, written once per page of a view: every answer from the view's
 * page is the same page with a new {@code stalenessMillis}, so the bytes before and after that
 * number are kept with the page's entries and only the number is written anew. Writing the answer
 * with the object mapper copied the page's entries (kept as bytes) twice, into the writer's
 * segments and out of them, a tenth of such an answer's CPU in a profile with the rest of the
 * mapper's work. The kept bytes are the mapper's own (the page written with staleness 0 and 1,
 * split where the two differ), so an answer is the mapper's answer byte for byte.
 */
final class StalePageJson {

    private final ObjectMapper json;

    StalePageJson(ObjectMapper json) {
        this.json = json;
    }

    /** The answer's JSON as UTF-8 bytes. */
    byte[] write(Leaderboard answer) throws JsonProcessingException {
        if (answer.stalenessMillis() == null
                || !(answer.entries() instanceof SharedEntries entries)) {
            return json.writeValueAsBytes(answer);
        }
        Leaderboard page = answer.withStalenessMillis(0);
        Split split;
        if (entries.answerJson() instanceof Split kept && kept.page().equals(page)) {
            split = kept;
        } else {
            split = split(page);
            if (split == null) {
                return json.writeValueAsBytes(answer);
            }
            entries.answerJson(split);
        }
        byte[] staleness =
                Long.toString(answer.stalenessMillis()).getBytes(StandardCharsets.ISO_8859_1);
        byte[] bytes = new byte[split.before().length + staleness.length + split.after().length];
        System.arraycopy(split.before(), 0, bytes, 0, split.before().length);
        System.arraycopy(staleness, 0, bytes, split.before().length, staleness.length);
        System.arraycopy(
                split.after(),
                0,
                bytes,
                split.before().length + staleness.length,
                split.after().length);
        return bytes;
    }

    /** The page's JSON around its staleness, or null if the mapper writes it some other way. */
    private Split split(Leaderboard page) throws JsonProcessingException {
        byte[] zero = json.writeValueAsBytes(page);
        byte[] one = json.writeValueAsBytes(page.withStalenessMillis(1));
        int at = Arrays.mismatch(zero, one);
        if (at < 0
                || zero.length != one.length
                || zero[at] != '0'
                || one[at] != '1'
                || Arrays.mismatch(zero, at + 1, zero.length, one, at + 1, one.length) >= 0) {
            return null;
        }
        return new Split(
                page,
                Arrays.copyOfRange(zero, 0, at),
                Arrays.copyOfRange(zero, at + 1, zero.length));
    }

    /** A page (with staleness 0) and its JSON before and after the staleness. */
    private record Split(Leaderboard page, byte[] before, byte[] after) {}
}
