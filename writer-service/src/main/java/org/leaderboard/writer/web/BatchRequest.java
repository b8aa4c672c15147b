package org.leaderboard.writer.web;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** {@code {"votes":[{...},{...}]}}; each vote is read on its own by {@link VoteRequestParser}. */
record BatchRequest(List<JsonNode> votes) {}
