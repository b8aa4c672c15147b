package org.leaderboard.cli;

/** A line of an import file that cannot be read: names the line, the field and the problem. */
final class BadLineException extends RuntimeException {

    BadLineException(long line, String field, String problem) {
        super("line " + line + (field == null ? "" : ", field '" + field + "'") + ": " + problem);
    }
}
