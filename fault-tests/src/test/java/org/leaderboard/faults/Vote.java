package org.leaderboard.faults;

import java.util.Map;
import java.util.UUID;

/** One vote as a client sends it; {@code voteId} is the client's, reused on every retry. */
record Vote(UUID voteId, String board, String user, String voter, int votes) {

    Map<String, Object> body() {
        return Map.of("voteId", voteId.toString(), "user", user, "voter", voter, "votes", votes);
    }
}
