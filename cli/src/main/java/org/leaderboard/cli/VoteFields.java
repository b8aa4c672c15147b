package org.leaderboard.cli;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.UUID;
import org.leaderboard.model.board.Ids;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.time.TimeUuids;

/**
 * The checks both file formats apply to a vote's fields, as the writer would, so that a bad line is
 * reported with its line number before anything is sent.
 */
final class VoteFields {

    static final String USER = "user";
    static final String VOTER = "voter";
    static final String VOTES = "votes";
    static final String TIME = "time";
    static final String VOTE_ID = "voteId";
    static final List<String> ALL = List.of(USER, VOTER, VOTES, TIME, VOTE_ID);
    static final List<String> REQUIRED = List.of(USER, VOTER, VOTES);

    /** The writer's limit on one vote's weight. */
    static final int MAX_ABS_VOTES = 1_000_000_000;

    private VoteFields() {}

    /** A vote from its fields as text; {@code time} and {@code voteId} may be null or empty. */
    static VoteRow row(
            long line,
            String text,
            String user,
            String voter,
            String votes,
            String time,
            String voteId) {
        return new VoteRow(
                line,
                text,
                id(line, USER, user),
                id(line, VOTER, voter),
                votes(line, votes),
                time(line, time),
                voteId(line, voteId));
    }

    private static String id(long line, String field, String value) {
        try {
            return Ids.requireId(field, value);
        } catch (InvalidInputException e) {
            throw new BadLineException(line, field, e.getMessage().substring(field.length() + 2));
        }
    }

    private static int votes(long line, String value) {
        if (value == null || value.isEmpty()) {
            throw new BadLineException(line, VOTES, "is required");
        }
        long votes;
        try {
            votes = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new BadLineException(line, VOTES, "'" + value + "' is not a whole number");
        }
        // 0 is left to the writer: a SUM board refuses it, a game board (BEST, LOWEST, COUNT)
        // takes it as a score, and the file does not say which board it is for.
        if (Math.abs(votes) > MAX_ABS_VOTES) {
            throw new BadLineException(
                    line,
                    VOTES,
                    "is " + value + "; it must be from -" + MAX_ABS_VOTES + " to " + MAX_ABS_VOTES);
        }
        return (int) votes;
    }

    private static Instant time(long line, String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw new BadLineException(
                    line,
                    TIME,
                    "'"
                            + value
                            + "' is not an ISO-8601 date-time with offset, e.g. 2026-11-21T10:15:30Z");
        }
    }

    private static UUID voteId(long line, String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        UUID id;
        try {
            id = UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            throw new BadLineException(line, VOTE_ID, "'" + value + "' is not a UUID");
        }
        if (!TimeUuids.isTimeUuid(id)) {
            throw new BadLineException(
                    line, VOTE_ID, "'" + value + "' is not a version-1 timeuuid (the vote's time)");
        }
        return id;
    }
}
