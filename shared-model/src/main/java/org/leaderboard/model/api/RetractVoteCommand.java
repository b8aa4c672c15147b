package org.leaderboard.model.api;

import java.util.UUID;

/** Retract vote {@code voteId} of {@code board}: append its compensating event (invariant 9). */
public record RetractVoteCommand(String board, UUID voteId) {}
