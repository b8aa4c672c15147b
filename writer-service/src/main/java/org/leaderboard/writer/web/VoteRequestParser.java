package org.leaderboard.writer.web;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.leaderboard.model.api.CastVoteCommand;
import org.leaderboard.model.board.Ids;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.time.TimeUuids;

/**
 * Turns one vote's JSON into a {@link CastVoteCommand}, or says which field is wrong and why.
 *
 * <p>Votes are read from the JSON tree rather than bound to a record so that a batch can refuse a
 * single malformed vote (a string where a number belongs) with the same words the single-vote
 * endpoint would use, instead of failing the whole request.
 */
final class VoteRequestParser {

    static final int MAX_ABS_VOTES = 1_000_000_000;
    static final List<String> FIELDS = List.of("voteId", "user", "voter", "votes");

    /** Only the canonical 8-4-4-4-12 form: UUID.fromString alone also accepts "1-2-3-4-5". */
    private static final Pattern UUID_TEXT =
            Pattern.compile(
                    "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private static final BigInteger MAX = BigInteger.valueOf(MAX_ABS_VOTES);

    private final Supplier<UUID> newVoteId;

    /** {@code newVoteId} names votes sent without an id. */
    VoteRequestParser(Supplier<UUID> newVoteId) {
        this.newVoteId = newVoteId;
    }

    /** A vote of a SUM board (the default), where a vote of 0 is refused. */
    ParsedVote parse(String board, JsonNode vote) {
        return parse(board, vote, ScoreKind.SUM);
    }

    /**
     * A vote of a board that scores by {@code score}: only a SUM board refuses 0, a vote that would
     * change nothing there, while on a game board 0 is a real score (see {@link
     * ScoreKind#takesZero}).
     */
    ParsedVote parse(String board, JsonNode vote, ScoreKind score) {
        UUID voteId = null;
        try {
            requireObject(vote);
            voteId = voteId(vote.get("voteId"));
            String user = Ids.requireId("user", text("user", vote.get("user")));
            String voter = Ids.requireId("voter", text("voter", vote.get("voter")));
            int votes = votes(vote.get("votes"), score);
            UUID id = voteId != null ? voteId : newVoteId.get();
            return new ParsedVote.Valid(new CastVoteCommand(board, id, user, voter, votes));
        } catch (InvalidInputException e) {
            return new ParsedVote.Invalid(voteId, e);
        }
    }

    private static void requireObject(JsonNode vote) {
        if (vote == null || !vote.isObject()) {
            throw new InvalidInputException(
                    "body",
                    "must be a JSON object like {\"user\":\"u1\",\"voter\":\"v9\",\"votes\":1}, not "
                            + describe(vote));
        }
        for (Iterator<String> names = vote.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new InvalidInputException(
                        name,
                        "is not a field of a vote; the fields are " + String.join(", ", FIELDS));
            }
        }
    }

    private static UUID voteId(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw new InvalidInputException(
                    "voteId", "must be a string holding a timeuuid, not " + describe(node));
        }
        String text = node.textValue();
        if (!UUID_TEXT.matcher(text).matches()) {
            throw new InvalidInputException("voteId", "'" + shown(text) + "' is not a UUID");
        }
        UUID voteId = UUID.fromString(text);
        if (voteId.version() != 1) {
            throw new InvalidInputException(
                    "voteId",
                    "'"
                            + text
                            + "' is a version-"
                            + voteId.version()
                            + " UUID; it must be a time-based version-1 UUID (a timeuuid)");
        }
        if (!TimeUuids.isTimeUuid(voteId)) {
            throw new InvalidInputException(
                    "voteId",
                    "'"
                            + text
                            + "' has UUID variant "
                            + voteId.variant()
                            + "; a time-based version-1 UUID (a timeuuid) has variant 2");
        }
        return voteId;
    }

    private static String text(String field, JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw new InvalidInputException(field, "must be a string, not " + describe(node));
        }
        return node.textValue();
    }

    private static int votes(JsonNode node, ScoreKind score) {
        if (node == null || node.isNull()) {
            throw new InvalidInputException("votes", "is required");
        }
        if (!node.isNumber()) {
            throw new InvalidInputException(
                    "votes", "must be a whole number, not " + describe(node));
        }
        if (!node.isIntegralNumber()) {
            throw new InvalidInputException(
                    "votes", "is " + node.asText() + "; it must be a whole number");
        }
        BigInteger votes = node.bigIntegerValue();
        if (votes.signum() == 0 && !score.takesZero()) {
            throw new InvalidInputException(
                    "votes",
                    "must not be 0 (a vote adds or, when negative, takes away; boards with score"
                            + " BEST, LOWEST or COUNT take 0)");
        }
        if (votes.abs().compareTo(MAX) > 0) {
            throw new InvalidInputException(
                    "votes",
                    "is "
                            + votes
                            + "; it must be between -"
                            + MAX_ABS_VOTES
                            + " and "
                            + MAX_ABS_VOTES);
        }
        return votes.intValueExact();
    }

    private static String describe(JsonNode node) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            return "null";
        }
        return switch (node.getNodeType()) {
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            default -> node.getNodeType().name().toLowerCase();
        };
    }

    /** Echoes what the client sent, cut short and with control characters masked. */
    private static String shown(String text) {
        String shown = text.length() > 40 ? text.substring(0, 40) + "..." : text;
        return shown.replaceAll("\\p{Cntrl}", "?");
    }
}
