package org.leaderboard.model.board;

import java.util.regex.Pattern;

/**
 * Validation of the ids people type: boards appear in URLs, users and voters in answers and logs.
 * Board ids are URL-safe ASCII; user and voter ids may be any printable Unicode, but never control
 * or invisible format characters, never blank and never longer than {@link #MAX_ID_LENGTH}.
 */
public final class Ids {

    public static final int MAX_BOARD_LENGTH = 64;
    public static final int MAX_ID_LENGTH = 128;
    private static final Pattern BOARD = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private Ids() {}

    public static String requireBoard(String field, String board) {
        requirePresent(field, board);
        if (board.length() > MAX_BOARD_LENGTH) {
            throw new InvalidInputException(
                    field,
                    "is "
                            + board.length()
                            + " characters long; at most "
                            + MAX_BOARD_LENGTH
                            + " allowed");
        }
        if (!BOARD.matcher(board).matches()) {
            throw new InvalidInputException(
                    field,
                    "'"
                            + printable(board)
                            + "' is not a board id: use letters, digits, '.', '_' and '-',"
                            + " starting with a letter or digit");
        }
        return board;
    }

    /** A user or voter id: 1-128 characters, no control characters, not only white space. */
    public static String requireId(String field, String id) {
        requirePresent(field, id);
        int length = id.codePointCount(0, id.length());
        if (length > MAX_ID_LENGTH) {
            throw new InvalidInputException(
                    field,
                    "is " + length + " characters long; at most " + MAX_ID_LENGTH + " allowed");
        }
        // isBlank alone lets through ids of only no-break or other Unicode spaces (U+00A0, U+2007).
        if (id.codePoints()
                .allMatch(cp -> Character.isWhitespace(cp) || Character.isSpaceChar(cp))) {
            throw new InvalidInputException(field, "must not be blank");
        }
        id.codePoints()
                .filter(Ids::isForbidden)
                .findFirst()
                .ifPresent(
                        cp -> {
                            throw new InvalidInputException(
                                    field,
                                    String.format(
                                            "contains the control character U+%04X, which ids may not hold",
                                            cp));
                        });
        return id;
    }

    private static void requirePresent(String field, String value) {
        if (value == null || value.isEmpty()) {
            throw new InvalidInputException(field, "is required");
        }
    }

    private static boolean isForbidden(int codePoint) {
        int type = Character.getType(codePoint);
        return type == Character.CONTROL
                || type == Character.FORMAT
                || type == Character.SURROGATE
                || type == Character.UNASSIGNED
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR;
    }

    static String printable(String value) {
        String shown = value.length() > 40 ? value.substring(0, 40) + "..." : value;
        return shown.codePoints()
                .collect(
                        StringBuilder::new,
                        (sb, cp) ->
                                sb.append(
                                        isForbidden(cp)
                                                ? String.format("\\u%04X", cp)
                                                : Character.toString(cp)),
                        StringBuilder::append)
                .toString();
    }
}
