package org.leaderboard.model.api;

import java.util.UUID;

/**
 * Record one vote. {@code voteId} is a timeuuid; the web layer fills it when the client sent none.
 */
public record CastVoteCommand(String board, UUID voteId, String user, String voter, int votes) {}
