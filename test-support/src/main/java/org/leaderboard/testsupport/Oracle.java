package org.leaderboard.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the leaderboard must show, computed the naive way: every vote a writer accepted (answered
 * 202, RECORDED or ALREADY_RECORDED), once per voteId, summed per user, sorted, ranked.
 * Deliberately shares no code with the system under test. The system tests and the fault tests
 * check against this one oracle.
 */
public final class Oracle {

    /** One vote as a client sends it; {@code voteId} is the client's, reused on every retry. */
    public record Vote(UUID voteId, String board, String user, String voter, int votes) {

        /** The body of {@code POST /boards/{board}/votes}. */
        public Map<String, Object> body() {
            return Map.of(
                    "voteId", voteId.toString(), "user", user, "voter", voter, "votes", votes);
        }
    }

    public record Row(long rank, String user, long votes, long count, long min, long max) {

        /** The rows of a leaderboard answer's {@code entries}, as the query service shows them. */
        public static List<Row> of(JsonNode entries) {
            List<Row> rows = new ArrayList<>();
            entries.forEach(
                    e ->
                            rows.add(
                                    new Row(
                                            e.get("rank").asLong(),
                                            e.get("user").asText(),
                                            e.get("votes").asLong(),
                                            e.get("count").asLong(),
                                            e.get("min").asLong(),
                                            e.get("max").asLong())));
            return rows;
        }
    }

    private final Map<UUID, Vote> accepted = new ConcurrentHashMap<>();

    public void accept(Vote vote) {
        accepted.put(vote.voteId(), vote);
    }

    public int acceptedVotes() {
        return accepted.size();
    }

    public boolean isAccepted(UUID voteId) {
        return accepted.containsKey(voteId);
    }

    public List<Row> leaderboard(String board) {
        Map<String, long[]> byUser = new HashMap<>(); // sum, count, min, max
        for (Vote vote : accepted.values()) {
            if (vote.board().equals(board)) {
                long[] t =
                        byUser.computeIfAbsent(
                                vote.user(),
                                u -> new long[] {0, 0, Long.MAX_VALUE, Long.MIN_VALUE});
                t[0] += vote.votes();
                t[1]++;
                t[2] = Math.min(t[2], vote.votes());
                t[3] = Math.max(t[3], vote.votes());
            }
        }
        List<Map.Entry<String, long[]>> sorted = new ArrayList<>(byUser.entrySet());
        sorted.sort(
                Comparator.<Map.Entry<String, long[]>>comparingLong(e -> -e.getValue()[0])
                        .thenComparing(Map.Entry::getKey));
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            long[] t = sorted.get(i).getValue();
            long rank = i > 0 && t[0] == rows.get(i - 1).votes() ? rows.get(i - 1).rank() : i + 1;
            rows.add(new Row(rank, sorted.get(i).getKey(), t[0], t[1], t[2], t[3]));
        }
        return rows;
    }
}
