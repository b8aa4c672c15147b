package org.leaderboard.cli;

/** Writing CSV fields (RFC 4180). */
final class Csv {

    private Csv() {}

    /**
     * The value as one field: quoted when it holds a comma, a quote or a line break, or starts or
     * ends with white space (unquoted fields are read trimmed).
     */
    static String quote(String value) {
        if (value == null) {
            return "";
        }
        boolean plain =
                value.equals(value.strip())
                        && value.chars()
                                .noneMatch(c -> c == ',' || c == '"' || c == '\n' || c == '\r');
        if (plain) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }
}
