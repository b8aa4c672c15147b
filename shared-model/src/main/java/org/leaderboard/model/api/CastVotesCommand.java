package org.leaderboard.model.api;

import java.util.List;

/** Record many votes of one board in one request; each vote is accepted or refused on its own. */
public record CastVotesCommand(String board, List<CastVoteCommand> votes) {}
