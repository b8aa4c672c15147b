package org.leaderboard.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Iterator;

/**
 * Votes in JSON lines: one object a line with the fields user, voter, votes and optionally time and
 * voteId. Unknown fields are refused, as in the CSV header.
 */
final class JsonLinesVotes {

    private final ObjectMapper json;

    JsonLinesVotes(ObjectMapper json) {
        this.json = json;
    }

    VoteRow row(long line, String text) {
        JsonNode vote = parse(line, text);
        for (Iterator<String> names = vote.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!VoteFields.ALL.contains(name)) {
                throw new BadLineException(
                        line, name, "unknown field; the fields are " + VoteFields.ALL);
            }
        }
        return VoteFields.row(
                line,
                text,
                text(line, vote, VoteFields.USER),
                text(line, vote, VoteFields.VOTER),
                votes(line, vote.get(VoteFields.VOTES)),
                text(line, vote, VoteFields.TIME),
                text(line, vote, VoteFields.VOTE_ID));
    }

    private JsonNode parse(long line, String text) {
        JsonNode vote;
        try {
            vote = json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new BadLineException(line, null, "not JSON: " + e.getOriginalMessage());
        }
        if (vote == null || !vote.isObject()) {
            throw new BadLineException(
                    line,
                    null,
                    "must be a JSON object like {\"user\":\"u1\",\"voter\":\"v9\",\"votes\":1}");
        }
        return vote;
    }

    private static String text(long line, JsonNode vote, String field) {
        JsonNode node = vote.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw new BadLineException(line, field, "must be a string, not " + node);
        }
        return node.asText();
    }

    private static String votes(long line, JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw new BadLineException(
                    line, VoteFields.VOTES, "must be a whole number, not " + node);
        }
        return node.asText();
    }
}
