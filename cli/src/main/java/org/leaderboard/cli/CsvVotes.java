package org.leaderboard.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Votes in CSV (RFC 4180 quoting, one record per line): a header naming the columns, in any order,
 * out of user, voter, votes, time and voteId (the first three required). Unknown columns are
 * refused rather than ignored, so that a misspelt {@code voteid} or {@code tme} cannot silently
 * change which votes are sent.
 */
final class CsvVotes {

    private final Map<String, Integer> columns;

    /** Reads the header (line 1); throws naming the column at fault. */
    CsvVotes(String header) {
        this.columns =
                columns(fields(1, header.startsWith("\uFEFF") ? header.substring(1) : header));
    }

    VoteRow row(long line, String text) {
        List<String> fields = fields(line, text);
        if (fields.size() != columns.size()) {
            throw new BadLineException(
                    line,
                    null,
                    "has "
                            + fields.size()
                            + " fields; the header has "
                            + columns.size()
                            + " ("
                            + String.join(",", columns.keySet())
                            + ")");
        }
        return VoteFields.row(
                line,
                text,
                field(fields, VoteFields.USER),
                field(fields, VoteFields.VOTER),
                field(fields, VoteFields.VOTES),
                field(fields, VoteFields.TIME),
                field(fields, VoteFields.VOTE_ID));
    }

    private String field(List<String> fields, String name) {
        Integer column = columns.get(name);
        return column == null ? null : fields.get(column);
    }

    private static Map<String, Integer> columns(List<String> header) {
        Map<String, String> known = new HashMap<>();
        VoteFields.ALL.forEach(name -> known.put(name.toLowerCase(Locale.ROOT), name));
        Map<String, Integer> columns = new java.util.LinkedHashMap<>();
        for (int i = 0; i < header.size(); i++) {
            String name = known.get(header.get(i).toLowerCase(Locale.ROOT));
            if (name == null) {
                throw new BadLineException(
                        1, header.get(i), "unknown column; the columns are " + VoteFields.ALL);
            }
            if (columns.put(name, i) != null) {
                throw new BadLineException(1, name, "appears twice in the header");
            }
        }
        for (String required : VoteFields.REQUIRED) {
            if (!columns.containsKey(required)) {
                throw new BadLineException(
                        1, required, "missing from the header (user,voter,votes are required)");
            }
        }
        return columns;
    }

    /** The fields of one line: unquoted ones trimmed, quoted ones as written with "" as ". */
    static List<String> fields(long line, String text) {
        List<String> fields = new ArrayList<>();
        int at = 0;
        while (true) {
            at = skipSpaces(text, at);
            if (at < text.length() && text.charAt(at) == '"') {
                StringBuilder field = new StringBuilder();
                at = skipSpaces(text, quoted(line, text, at + 1, field));
                if (at < text.length() && text.charAt(at) != ',') {
                    throw new BadLineException(
                            line, null, "text after a closing quote at column " + (at + 1));
                }
                fields.add(field.toString());
            } else {
                int end = text.indexOf(',', at);
                end = end < 0 ? text.length() : end;
                fields.add(text.substring(at, end).strip());
                at = end;
            }
            if (at >= text.length()) {
                return fields;
            }
            at++; // the comma
        }
    }

    private static int quoted(long line, String text, int at, StringBuilder field) {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '"' && at + 1 < text.length() && text.charAt(at + 1) == '"') {
                field.append('"');
                at += 2;
            } else if (c == '"') {
                return at + 1;
            } else {
                field.append(c);
                at++;
            }
        }
        throw new BadLineException(
                line, null, "a quoted field is not closed (a field cannot span lines)");
    }

    private static int skipSpaces(String text, int at) {
        while (at < text.length() && text.charAt(at) == ' ') {
            at++;
        }
        return at;
    }
}
