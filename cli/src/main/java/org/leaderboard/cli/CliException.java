package org.leaderboard.cli;

/** A failure to report to the operator in one line, without a stack trace; exit code 1. */
final class CliException extends RuntimeException {

    CliException(String message) {
        super(message);
    }
}
