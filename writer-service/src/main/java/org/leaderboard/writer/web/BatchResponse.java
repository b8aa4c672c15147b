package org.leaderboard.writer.web;

import java.util.List;
import org.leaderboard.model.api.VoteResult;

/** One result per vote of the request, in the request's order. */
record BatchResponse(List<VoteResult> results) {}
