package org.leaderboard.cli;

import java.time.Instant;
import java.util.UUID;

/**
 * One vote read from an import file: {@code line} is its line number in the file (1-based, the CSV
 * header being line 1), {@code text} the line as written. {@code time} and {@code voteId} are null
 * when the file does not give them.
 */
record VoteRow(
        long line, String text, String user, String voter, int votes, Instant time, UUID voteId) {}
